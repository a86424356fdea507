import Courier
import Foundation
import Testing

@Suite("HybridCacheStore: a read from disk racing a wipe")
struct HybridCacheStoreTests {
    @Test("a partition wiped while a read copies its entry from disk into memory stays wiped, in memory too")
    func wipeRacingReadThrough() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-hybrid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = DiskCacheStore(directory: directory)
        let memory = MemoryCacheStore()
        let store = HybridCacheStore(memory: memory, disk: disk)
        // Many rounds: each puts alice's entry on disk only (as after a relaunch), then reads it
        // (which copies it into memory) while her sign-out wipes her partition.
        var resurrected = 0
        for round in 0..<300 {
            let key = CacheKey(partition: "auth:session:alice", method: "GET", url: "https://example.com/profile/\(round)")
            await disk.store(CachedResponse(
                key: key, status: 200, headers: [], body: Data("alice's".utf8), storedAt: Date(), initialAge: 0,
                freshnessLifetime: 600, vary: [:], mustRevalidate: false))
            async let read = store.entry(for: key)
            async let wipe: Void = store.removePartition("auth:session:alice")
            _ = await (read, wipe)
            let (inMemory, onDisk) = (await memory.entry(for: key), await disk.entry(for: key))
            if inMemory != nil || onDisk != nil { resurrected += 1 }
        }
        #expect(resurrected == 0, "after the wipe, nothing of alice's is left in \(resurrected) of 300 rounds")
    }
}
