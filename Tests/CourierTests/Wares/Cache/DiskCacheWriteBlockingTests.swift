@testable import Courier
import Foundation
import Testing

/// A flag one thread sets and another looks at.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() {
        lock.lock()
        value = true
        lock.unlock()
    }

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Whether `flag` is set by `deadline`, looked at every few milliseconds.
private func eventually(_ flag: Flag, by deadline: ContinuousClock.Instant) async -> Bool {
    while !flag.isSet, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(2))
    }
    return flag.isSet
}

private func sample(_ name: String, bytes: Int) -> CachedResponse {
    CachedResponse(
        key: CacheKey(partition: "p", method: "GET", url: "https://example.com/\(name)"), status: 200, headers: [],
        body: Data(repeating: 7, count: bytes), storedAt: Date(timeIntervalSince1970: 0), initialAge: 0,
        freshnessLifetime: 60, vary: [:], mustRevalidate: false)
}

@Suite("DiskCacheStore: a write in progress")
struct DiskCacheWriteBlockingTests {
    @Test("reads and the usage answer while a write is in progress: its file is written without the index locked")
    func readsDuringAWrite() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-writing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let small = sample("small", bytes: 100)
        await DiskCacheStore(directory: directory).store(small)

        // The write stops once its temporary file is written, until released (or two minutes
        // passed, so that a store that blocks fails the test instead of hanging it). The waits
        // are long because a loaded machine may take seconds to run a task at all: what fails
        // is a call that does not return before the release, however long that is.
        let (writing, release) = (Flag(), DispatchSemaphore(value: 0))
        let store = DiskCacheStore(directory: directory, byteLimit: 64 << 20, hasher: nil) {
            writing.set()
            _ = release.wait(timeout: .now() + 120)
        }
        let large = sample("large", bytes: 100_000)
        let write = Task.detached { await store.store(large) }
        try #require(await eventually(writing, by: .now + .seconds(60)), "the write reached its pause")

        // Off the cooperative pool, so that a blocked call blocks no thread the test needs.
        let counted = Flag()
        DispatchQueue.global().async {
            _ = store.usage
            counted.set()
        }
        let read = Flag()
        let reading = Task.detached {
            let found = await store.entry(for: small.key)
            read.set()
            return found?.body
        }
        let deadline = ContinuousClock.now + .seconds(30)
        #expect(await eventually(counted, by: deadline), "usage waited for the write")
        #expect(await eventually(read, by: deadline), "a read of another entry waited for the write")
        release.signal()
        await write.value
        #expect(await reading.value == small.body)
        #expect(await store.entry(for: large.key)?.body == large.body, "the write completed")
        #expect(store.usage.entries == 2)
    }
}
