/// A JSON value that may be an explicit `null`, for fields a spec declares `nullable: true`.
///
/// Swift's `Optional` cannot tell a missing key from a `null` one; an API that clears a field
/// when it receives `null` (a PATCH removing an issue's milestone) needs both. A field that may be
/// missing *and* null is generated as `Nullable<T>?`: `nil` leaves the key out, `.null` sends
/// `null`, `.value(x)` sends `x`; decoding keeps the same three states, so a `null` that came in
/// goes out again.
///
/// ```swift
/// var update = Hub.IssueUpdate()
/// update.milestone = .null            // {"milestone":null}
/// update.milestone = .value(3)        // {"milestone":3}
/// update.milestone = nil              // {}
/// ```
public enum Nullable<Wrapped> {
    /// An explicit `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or `nil` for ``null``.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// `.value(x)` for `x`, ``null`` for `nil`.
    public init(_ optional: Wrapped?) {
        self = optional.map(Nullable.value) ?? .null
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Decodes `null` as ``null`` and anything else as a ``value(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Encodes ``null`` as `null` and a value as itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}
