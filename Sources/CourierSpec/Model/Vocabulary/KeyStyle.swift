/// How JSON keys relate to field names (`keys:`); the runtime's `JSONCoding.KeyStrategy` has the
/// same cases, which a test keeps equal.
public enum KeyStyle: String, SpecWord {
    /// Keys as the fields are named (renamed ones spell their `key:`), the default.
    case useDefaultKeys
    /// `snake_case` on the wire for `camelCase` fields.
    case snakeCase

    /// `key strategy`.
    public static let kind = "key strategy"
}
