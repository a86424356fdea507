/// A coding key spelled as the JSON key on the wire.
///
/// Generated models that write their own `init(from:)` and `encode(to:)` (for defaults and
/// per-field date formats) key their containers with this type instead of a `CodingKeys` enum per
/// model: a nested enum costs the compiler about a fifth of a model's build time. Their field
/// helpers take the wire name as a string, beside the property it fills, and make the key.
///
/// ```swift
/// let container = try decoder.container(keyedBy: WireKey.self)
/// self.ownerID = try container.readInt("owner_id")
/// ```
public struct WireKey: CodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    /// The key as it appears in the JSON object (after the coder's key strategy, if any).
    public let stringValue: String
    /// The index, for keys of unkeyed containers; generated models never use one.
    public let intValue: Int?

    /// A key for a JSON object member.
    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    /// A key for a position, spelled as its decimal digits.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// A key written as a string literal: `forKey: "owner_id"`.
    public init(stringLiteral value: String) {
        self.init(stringValue: value)
    }
}
