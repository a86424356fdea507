import Foundation

/// A JSON value the state keeps: read as `JSONDecoder` reads numbers (integers apart), written
/// with sorted keys.
indirect enum MockJSON: Codable, Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number the decoder reads as a 64-bit integer.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([MockJSON])
    /// An object.
    case object([String: MockJSON])

    /// Reads whichever JSON value the decoder finds.
    init(from decoder: any Decoder) throws {
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
        } else if let value = try? container.decode([MockJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: MockJSON].self))
        }
    }

    /// Writes the value as it is.
    func encode(to encoder: any Encoder) throws {
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

    /// `data` as JSON, or `nil` when it is not.
    static func parse(_ data: Data?) -> MockJSON? {
        guard let data, !data.isEmpty else { return nil }
        return try? JSONDecoder().decode(MockJSON.self, from: data)
    }

    /// The value as JSON bytes, keys sorted.
    var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }

    /// The members of an object; `nil` for anything else.
    var members: [String: MockJSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// An `id` member as the text a path carries it in (`7`, `a1b2`); `nil` without one.
    var idText: String? {
        switch members?["id"] {
        case .integer(let value): String(value)
        case .string(let value): value
        case .number(let value): String(value)
        default: nil
        }
    }

    /// RFC 7396 JSON merge patch: `patch`'s members replace this object's, `null` removes one,
    /// objects merge recursively; a patch that is no object replaces the whole value.
    func merged(with patch: MockJSON) -> MockJSON {
        guard case .object(let changes) = patch else { return patch }
        var result = members ?? [:]
        for (key, value) in changes {
            if value == .null {
                result[key] = nil
            } else {
                result[key] = (result[key] ?? .null).merged(with: value)
            }
        }
        return .object(result)
    }
}
