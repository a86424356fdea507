#if MockServer
@testable import CourierMock
import Courier
import Foundation
import PetstoreAPI
import Testing

/// `--state`: what the generated client creates, replaces, changes and deletes is what later
/// requests of the run see; without it, every request gets the samples.
@Suite struct StateTests {
    @Test func aPostedPetIsFoundListedChangedAndDeleted() async throws {
        let mock = try await MockHarness.start(state: true)
        let petstore = try mock.petstore()
        let bella = try await petstore.createPet(body: .init(name: "Bella", tag: "dog", status: .pending))
        #expect(bella.id == 3, "the next integer after the samples' ids 1 and 2")
        #expect(bella.name == "Bella" && bella.tag == "dog" && bella.status == .pending)
        #expect(bella.ownerID == 7, "members the body lacks come from the success sample")
        let created = try await mock.raw("GET", "/v1/pets/3")
        #expect(created.status == 200)
        #expect(try await petstore.getPet(id: 3) == bella)
        #expect(try await petstore.listPets().map(\.name) == ["Rex", "Tom", "Bella"])
        #expect(try await petstore.getPet(id: 2).name == "Tom", "the list sample's items are there from the start")

        let patched = try await petstore.patchPet(id: 3, body: .init(status: .sold))
        #expect(patched.status == .sold && patched.name == "Bella" && patched.tag == "dog")
        let replaced = try await petstore.updatePet(id: 3, body: .init(name: "Belle"))
        #expect(replaced.id == 3 && replaced.name == "Belle" && replaced.tag == nil && replaced.status == .available)
        #expect(try await petstore.getPet(id: 3).name == "Belle")

        try await petstore.deletePet(id: 3)
        let gone = await courierError { _ = try await petstore.getPet(id: 3) }
        guard case .apiError(let envelope)? = gone?.serviceError(as: Petstore.ServiceError.self)?.body else {
            Issue.record("\(String(describing: gone))")
            return
        }
        #expect(envelope.code == "NOT_FOUND", "the endpoint's 404 sample")
        #expect(try await petstore.listPets().map(\.id) == [1, 2])
        #expect(await courierError { try await petstore.deletePet(id: 3) }?.status?.code == 404)

        // Prefer still answers from the samples and changes nothing.
        let preferred = try await mock.raw("GET", "/v1/pets/3", headers: ["Prefer": "code=200"])
        #expect(preferred.status == 200 && (preferred.json?["name"] as? String) == "Rex")
        let lines = mock.lines.withLock { $0 }
        #expect(lines.contains { $0.hasPrefix("POST /v1/pets 201 createPet state ") }, "\(lines)")
        try await mock.stop()
    }

    @Test func aCreatedPetHasALocationAndKeepsTheIdItWasGiven() async throws {
        let mock = try await MockHarness.start(state: true)
        let posted = try await mock.raw(
            "POST", "/v1/pets", headers: ["Content-Type": "application/json"], body: Data(#"{"name": "Kit"}"#.utf8))
        #expect(posted.status == 201 && posted.headers["location"] == "/v1/pets/3")
        let unknown = try await mock.raw("GET", "/v1/pets/42")
        #expect(unknown.status == 404 && (unknown.json?["code"] as? String) == "NOT_FOUND")
        try await mock.stop()
    }

    @Test func aPostAfterTheLargestIdTakesAFreeOneInsteadOfStopping() async throws {
        let mock = try await MockHarness.start(state: true)
        let json = ["Content-Type": "application/json"]
        let largest = try await mock.raw("PUT", "/v1/pets/9223372036854775807", headers: json, body: Data(#"{"name":"Max"}"#.utf8))
        #expect(largest.status == 200)
        let posted = try await mock.raw("POST", "/v1/pets", headers: json, body: Data(#"{"name":"Kit"}"#.utf8))
        #expect(posted.status == 201)
        #expect(posted.json?["id"] as? Int == 3, "the smallest id not taken: \(posted.json ?? [:])")
        let listed = try await mock.raw("GET", "/v1/pets")
        #expect(listed.status == 200, "the server still answers")
        try await mock.stop()
    }

    @Test func anIdWrittenWithLeadingZerosIsTheSameItem() async throws {
        let mock = try await MockHarness.start(state: true)
        let petstore = try mock.petstore()
        let replaced = try await mock.raw("PUT", "/v1/pets/01", headers: ["Content-Type": "application/json"], body: Data(#"{"name":"Renamed"}"#.utf8))
        #expect(replaced.status == 200)
        #expect(try await petstore.listPets().map(\.id) == [1, 2], "one pet 1, not two")
        #expect(try await petstore.getPet(id: 1).name == "Renamed")
        let patched = try await mock.raw("PATCH", "/v1/pets/002", headers: ["Content-Type": "application/json"], body: Data(#"{"tag":"cat"}"#.utf8))
        #expect(patched.status == 200)
        #expect(try await petstore.getPet(id: 2).tag == "cat")
        try await mock.stop()
    }

    @Test func withoutStateEveryRequestGetsTheSamples() async throws {
        let mock = try await MockHarness.start()
        let petstore = try mock.petstore()
        #expect(try await petstore.createPet(body: .init(name: "Bella")).name == "Rex")
        #expect(try await petstore.getPet(id: 3).name == "Rex")
        #expect(try await petstore.listPets().count == 2)
        try await mock.stop()
    }
}
#endif
