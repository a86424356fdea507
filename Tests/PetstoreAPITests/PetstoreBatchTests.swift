import Courier
import Foundation
import PetstoreAPI
import Testing

extension Result {
    var isSuccess: Bool {
        if case .success = self { true } else { false }
    }
}

/// The generated client runs batches and chains of its factories' requests, attaching the named
/// wares the spec asks for, against the loopback Petstore server.
@Suite struct PetstoreBatchTests {
    @Test func aBatchOfFactoriesGetsTheNamedWaresOfEachEndpoint() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let (pet, created) = try await harness.client.batch(
            Petstore.getPet(id: 1), Petstore.createPet(body: .init(name: "Biscuit", tag: "dog")))
        #expect(pet.id == 1)
        #expect(created.name == "Biscuit")
        let requests = harness.server.server.requests
        let create = try #require(requests.first { $0.method == .post })
        let get = try #require(requests.first { $0.method == .get })
        // createPet names the `signature` ware; getPet does not.
        #expect(create.header("X-Signature")?.hasPrefix("signed:") == true)
        #expect(get.header("X-Signature") == nil)
    }

    @Test func theReadmeBatchesAndChainRunThroughTheGeneratedClient() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let petstore = harness.client
        // The README's examples, as written there.
        let (pet, firstPage) = try await petstore.batch(Petstore.getPet(id: 1), Petstore.listPets(limit: 20))
        #expect(firstPage.contains(pet))
        let (maybePet, maybePage) = await petstore.batchResults(Petstore.getPet(id: 1), Petstore.listPets(limit: 20))
        #expect(try maybePet.get() == pet && maybePage.map(\.count).isSuccess)
        let ids: [Int64] = [2, 1]
        let pets = try await petstore.batch(ids.map { Petstore.getPet(id: $0) }, maxConcurrent: 4)
        #expect(pets.map(\.id) == [2, 1])

        let adopt = Petstore.createPet(body: .init(name: "Pickle")).chain(named: "adopt")
            .then("read back") { created in Petstore.getPet(id: created.id) }
            .then("rename") { created, read in Petstore.updatePet(id: read.id, body: .init(name: "\(created.name) II")) }
        let (created, read, renamed) = try await petstore.run(adopt)
        #expect(read == created)
        #expect(renamed.name == "Pickle II")
        let create = try #require(harness.server.server.requests.first { $0.method == .post })
        #expect(create.header("X-Signature")?.hasPrefix("signed:") == true)
    }

    @Test func aFailingMemberIsNamedAfterItsEndpoint() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let results = await harness.client.batchResults([Petstore.getPet(id: 1), Petstore.getPet(id: 999_999)], maxConcurrent: 2)
        #expect((try? results[0].get())?.id == 1)
        #expect(throws: CourierError.self) { try results[1].get() }
        let error = await #expect(throws: CallGroupFailure.self) {
            _ = try await harness.client.batch([Petstore.getPet(id: 1), Petstore.getPet(id: 999_999)])
        }
        #expect(error?.memberName == "getPet")
        #expect(error?.member == 1)
        #expect((error?.rootCause as? CourierError)?.status?.code == 404)
    }
}
