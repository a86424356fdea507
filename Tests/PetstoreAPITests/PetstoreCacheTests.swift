import Courier
import Foundation
import PetstoreAPI
import PetstoreServer
import Testing

/// The spec's `cache: { policy: localThenRemote, ttl: 5m }` on listPets, end to end.
@Suite struct PetstoreCacheTests {
    @Test func listPetsUpdatesYieldsTheStoredListThenTheNetworksWhenItChanged() async throws {
        let harness = try PetstoreHarness(wares: [HTTPCache()])
        defer { harness.stop() }
        func updates() async throws -> [(count: Int, source: ResponseSource)] {
            var seen: [(Int, ResponseSource)] = []
            for try await response in harness.client.listPetsUpdates() { seen.append((response.value.count, response.source)) }
            return seen
        }
        let first = try await updates()
        #expect(first.map(\.count) == [3] && first.map(\.source) == [.network])
        let unchanged = try await updates()
        #expect(unchanged.map(\.count) == [3], "the network's answer equals the stored one: yielded once")
        #expect(unchanged.first.map { if case .cache = $0.source { true } else { false } } == true)
        _ = try await harness.client.createPet(body: .init(name: "Kiwi II"))
        let changed = try await updates()
        #expect(changed.map(\.count) == [3, 4], "stored first, then the network's new list")
        let listCalls = harness.server.server.requests.filter { $0.method == .get && $0.path == "/v1/pets" }
        #expect(listCalls.count == 3)
    }
}
