import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("HTTPCache partitions: users never see each other's answers")
struct CachePartitionTests {
    @Test("two users asking for the same URL each get their own answer; wiping a partition empties memory and disk")
    func twoUsers() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = HybridCacheStore(disk: DiskCacheStore(directory: directory))
        let cache = HTTPCache(store: store)
        let client = try cachingClient(server, cache, clock: ManualClock())

        cache.partition = "ada"
        #expect(try await client.send(item(token: "ada-token")).user == "Bearer ada-token")
        cache.partition = "bob"
        #expect(try await client.send(item(token: "bob-token")).user == "Bearer bob-token")
        #expect(try await client.response(for: item(token: "bob-token")).source == .cache(age: .zero))
        cache.partition = "ada"
        let ada = try await client.response(for: item(token: "ada-token-refreshed"))
        #expect(ada.value.user == "Bearer ada-token", "a refreshed token keeps ada's cache")
        #expect(ada.source == .cache(age: .zero))
        #expect(server.hits == 2)
        #expect(store.memory.usage.entries == 2)
        #expect(store.disk.usage.entries == 2)

        await cache.wipe(partition: "ada")
        #expect(store.memory.usage.entries == 1)
        #expect(store.disk.usage.entries == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        #expect(try await client.response(for: item(token: "ada-token")).source == .network)
        cache.partition = "bob"
        #expect(try await client.response(for: item(token: "bob-token")).source == .cache(age: .zero))
    }

    @Test("sessionEnded wipes the app's own partition and clears it")
    func sessionEndedWipes() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let store = MemoryCacheStore()
        let cache = HTTPCache(store: store)
        let client = try cachingClient(server, cache, clock: ManualClock())
        cache.partition = "ada"
        _ = try await client.send(item(token: "t"))
        _ = try await client.send(item())  // no credentials: the shared partition
        #expect(store.usage.entries == 2)

        client.publish(StandardEvent.sessionEnded(reason: "signed out", principal: Principal("user:ada")))
        #expect(cache.partition == nil)
        let deadline = ContinuousClock.now + promptly
        while store.usage.entries > 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(store.usage.entries == 1, "only the shared answer is left")
        #expect(try await client.response(for: item()).source == .cache(age: .zero))
    }
}
