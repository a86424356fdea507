import Courier
import Foundation
import Testing

private func entry(_ name: String, partition: String) -> CachedResponse {
    CachedResponse(
        key: CacheKey(partition: partition, method: "GET", url: "https://example.com/\(name)"), status: 200, headers: [],
        body: Data(name.utf8), storedAt: Date(timeIntervalSince1970: 0),
        initialAge: 0, freshnessLifetime: 60, vary: [:], mustRevalidate: false)
}

/// The partitions the tests file answers under: a call that carried two schemes' sessions
/// (`auth:a:alice+auth:b:bob`, parts sorted as ``Principal`` joins them), alice alone, and
/// another user under both schemes.
private let combined = entry("both", partition: "auth:a:alice+auth:b:bob")
private let aliceAlone = entry("alice", partition: "auth:a:alice")
private let carol = entry("carol", partition: "auth:a:carol+auth:b:carol")

/// `CacheStore.removePartition(_:)`'s promise, for each store Courier ships: a session's end
/// removes every answer filed with its part, alone or combined with others, whichever part
/// comes first in the combined name and whichever launch stored it.
@Suite("CacheStore: removing a partition takes every combination holding it")
struct CacheStoreTests {
    @Test("the second part's end removes the combined partition; other partitions stay", arguments: ["memory", "disk"])
    func secondPartEnds(kind: String) async throws {
        try await withStores(kind) { store, _ in
            await store.removePartition("auth:b:bob")
            #expect(await store.entry(for: combined.key) == nil)
            #expect(await store.entry(for: aliceAlone.key) != nil)
            #expect(await store.entry(for: carol.key) != nil)
        }
    }

    @Test("the first part's end removes it alone and combined", arguments: ["memory", "disk"])
    func firstPartEnds(kind: String) async throws {
        try await withStores(kind) { store, _ in
            await store.removePartition("auth:a:alice")
            #expect(await store.entry(for: combined.key) == nil)
            #expect(await store.entry(for: aliceAlone.key) == nil)
            #expect(await store.entry(for: carol.key) != nil)
        }
    }

    @Test("a combined partition's removal leaves its parts' own answers", arguments: ["memory", "disk"])
    func combinedEnds(kind: String) async throws {
        try await withStores(kind) { store, _ in
            await store.removePartition("auth:a:alice+auth:b:bob")
            #expect(await store.entry(for: combined.key) == nil)
            #expect(await store.entry(for: aliceAlone.key) != nil)
            #expect(await store.entry(for: carol.key) != nil)
        }
    }

    @Test("on disk, a later launch's removal finds the files an earlier launch wrote")
    func laterLaunch() async throws {
        try await withStores("disk") { _, directory in
            let later = DiskCacheStore(directory: try #require(directory))
            await later.removePartition("auth:b:bob")
            #expect(later.usage.entries == 2)
            #expect(await later.entry(for: combined.key) == nil)
            #expect(await later.entry(for: carol.key) != nil)
        }
    }

    /// Runs `body` with a store of `kind` holding the three entries (and, on disk, its directory).
    private func withStores(_ kind: String, _ body: (any CacheStore, URL?) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store: any CacheStore = kind == "disk" ? DiskCacheStore(directory: directory) : MemoryCacheStore()
        for stored in [combined, aliceAlone, carol] { await store.store(stored) }
        try await body(store, kind == "disk" ? directory : nil)
    }
}
