#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The key conversions of `JSONDecoder`'s `.convertFromSnakeCase` and `JSONEncoder`'s
/// `.convertToSnakeCase`, asked of Foundation itself so the generator can never disagree with it.
///
/// With `keys: snakeCase` the decoder converts `owner_id` to `ownerId` *before* comparing with
/// a model's coding keys, so a coding key spelled `owner_id` (or a property `ownerID`) would never
/// match. The generator therefore uses `fromSnakeCase(wire key)` as the coding key's raw value,
/// and the validator compares fields by that value.
public enum SnakeCaseKeys {
    /// `owner_id` → `ownerId`, as the decoder converts it.
    public static func fromSnakeCase(_ key: String) -> String {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        guard let data = try? JSONEncoder().encode([key: 0]),
              let seen = try? decoder.decode(SeenKey.self, from: data)
        else { return key }
        return seen.key ?? key
    }

    /// `ownerID` → `owner_id`, as the encoder converts it.
    public static func toSnakeCase(_ name: String) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        guard let data = try? encoder.encode(OneKey(key: name)),
              let seen = try? JSONDecoder().decode(SeenKey.self, from: data)
        else { return name }
        return seen.key ?? name
    }

    /// The raw value of a field's coding key: its wire name (`key:`, else the name, which the
    /// encoder of `keys: snakeCase` converts) as the decoder of `keys: snakeCase` converts it.
    public static func codingKey(name: String, key: String?, snakeCase: Bool) -> String {
        guard snakeCase else { return key ?? name }
        return fromSnakeCase(key ?? toSnakeCase(name))
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The one key of an object, after the decoder converted it.
    private struct SeenKey: Decodable {
        let key: String?
        init(from decoder: any Decoder) throws {
            key = try decoder.container(keyedBy: AnyKey.self).allKeys.first?.stringValue
        }
    }

    /// An object with one key, which the encoder converts.
    private struct OneKey: Encodable {
        let key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(0, forKey: AnyKey(stringValue: key))
        }
    }
}
