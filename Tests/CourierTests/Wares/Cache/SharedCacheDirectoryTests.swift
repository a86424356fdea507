@testable import Courier
import Foundation
import Testing

/// A fresh directory for one test, removed afterwards.
private func withSharedDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-shared-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

private func response(_ path: String, partition: String, body: String = "body") -> CachedResponse {
    CachedResponse(
        key: CacheKey(partition: partition, method: "GET", url: "https://example.com/\(path)"), status: 200, headers: [],
        body: Data(body.utf8), storedAt: Date(timeIntervalSince1970: 0), initialAge: 0, freshnessLifetime: 60,
        vary: [:], mustRevalidate: false)
}

private func names(in directory: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
}

/// Whether `condition` holds within a minute (a loaded machine may take seconds to run a task),
/// looked at every few milliseconds.
private func eventually(_ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while try !condition(), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(2))
    }
    return try condition()
}

/// Two stores on one directory (an app and its extension, two clients of one service), and a
/// directory other programs keep files in too (the bare Caches directory).
@Suite("DiskCacheStore: a directory shared with other stores and programs")
struct SharedCacheDirectoryTests {
    @Test("a partition removed through one store goes even when another store wrote it after the first opened")
    func removePartitionFindsAnotherStoresFiles() async throws {
        try await withSharedDirectory { directory in
            let app = DiskCacheStore(directory: directory)
            let widget = DiskCacheStore(directory: directory)
            let own = response("profile", partition: "ada")
            let combined = response("settings", partition: "fields:x+ada")
            let other = response("profile", partition: "bob")
            for entry in [own, combined, other] { await widget.store(entry) }
            #expect(await app.entry(for: own.key)?.body == Data("body".utf8), "the app sees what the widget stored")

            await app.removePartition("ada")
            #expect(await app.entry(for: own.key) == nil, "ada's answer is not served after her sign-out")
            #expect(await app.entry(for: combined.key) == nil, "nor one of a call that carried her credentials with others")
            #expect(await widget.entry(for: own.key) == nil)
            #expect(await app.entry(for: other.key) != nil, "bob's stays")
            let left = try names(in: directory)
            #expect(left.count == 1, "only bob's file is left")
            #expect(app.usage.entries == 1)
        }
    }

    @Test("removing everything through one store removes another store's files, and only entry files")
    func removeAllFindsAnotherStoresFiles() async throws {
        try await withSharedDirectory { directory in
            let app = DiskCacheStore(directory: directory)
            let widget = DiskCacheStore(directory: directory)
            let entries = [response("a", partition: "ada"), response("b", partition: CacheKey.sharedPartition)]
            for entry in entries { await widget.store(entry) }
            let foreign = ["notes.txt", "report.entry", "0000000000000000-cafe.entry"]
            for name in foreign { try Data("not an entry".utf8).write(to: directory.appendingPathComponent(name)) }

            await app.removeAll()
            for entry in entries { #expect(await app.entry(for: entry.key) == nil) }
            let left = try names(in: directory)
            #expect(left == Set(foreign), "files not named like an entry stay")
            #expect(app.usage.entries == 0)
        }
    }

    @Test("an entry another store wrote is counted once read, so the byte limit includes it")
    func readAdoptsAnotherStoresFile() async throws {
        try await withSharedDirectory { directory in
            let app = DiskCacheStore(directory: directory)
            let widget = DiskCacheStore(directory: directory)
            let entry = response("a", partition: "ada", body: String(repeating: "x", count: 1_000))
            await widget.store(entry)
            #expect(app.usage.entries == 0)
            #expect(await app.entry(for: entry.key) != nil)
            #expect(app.usage.entries == 1)
            #expect(app.usage.bytes == widget.usage.bytes)
            #expect(await app.entry(for: entry.key) != nil)
            #expect(app.usage.bytes == widget.usage.bytes, "counted once")
        }
    }

    @Test("a store opening leaves other programs' temporary files alone")
    func foreignTemporaryFilesStay() async throws {
        try await withSharedDirectory { directory in
            let store = DiskCacheStore(directory: directory)
            let entry = response("a", partition: "p")
            await store.store(entry)
            let entryName = try #require(try names(in: directory).first)
            // Another program's, and names only almost like the store's own.
            let foreign = ["foreign.tmp", "download.123.tmp", entryName + ".tmp", entryName + ".12x.tmp", "x" + entryName + ".7.tmp"]
            for name in foreign { try Data("someone else's".utf8).write(to: directory.appendingPathComponent(name)) }
            let abandoned = entryName + ".1234.tmp"  // the store's own, no writer holds it
            try Data("half an entry".utf8).write(to: directory.appendingPathComponent(abandoned))

            let reopened = DiskCacheStore(directory: directory)
            let left = try names(in: directory)
            #expect(left == Set(foreign + [entryName]), "only the store's abandoned temporary file is removed")
            #expect(await reopened.entry(for: entry.key) != nil)
        }
    }

    @Test("a store opening leaves the temporary file of another store's write in progress alone")
    func writeInProgressSurvivesAnotherStoresStartup() async throws {
        try await withSharedDirectory { directory in
            let (paused, release) = (Locked(false), DispatchSemaphore(value: 0))
            let writer = DiskCacheStore(directory: directory, byteLimit: 64 << 20, hasher: nil) {
                paused.withLock { $0 = true }
                _ = release.wait(timeout: .now() + 120)  // released below; bounded so that a failure cannot hang
            }
            let entry = response("a", partition: "p", body: String(repeating: "x", count: 100_000))
            let write = Task.detached { await writer.store(entry) }
            try #require(await eventually { paused.withLock { $0 } }, "the write reached its pause")
            let temporary = try #require(try names(in: directory).first { $0.hasSuffix(".tmp") })

            let other = DiskCacheStore(directory: directory)
            let left = try names(in: directory)
            #expect(left.contains(temporary), "the other store's startup did not remove the write's temporary file")
            release.signal()
            await write.value
            #expect(await writer.entry(for: entry.key)?.body == entry.body, "the write completed")
            #expect(await other.entry(for: entry.key)?.body == entry.body)
        }
    }
}
