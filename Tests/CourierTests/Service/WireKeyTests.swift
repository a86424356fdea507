import Courier
import Foundation
import Testing

@Suite("WireKey: the coding key of hand-written model coding")
struct WireKeyTests {
    /// Shaped like a generated model with a default and a renamed key.
    struct Owner: Codable, Hashable, Sendable {
        var ownerID: Int
        var level: Int

        init(ownerID: Int, level: Int = 1) {
            self.ownerID = ownerID
            self.level = level
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            ownerID = try container.read(Int.self, "owner_id")
            level = try container.readIfPresent(Int.self, "level") ?? 1
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.write(ownerID, "owner_id")
            try container.write(level, "level")
        }
    }

    @Test("keys match wire names both ways")
    func roundTrip() throws {
        let owner = try JSONCoding.default.makeDecoder().decode(Owner.self, from: Data(#"{"owner_id":7}"#.utf8))
        #expect(owner == Owner(ownerID: 7, level: 1))
        let data = try JSONCoding.default.makeEncoder().encode(Owner(ownerID: 3, level: 2))
        #expect(String(decoding: data, as: UTF8.self) == #"{"level":2,"owner_id":3}"#)
    }

    @Test("a missing key is reported by its wire name")
    func missingKeyNamesTheWireKey() throws {
        #expect {
            _ = try JSONCoding.default.makeDecoder().decode(Owner.self, from: Data(#"{"level":2}"#.utf8))
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "owner_id" && key.intValue == nil
        }
    }

    @Test("a wrong type inside an array names the index and the key in the coding path")
    func codingPathThroughArrays() throws {
        #expect {
            _ = try JSONCoding.default.makeDecoder().decode([Owner].self, from: Data(#"[{"owner_id":1},{"owner_id":"x"}]"#.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["Index 1", "owner_id"]
        }
    }

    @Test("integer keys spell their digits")
    func integerKeys() {
        #expect(WireKey(intValue: 4).stringValue == "4")
        #expect(WireKey(intValue: 4).intValue == 4)
        let literal: WireKey = "name"
        #expect(literal == WireKey(stringValue: "name"))
        #expect(literal.intValue == nil)
    }
}
