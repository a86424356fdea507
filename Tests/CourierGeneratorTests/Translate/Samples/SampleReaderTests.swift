import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// The generator's sample reading, offered to other tools (`courier-mock`): the Petstore's real
/// sample files, read and checked as the generated `Samples` file embeds them.
@Suite struct SampleReaderTests {
    private static let petstoreFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PetstoreAPI/petstore.courier.yaml").path

    private func petstore() throws -> [Spec] {
        let loaded = SpecLoader().load(files: [Self.petstoreFile])
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)")
        return loaded.specs
    }

    @Test func everyEndpointsSamplesComeWithStatusHeadersBodyAndFile() throws {
        let reading = SampleReader().read(try petstore())
        #expect(!reading.hasErrors, "\(reading.diagnostics)")
        let getPet = try #require(reading.endpoints.first { $0.endpoint == "getPet" })
        #expect(getPet.responses.map(\.status) == [200, 404])
        #expect(getPet.success?.file == "samples/pet.json")
        #expect(getPet.success?.name == "pet")
        #expect(getPet.success?.headers == [NamedValue(name: "Content-Type", value: "application/json")])
        let missing = try #require(getPet.responses.last)
        #expect(missing.name == "pet-missing")
        #expect(missing.path?.hasSuffix("Sources/PetstoreAPI/samples/pet-missing.json") == true)
        #expect(String(decoding: missing.body ?? Data(), as: UTF8.self).contains("NOT_FOUND"))

        let listPets = try #require(reading.endpoints.first { $0.endpoint == "listPets" })
        #expect(listPets.responses.last?.headers.map(\.name) == ["Content-Type", "Retry-After"])
        // An `Empty` endpoint without a 2xx sample answers 204 with nothing, as in the generated file.
        let deletePet = try #require(reading.endpoints.first { $0.endpoint == "deletePet" })
        #expect(deletePet.responses.map(\.status) == [204])
        #expect(deletePet.responses.first?.headers == [] && deletePet.responses.first?.body == nil)
        #expect(reading.endpoints.first { $0.endpoint == "petExport" }?.responses.isEmpty == true)
    }

    @Test func aSampleThatDoesNotFitIsAnErrorAtItsLine() throws {
        let yaml = """
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            models:
              Item: { id: Int, name: String }
            endpoints:
              getItem:
                get: /items/1
                response: Item
                sample: item.json
            """
        let loaded = SpecLoader().load(source: yaml, file: "/virtual/shop.courier.yaml")
        let reader = SampleReader { path in
            guard path == "/virtual/item.json" else { throw CocoaError(.fileReadNoSuchFile) }
            return Data(#"{"id": "one"}"#.utf8)
        }
        let reading = reader.read(loaded.specs)
        #expect(reading.hasErrors)
        #expect(reading.diagnostics.map(\.description) == [
            #"/virtual/shop.courier.yaml:10:13: error: sample 'item.json' (200) of endpoint 'getItem' does not fit its response Item: at id: expected Int, found "one""#,
            "/virtual/shop.courier.yaml:10:13: error: sample 'item.json' (200) of endpoint 'getItem' does not fit its response Item: at the top level: missing key 'name' of Item",
        ])
    }
}
