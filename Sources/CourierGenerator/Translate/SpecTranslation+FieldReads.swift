import CourierSpec

/// How generated code reads a field that a spec names for a role (a page's `items:` and
/// `cursor:`, a refresh's token fields, `errors.codeField`).
struct FieldRead: Sendable, Hashable {
    /// The expression after `value.`: the property, with `?.wrapped` for a `Nullable<T>?`.
    var path: String
    /// Whether the expression is an optional (`nil` meaning absent).
    var isOptional: Bool
}

extension SpecTranslation {
    /// Reads `field`, generated as `property`, as a plain value or optional. A
    /// `nullable: true` field is a `T?` (`null` is `nil`) or, when its type is optional too, a
    /// `Nullable<T>?`; the roles only care whether there is a value, so `null` reads as absent
    /// like a missing key, through `?.wrapped`.
    static func read(_ field: Field, property: String) -> FieldRead {
        let optional = field.type.value.isOptional
        guard field.nullable else { return FieldRead(path: property, isOptional: optional) }
        return FieldRead(path: optional ? property + "?.wrapped" : property, isOptional: true)
    }
}
