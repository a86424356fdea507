import Foundation
import Testing
@testable import CourierGenerator

/// The generator's snake-case conversions must agree with what JSONDecoder and JSONEncoder do at
/// run time (checked here through independent keyed containers), or models generated for
/// `keys: snakeCase` would not decode.
@Suite struct SnakeCaseKeysTests {
    static let names = ["ownerID", "createdAt", "id", "myURLValue", "URL", "a1b2", "photoURLs", "x"]
    static let wireKeys = ["owner_id", "created_at", "id", "_private", "trailing_", "a__b", "HTTP_status", "last_seen_at", "plain"]

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Records the keys the decoder hands to a keyed container after converting them.
    private struct SeenKeys: Decodable {
        let keys: [String]
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }

    /// Encodes one key through a keyed container so the encoder converts it.
    private struct OneKey: Encodable {
        let key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(1, forKey: AnyKey(stringValue: key))
        }
    }

    @Test(arguments: wireKeys)
    func fromSnakeCaseMatchesJSONDecoder(wireKey: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let seen = try decoder.decode(SeenKeys.self, from: Data(#"{"\#(wireKey)": 1}"#.utf8))
        #expect(seen.keys == [SnakeCaseKeys.fromSnakeCase(wireKey)])
    }

    @Test(arguments: names)
    func toSnakeCaseMatchesJSONEncoder(name: String) throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let object = try JSONSerialization.jsonObject(with: encoder.encode(OneKey(key: name))) as? [String: Int]
        #expect(object?.keys.first == SnakeCaseKeys.toSnakeCase(name))
    }

    @Test func snakeCaseSpecsGetCodingKeysThatSurviveTheConversion() throws {
        let spec = Build.spec(models: [Build.object("Pet", [Build.field("ownerID", "Int"), Build.field("createdAt", "Date")])], keys: "snakeCase")
        let models = try #require(try Rendering.render([spec]).files["petstore.Models.swift"])
        #expect(models.contains(#"case ownerID = "ownerId""#))
        #expect(models.contains("case createdAt\n"), "a name that survives the round trip needs no raw value")
    }
}
