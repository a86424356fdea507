import Foundation
import Testing
@testable import CourierGenerator
import CourierSpec

/// `SnakeCaseKeys` asks Foundation's own coders, so these pin the common cases the generator
/// relies on; the Inventory spec in PetstoreAPI proves the result decodes end to end.
@Suite struct SnakeCaseKeysTests {
    @Test(arguments: [("owner_id", "ownerId"), ("created_at", "createdAt"), ("item_id", "itemId"), ("id", "id")])
    func wireKeysBecomeWhatTheDecoderCompares(wire: String, expected: String) {
        #expect(SnakeCaseKeys.fromSnakeCase(wire) == expected)
    }

    @Test(arguments: [("ownerID", "owner_id"), ("createdAt", "created_at"), ("lastCountedAt", "last_counted_at"), ("id", "id")])
    func propertyNamesBecomeWhatTheEncoderWrites(name: String, expected: String) {
        #expect(SnakeCaseKeys.toSnakeCase(name) == expected)
    }

    @Test func snakeCaseSpecsGetCodingKeysThatSurviveTheConversion() throws {
        let spec = Build.spec(models: [Build.object("Pet", [Build.field("ownerID", "Int"), Build.field("createdAt", "Date")])], keys: .snakeCase)
        let models = try #require(try Rendering.render([spec]).files["petstore.Models.swift"])
        #expect(models.contains(#"case ownerID = "ownerId""#))
        #expect(models.contains("case createdAt\n"), "a name that survives the round trip needs no raw value")
    }

    @Test func snakeCaseSpecsWithHandWrittenCodingUseTheConvertedKey() throws {
        let spec = Build.spec(
            models: [Build.object("Pet", [Build.field("ownerID", "Int", default: Build.scalar("0")), Build.field("name", "String")])],
            keys: .snakeCase)
        let models = try #require(try Rendering.render([spec]).files["petstore.Models.swift"])
        #expect(models.contains(#"try container.readIntIfPresent("ownerId") ?? 0"#))
        #expect(models.contains(#"try container.writeString(self.name, "name")"#))
    }
}
