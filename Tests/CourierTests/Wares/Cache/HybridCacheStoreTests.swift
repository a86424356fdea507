import Courier
import Foundation
import Testing

@Suite("HybridCacheStore: a read from disk racing a wipe or a store")
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

    @Test("a read copying an older entry from disk into memory never leaves it there over a store that raced it")
    func storeRacingReadThrough() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-hybrid-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = DiskCacheStore(directory: directory)
        let memory = MemoryCacheStore()
        let store = HybridCacheStore(memory: memory, disk: disk)
        func version(_ body: Data, of key: CacheKey) -> CachedResponse {
            CachedResponse(
                key: key, status: 200, headers: [], body: body, storedAt: Date(), initialAge: 0,
                freshnessLifetime: 600, vary: [:], mustRevalidate: false)
        }
        // Many rounds: each puts version 1 on disk only (as after a relaunch), then reads it
        // (which copies it into memory) while version 2 is stored. Version 1 is large, so its
        // read from disk is still going when the small version 2 is stored.
        let (old, new) = (Data(repeating: 1, count: 256 << 10), Data([2]))
        let quiet = CacheKey(partition: "p", method: "GET", url: "https://example.com/quiet")
        await disk.store(version(old, of: quiet))
        _ = await store.entry(for: quiet)
        #expect(await memory.entry(for: quiet)?.body == old, "unraced, a read copies what it found on disk into memory")
        var stale = 0
        for round in 0..<300 {
            let key = CacheKey(partition: "p", method: "GET", url: "https://example.com/item/\(round)")
            await disk.store(version(old, of: key))
            async let read = store.entry(for: key)
            async let write: Void = store.store(version(new, of: key))
            _ = await (read, write)
            if let inMemory = await memory.entry(for: key), inMemory.body != new { stale += 1 }
            #expect(await disk.entry(for: key)?.body == new)
        }
        #expect(stale == 0, "memory kept version 1 over version 2 in \(stale) of 300 rounds")
    }
}
