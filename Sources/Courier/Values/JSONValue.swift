/// Any JSON value, for free-form fields (the spec's `JSON` type).
///
/// Whole numbers that fit 64 bits are held as ``integer(_:)``, so an id such as
/// `9007199254740993` (beyond the 2^53 a `Double` holds exactly) reads and writes back unchanged;
/// other numbers are ``number(_:)``. The two compare and hash by value: `.integer(3)` equals
/// `.number(3)`.
public enum JSONValue: Codable, Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits 64 bits (`42`, `-7`, `9007199254740993`).
    case integer(Int64)
    /// Any other number (`3.5`, `1e300`, a whole number beyond 64 bits).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes whatever JSON value is there; a whole number is tried as 64 bits before `Double`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as it is; an ``integer(_:)`` as its digits, never in exponent form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Whether both are the same JSON value; numbers compare by value, whichever case holds them.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.integer(let whole), .number(let other)), (.number(let other), .integer(let whole)):
            Int64(exactly: other) == whole
        case (.string(let left), .string(let right)): left == right
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }

    /// Hashes the value so that values `==` calls equal hash alike (a whole `number` as the
    /// `integer` it equals).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .integer(let value): hasher.combine(2); hasher.combine(value)
        case .number(let value):
            if let whole = Int64(exactly: value) {
                hasher.combine(2); hasher.combine(whole)
            } else {
                hasher.combine(3); hasher.combine(value)
            }
        case .string(let value): hasher.combine(4); hasher.combine(value)
        case .array(let value): hasher.combine(5); hasher.combine(value)
        case .object(let value): hasher.combine(6); hasher.combine(value)
        }
    }
}
