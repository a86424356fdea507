@testable import CacheCrashProbe
import Courier
import CourierTestServer
import Foundation
import Testing

/// A fresh directory for one test, removed afterwards.
private func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-disk-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

private func entry(_ name: String, bytes: Int, partition: String = "p") -> CachedResponse {
    CachedResponse(
        key: CacheKey(partition: partition, method: "GET", url: "https://example.com/\(name)"), status: 200, headers: [],
        body: Data(repeating: UInt8(truncatingIfNeeded: bytes), count: bytes), storedAt: Date(timeIntervalSince1970: 0),
        initialAge: 0, freshnessLifetime: 60, vary: [:], mustRevalidate: false)
}

/// The bytes the entry files of `directory` take.
private func bytesOnDisk(_ directory: URL) throws -> Int {
    try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        .reduce(0) { $0 + ((try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
}

@Suite("DiskCacheStore: limits, order, damage and crashes")
struct DiskCacheStoreTests {
    @Test("the byte limit holds after 10,000 writes of random sizes")
    func byteLimit() async throws {
        try await withDirectory { directory in
            let limit = 2 << 20
            let store = DiskCacheStore(directory: directory, byteLimit: limit)
            var generator = SystemRandomNumberGenerator()
            for i in 0..<10_000 {
                await store.store(entry("\(Int.random(in: 0..<3_000, using: &generator))", bytes: Int.random(in: 0..<20_000, using: &generator) + i % 3))
                await Task.yield()  // let the other tests run between writes
                if i % 1_000 == 999 {
                    let onDisk = try bytesOnDisk(directory)
                    #expect(store.usage.bytes <= limit)
                    #expect(onDisk <= limit)
                }
            }
            let onDisk = try bytesOnDisk(directory)
            #expect(onDisk == store.usage.bytes)
            #expect(store.usage.entries > 100)
            // A reopened store counts the same files.
            let reopened = DiskCacheStore(directory: directory, byteLimit: limit)
            #expect(reopened.usage.bytes == store.usage.bytes)
        }
    }

    @Test("eviction takes the least recently used entry; an entry larger than the limit is not kept")
    func leastRecentlyUsed() async throws {
        try await withDirectory { directory in
            let probe = await DiskEntryProbe.size(of: entry("a", bytes: 1_000))
            let store = DiskCacheStore(directory: directory, byteLimit: probe * 3)
            for name in ["a", "b", "c"] { await store.store(entry(name, bytes: 1_000)) }
            #expect(await store.entry(for: entry("a", bytes: 0).key) != nil)  // a is now the most recent
            await store.store(entry("d", bytes: 1_000))
            #expect(await store.entry(for: entry("b", bytes: 0).key) == nil, "b was the least recently used")
            for name in ["a", "c", "d"] { #expect(await store.entry(for: entry(name, bytes: 0).key) != nil) }
            await store.store(entry("huge", bytes: probe * 4))
            #expect(await store.entry(for: entry("huge", bytes: 0).key) == nil)
            #expect(store.usage.entries == 3)
        }
    }

    @Test("an entry far over the byte limit is refused without a copy of its body; the one it replaces goes")
    func oversizedEntryIsNotCopied() async throws {
        try await withDirectory { directory in
            let store = DiskCacheStore(directory: directory, byteLimit: 64 << 10)
            await store.store(entry("a", bytes: 1_000))
            // Zeroed lazily: the body itself takes no memory until something copies it.
            var huge = entry("a", bytes: 0)
            huge.body = Data(count: 800 << 20)
            let before = ProcessUsage.peakResidentBytes()
            await store.store(huge)
            let growth = ProcessUsage.peakResidentBytes() - before
            #expect(growth < 256 << 20, "peak memory grew by \(growth >> 20) MB")
            #expect(await store.entry(for: huge.key) == nil, "the older entry is out of date: removed")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left.isEmpty, "nothing is written")
            #expect(store.usage.entries == 0)
            #expect(store.usage.bytes == 0)
        }
    }

    @Test("an entry that cannot be written (its numbers do not encode) removes the one it replaces, which would come back stale")
    func unwritableReplacementRemovesTheOld() async throws {
        try await withDirectory { directory in
            let store = DiskCacheStore(directory: directory)
            await store.store(entry("a", bytes: 100))
            #expect(await store.entry(for: entry("a", bytes: 0).key)?.body.count == 100)
            var newer = entry("a", bytes: 200)
            newer.freshnessLifetime = .infinity  // JSON has no infinity: this one cannot be encoded
            await store.store(newer)
            #expect(await store.entry(for: entry("a", bytes: 0).key) == nil, "the superseded entry is gone")
            #expect(await DiskCacheStore(directory: directory).entry(for: entry("a", bytes: 0).key) == nil, "after a relaunch too")
            #expect(store.usage.entries == 0)
        }
    }

    @Test("a truncated or corrupted entry file is a miss and is removed")
    func damagedFiles() async throws {
        try await withDirectory { directory in
            let store = DiskCacheStore(directory: directory)
            await store.store(entry("a", bytes: 5_000))
            await store.store(entry("b", bytes: 5_000))
            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
            #expect(files.count == 2)
            let truncated = try Data(contentsOf: files[0])
            try truncated.prefix(truncated.count - 10).write(to: files[0])
            var flipped = try Data(contentsOf: files[1])
            flipped[flipped.count / 2] ^= 0xFF
            try flipped.write(to: files[1])
            #expect(await store.entry(for: entry("a", bytes: 0).key) == nil)
            #expect(await store.entry(for: entry("b", bytes: 0).key) == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "damaged files are removed")
            #expect(store.usage.entries == 0)
        }
    }

    @Test("an entry file deleted from outside is a miss and is no longer counted")
    func fileDeletedFromOutside() async throws {
        try await withDirectory { directory in
            let store = DiskCacheStore(directory: directory)
            await store.store(entry("a", bytes: 5_000))
            await store.store(entry("b", bytes: 5_000))
            let bothBytes = store.usage.bytes
            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            #expect(files.count == 2)
            for file in files { try FileManager.default.removeItem(at: file) }
            #expect(await store.entry(for: entry("a", bytes: 0).key) == nil)
            #expect(store.usage.entries == 1, "a's slot is freed, b is not read yet")
            #expect(store.usage.bytes == bothBytes / 2)
            #expect(await store.entry(for: entry("b", bytes: 0).key) == nil)
            #expect(store.usage.entries == 0)
            #expect(store.usage.bytes == 0)
        }
    }

    @Test("removing a corrupt file never takes the good entry written over it while it was read")
    func corruptCleanupRacingWrite() async throws {
        try await withDirectory { directory in
            let store = DiskCacheStore(directory: directory)
            // The damaged entry large, its replacement small: the write is done while the read
            // still hashes the damaged file.
            let (size, key) = (1_000, entry("a", bytes: 0).key)
            var lost = 0
            for _ in 0..<100 {
                await store.store(entry("a", bytes: 2 << 20))
                let file = try #require(try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).first)
                var damaged = try Data(contentsOf: file)
                damaged[damaged.count / 2] ^= 0xFF  // found only by the checksum, after hashing the whole file
                try damaged.write(to: file)
                // The read finds the damaged file and removes it, while the write renames a good
                // one into its place.
                async let read = store.entry(for: key)
                async let write: Void = store.store(entry("a", bytes: size + 1))
                _ = await (read, write)
                if await store.entry(for: key)?.body.count != size + 1 { lost += 1 }
            }
            #expect(lost == 0, "the good entry was lost in \(lost) of 100 rounds")
        }
    }

    @Test("a forced hash collision never serves another key's entry")
    func hashCollision() async throws {
        try await withDirectory { directory in
            let store = DiskCacheStore(directory: directory, hasher: { _ in 42 })
            await store.store(entry("first", bytes: 10))
            #expect(await store.entry(for: entry("first", bytes: 0).key)?.body.count == 10)
            await store.store(entry("second", bytes: 20))
            #expect(await store.entry(for: entry("first", bytes: 0).key) == nil, "same file name, other key: a miss")
            #expect(await store.entry(for: entry("second", bytes: 0).key)?.body.count == 20)
        }
    }

    @Test("a writer killed with SIGKILL mid-write leaves a store that opens and serves only complete entries")
    func killedWriter() async throws {
        let probe = try #require(DiskEntryProbe.executable(), "CacheCrashProbe is built with the tests")
        for round in 0..<3 {
            try await withDirectory { directory in
                let process = try ChildProcess(executable: probe.path, arguments: [directory.path], output: .pipe)
                _ = process.output?.availableData  // "ready"
                let deadline = ContinuousClock.now + .seconds(10)
                while (try? FileManager.default.contentsOfDirectory(atPath: directory.path).count) ?? 0 < 50 + round * 100,
                      ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(5))
                }
                process.send(SIGKILL)
                #expect(await process.terminated() == .signalled(SIGKILL))

                let store = DiskCacheStore(directory: directory, byteLimit: 8 << 20)
                var served = 0
                for i in 0..<400 {
                    guard let found = await store.entry(for: CacheCrashProbe.key(i)) else { continue }
                    served += 1
                    #expect(found.body == CacheCrashProbe.body(i), "entry \(i) is complete")
                }
                #expect(served > 0)
                let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                #expect(!left.contains { $0.hasSuffix(".tmp") }, "the reopened store removed unfinished writes")
            }
        }
    }
}

/// Helpers that look at the store from outside.
private enum DiskEntryProbe {
    /// How many bytes `entry` takes on disk, measured in a scratch store.
    static func size(of entry: CachedResponse) async -> Int {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-size-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = DiskCacheStore(directory: directory)
        await store.store(entry)
        return store.usage.bytes
    }

    /// The probe executable, next to the test binary.
    static func executable() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("CacheCrashProbe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
