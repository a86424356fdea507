import Courier
import CourierTesting
import Foundation
import PetstoreAPI
import PetstoreServer
import Testing

/// The generated models and namespace, without a server: lenient enums, defaults, samples.
@Suite struct PetstoreModelTests {
    @Test func unknownEnumValuesDecodeAndEncodeBack() throws {
        let json = Data(#"{"id":9,"name":"Zed","status":"quarantined","owner_id":1,"created_at":"2024-01-01T00:00:00Z","size":42}"#.utf8)
        let pet = try JSONDecoder().decode(Petstore.Pet.self, from: json)
        #expect(pet.status == .unknown("quarantined"))
        #expect(pet.size == .unknown(42))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(pet), as: UTF8.self)
        #expect(text.contains(#""status":"quarantined""#))
        #expect(text.contains(#""size":42"#))
        #expect(text.contains(#""owner_id":1"#), "renamed keys must be encoded under their wire name")
    }

    @Test func aNumberTheFieldCannotHoldFailsAtThatField() throws {
        // JSONDecoder alone reports `1.5` for an `Int` as "not valid JSON" with no coding path.
        let json = Data(#"{"id":9,"name":"Zed","owner_id":1.5,"created_at":"2024-01-01T00:00:00Z"}"#.utf8)
        do {
            let pet = try JSONDecoder().decode(Petstore.Pet.self, from: json)
            Issue.record("decoded \(pet)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["owner_id"])
            #expect(context.debugDescription.hasPrefix("The value cannot be read as Int:"), "\(context.debugDescription)")
        }
    }

    @Test func environmentsPickBaseURLs() {
        #expect(Petstore.service().baseURL.absoluteString == "https://petstore.example.com/v1")
        #expect(Petstore.service(.staging).baseURL.absoluteString == "https://staging.petstore.example.com/v1")
        #expect(Petstore.service(.local).environments["staging"]?.host == "staging.petstore.example.com")
        #expect(Petstore.service().headers.map(\.name) == ["Accept", "X-Client"])
        #expect(Petstore.service().timeout == .seconds(30))
    }

    @Test func factoriesCarryEndpointOptions() {
        let list = Petstore.listPets()
        #expect(list.cachePolicy == CachePolicy(.localThenRemote, timeToLive: .seconds(300)))
        #expect(list.name == "listPets")
        #expect(Petstore.login(username: "a", password: "b").authentication == .none)
        #expect(Petstore.getPet(id: 1).authentication == .service)
        #expect(Petstore.petExport().authentication == .scheme("apiKey"))
        #expect(Petstore.createPet(body: .init(name: "x")).timeout == .seconds(10))
        #expect(Petstore.endpointWares["createPet"] == ["signature"])
        #expect(Petstore.service().redaction.isSensitive("otp"), "`sensitive: true` in the spec")
        #expect(Petstore.service().redaction.isSensitive("Authorization"), "the standard names stay")
    }

    @Test func samplesStubTheClient() async throws {
        let stub = StubTransport()
        stub.on(.get, "/v1/pets", reply: .response(RawResponse(status: .ok, body: Petstore.listPetsSample)))
        let client = try Client(service: Petstore.service(), transport: stub)
        let pets = try await client.send(Petstore.listPets())
        #expect(pets.map(\.name) == ["Rex", "Tom"])
        #expect(pets.last?.createdAt == Date(timeIntervalSince1970: 1_714_638_600.25))
        // Every endpoint has an entry; `sample:` is its 200 sample, with a content type.
        #expect(Petstore.samples.count == 16)
        let success = try #require(Petstore.samples["listPets"]?.success)
        #expect(success.status == .ok && success.body == Petstore.listPetsSample)
        #expect(success.headers == [HeaderItem(name: "Content-Type", value: "application/json")])
        #expect(Petstore.samples["deletePet"]?.responses.map(\.status) == [.noContent], "Empty answers 204")
    }

    @Test func errorEnvelopeMapsCodesToTypedEvents() throws {
        #expect(Petstore.ErrorEnvelope.codeField == "code")
        let body = Data(#"{"code":"MAINTENANCE","message":"back soon"}"#.utf8)
        let outcome = Petstore.errorMapping.outcome(
            for: RawResponse(status: .serviceUnavailable, body: body), failed: true, decoder: Petstore.service().coding.makeDecoder())
        #expect(outcome.events.compactMap { $0 as? Petstore.Event } == [.serviceUnavailable, .maintenanceMode], "status first, then code")
        let error = try #require(outcome.error as? Petstore.ServiceError)
        guard case .apiError(let envelope) = error.body else { Issue.record("\(error.body)"); return }
        #expect(envelope.message == "back soon")
    }
}

/// A second spec in the same target: snake_case keys and a model shared with the Petstore spec.
@Suite struct InventorySpecTests {
    @Test func snakeCaseKeysAndASharedModelDecode() async throws {
        let server = try PetstoreServer()
        defer { server.stop() }
        let inventory = try InventoryClient(client: Client(
            service: Inventory.service().with(baseURL: server.inventoryBaseURL), transport: URLSessionTransport()))
        let item = try await inventory.stock(petID: 2)
        #expect(item.itemID == 200, "item_id must reach itemID through the snake-case decoder")
        #expect(item.inStock == 3)
        #expect(item.status == Petstore.PetStatus.sold)
        #expect(item.lastCountedAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(Inventory.service().coding.keyStrategy == .snakeCase)
    }

    @Test func nullableDaysKeepNullApartFromMissingInTheirOwnFormat() async throws {
        let server = try PetstoreServer()
        defer { server.stop() }
        let inventory = try InventoryClient(client: Client(
            service: Inventory.service().with(baseURL: server.inventoryBaseURL), transport: URLSessionTransport()))
        let item = try await inventory.stock(petID: 2)
        // 2024-05-20 at midnight UTC, read as a day although the service's dates are ISO 8601 instants.
        #expect(item.restockDueOn == Date(timeIntervalSince1970: 1_716_163_200))
        #expect(item.discontinuedOn == .null)
        let other = try await inventory.stock(petID: 1)
        #expect(other.restockDueOn == nil)
        #expect(other.discontinuedOn == nil)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let sent = String(decoding: try encoder.encode(item), as: UTF8.self)
        #expect(sent.contains(#""2024-05-20""#), "\(sent)")
        #expect(sent.contains(#":null"#), "\(sent)")
        let otherSent = String(decoding: try encoder.encode(other), as: UTF8.self)
        #expect(!otherSent.contains("discontinued"), "a missing key stays missing: \(otherSent)")
    }
}
