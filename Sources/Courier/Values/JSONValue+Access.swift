/// Reading what a ``JSONValue`` holds, for free-form fields and a union's `unknown(_:)` case:
/// each accessor is `nil` when the value is of another kind, so lookups chain with `?`.
///
/// ```swift
/// if case .unknown(let raw) = event.actor {
///     let login = raw["login"]?.stringValue          // "octocat", or nil
///     let firstScope = raw["scopes"]?[0]?.stringValue // an array element
///     let kind = raw["type"]?.stringValue ?? "none"   // the discriminator, when sent
/// }
/// ```
extension JSONValue {
    /// The value of `key` in an object; `nil` when the key is missing or this is no object.
    /// A key present with `null` gives ``null``.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` of an array; `nil` when the index is out of range or this is no
    /// array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The text of a string; `nil` for any other kind.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The number as a `Double`, whichever case holds it (a whole number beyond 2^53 is rounded to
    /// the nearest `Double`: read ``int64Value`` for ids); `nil` for any other kind.
    public var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    /// The number when it is whole and fits an `Int64` (`3`, not `3.5`), exactly as sent; `nil`
    /// otherwise.
    public var int64Value: Int64? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The number when it is whole and fits an `Int` (`3`, not `3.5`); `nil` otherwise.
    public var intValue: Int? {
        int64Value.flatMap { Int(exactly: $0) }
    }

    /// `true` or `false`; `nil` for any other kind.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The elements of an array; `nil` for any other kind.
    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// The members of an object; `nil` for any other kind.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }
}
