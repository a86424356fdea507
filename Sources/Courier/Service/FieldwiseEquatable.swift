/// A value whose `==` compares its fields one by one, written out as ``fieldsEqual(_:_:)``.
///
/// Generated models adopt it instead of letting the compiler synthesize `==`: the synthesized body
/// resolves the `==` operator, with its hundreds of overloads, once per field (about a fifth of a
/// model's debug build), and an `==` declared in each generated file would make every file that
/// compares anything depend on every model file, so one changed model would rebuild them all.
/// A named static method has neither cost. `hash(into:)` stays synthesized over the same fields,
/// so equal values hash alike.
///
/// Adopt it in hand-written types only for the same reasons; list every stored property:
///
/// ```swift
/// struct Pet: Hashable, FieldwiseEquatable {
///     var id: Int
///     var name: String
///
///     static func fieldsEqual(_ lhs: Pet, _ rhs: Pet) -> Bool {
///         guard Self.fieldEqual(lhs.id, rhs.id) else { return false }
///         guard Self.fieldEqual(lhs.name, rhs.name) else { return false }
///         return true
///     }
/// }
/// ```
public protocol FieldwiseEquatable: Equatable {
    /// Whether every field of `lhs` equals the same field of `rhs`.
    static func fieldsEqual(_ lhs: Self, _ rhs: Self) -> Bool
}

extension FieldwiseEquatable {
    /// `Equatable` through ``fieldsEqual(_:_:)``.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        fieldsEqual(lhs, rhs)
    }

    /// Whether two values of one field are equal: `==` behind a name that needs no operator lookup.
    @inlinable
    public static func fieldEqual<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
        lhs == rhs
    }
}
