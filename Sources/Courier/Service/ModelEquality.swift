/// Field-by-field equality for generated models.
///
/// Generated structs write `==` as one `guard ModelEquality.equal(lhs.field, rhs.field)` per
/// stored property instead of letting the compiler synthesize it: the synthesized body resolves the
/// `==` operator, with its hundreds of overloads, once per field, and that was about a fifth of a
/// model's debug build time. `hash(into:)` stays synthesized and covers the same fields, so equal
/// values hash alike.
///
/// ```swift
/// public static func == (lhs: Pet, rhs: Pet) -> Bool {
///     guard ModelEquality.equal(lhs.id, rhs.id) else { return false }
///     guard ModelEquality.equal(lhs.name, rhs.name) else { return false }
///     return true
/// }
/// ```
public enum ModelEquality {
    /// Whether `lhs == rhs`; inlinable, so optimized builds compare the concrete type directly.
    @inlinable
    public static func equal<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
        lhs == rhs
    }
}
