import Courier
import CourierTestServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory for one test (`store` for the store under test, `outside` for files it must
/// never read), removed afterwards.
private func withDirectories(_ body: (_ store: URL, _ outside: URL) async throws -> Void) async throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-hostile-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let outside = root.appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try await body(root.appendingPathComponent("store"), outside)
}

private func sample(_ name: String, body: String = "body") -> CachedResponse {
    CachedResponse(
        key: CacheKey(partition: "p", method: "GET", url: "https://example.com/\(name)"), status: 200, headers: [],
        body: Data(body.utf8), storedAt: Date(timeIntervalSince1970: 0), initialAge: 0, freshnessLifetime: 60,
        vary: [:], mustRevalidate: false)
}

/// Stores `entry` and returns the path of the file the store wrote for it: the name the store
/// computes for the key, found by listing the directory before and after.
private func entryFile(for entry: CachedResponse, in store: DiskCacheStore) async throws -> String {
    let before = Set((try? FileManager.default.contentsOfDirectory(atPath: store.directory.path)) ?? [])
    await store.store(entry)
    let added = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).filter { !before.contains($0) }
    let name = try #require(added.count == 1 ? added.first : nil, "one new file for \(entry.key)")
    #expect(name.hasSuffix(".entry"))
    return store.directory.appendingPathComponent(name).path
}

/// Whether `found` is `expected`, field by field (`CachedResponse` is not `Equatable`).
private func same(_ found: CachedResponse?, _ expected: CachedResponse) -> Bool {
    guard let found else { return false }
    return found.key == expected.key && found.status == expected.status && found.headers == expected.headers
        && found.body == expected.body && found.storedAt == expected.storedAt && found.initialAge == expected.initialAge
        && found.freshnessLifetime == expected.freshnessLifetime && found.vary == expected.vary
        && found.mustRevalidate == expected.mustRevalidate
}

/// FNV-1a 64, the entry format's checksum, so that a test can forge a file that passes it.
private func fnv1a(_ bytes: Data, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    bytes.reduce(seed) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
}

/// Whether anything (a dangling link included) is at `path`, without following links.
private func present(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

/// Makes `path` a sparse file of `size` bytes, replacing what is there.
private func makeSparseFile(_ path: String, size: Int) throws {
    unlink(path)
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(ftruncate(descriptor, off_t(size)) == 0)
}

/// The process's peak resident memory so far, in bytes.
private func peakMemory() -> Int {
    ProcessUsage.peakResidentBytes()
}

/// What a bounded piece of work gave.
private enum Bounded<Value: Sendable>: Sendable {
    case finished(Value)
    case timedOut
}

/// Delivers the first of two results and drops the second.
private final class FirstResult<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bounded<Value>, Never>?

    init(_ continuation: CheckedContinuation<Bounded<Value>, Never>) { self.continuation = continuation }

    func deliver(_ result: Bounded<Value>) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: result)
    }
}

/// `work`'s result, or `.timedOut` after `limit`. The work is left running then (a blocked
/// system call cannot be cancelled), so a store that blocks fails the test instead of hanging it.
private func within<Value: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async -> Value) async -> Bounded<Value> {
    await withCheckedContinuation { continuation in
        let first = FirstResult(continuation)
        let timer = Task.detached {
            try? await Task.sleep(for: limit)
            first.deliver(.timedOut)
        }
        Task.detached {
            let value = await work()
            first.deliver(.finished(value))
            timer.cancel()
        }
    }
}

/// Expects `store.entry(for: key)` to answer within five seconds, with a miss.
private func expectMiss(_ store: DiskCacheStore, _ key: CacheKey, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard case .finished(let found) = await boundedRead(store, key) else {
        Issue.record("the read did not finish", sourceLocation: sourceLocation)
        return
    }
    #expect(found == nil, sourceLocation: sourceLocation)
}

/// `store.entry(for:)`, which must answer within five seconds.
private func boundedRead(_ store: DiskCacheStore, _ key: CacheKey) async -> Bounded<CachedResponse?> {
    await within(.seconds(5)) { await store.entry(for: key) }
}

@Suite("DiskCacheStore: a hostile directory")
struct HostileCacheDirectoryTests {
    @Test("a symbolic link to /etc/passwd under an entry's name is a miss; the link goes, the target stays")
    func linkToPasswd() async throws {
        let target = "/etc/passwd"
        let original = try #require(FileManager.default.contents(atPath: target))
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory)
            let key = sample("a").key
            let file = try await entryFile(for: sample("a"), in: store)
            unlink(file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
            await expectMiss(store, key)
            #expect(!present(file), "the link is removed")
            #expect(FileManager.default.contents(atPath: target) == original, "its target is untouched")
            #expect(store.usage.entries == 0)
        }
    }

    @Test("a symbolic link to /dev/zero is a miss that neither hangs nor eats memory")
    func linkToZero() async throws {
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory)
            let key = sample("a").key
            let file = try await entryFile(for: sample("a"), in: store)
            unlink(file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero")
            let before = peakMemory()
            await expectMiss(store, key)
            #expect(peakMemory() - before < 256 << 20)
            #expect(!present(file), "the link is removed")
            #expect(present("/dev/zero"))
        }
    }

    @Test("a FIFO under an entry's name is a miss that does not block, and is removed")
    func fifo() async throws {
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory)
            let key = sample("a").key
            let file = try await entryFile(for: sample("a"), in: store)
            unlink(file)
            try #require(mkfifo(file, 0o600) == 0)
            let result = await boundedRead(store, key)
            guard case .finished(let found) = result else {
                Issue.record("the read blocked on the FIFO")
                // Open the other end so that a reader stuck in open(2) or read(2) returns.
                let writer = open(file, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
                return
            }
            #expect(found == nil)
            #expect(!present(file), "the FIFO is removed")
        }
    }

    @Test("a symbolic link to a valid entry for the same key in another directory is a miss, not served")
    func linkToOutsideEntry() async throws {
        try await withDirectories { directory, outside in
            let key = sample("a").key
            let elsewhere = DiskCacheStore(directory: outside)
            let target = try await entryFile(for: sample("a", body: "from outside"), in: elsewhere)
            let targetBytes = try #require(FileManager.default.contents(atPath: target))
            let store = DiskCacheStore(directory: directory)
            let file = try await entryFile(for: sample("a"), in: store)
            unlink(file)
            try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
            guard case .finished(let found) = await boundedRead(store, key) else {
                Issue.record("the read did not finish")
                return
            }
            #expect(found == nil, "a file outside the directory is never served")
            #expect(!present(file), "the link is removed")
            #expect(FileManager.default.contents(atPath: target) == targetBytes, "its target is untouched")
            #expect(await elsewhere.entry(for: key)?.body == Data("from outside".utf8))
        }
    }

    @Test("a hard link to a valid entry outside the directory is a miss; only the link is removed")
    func hardLinkToOutsideEntry() async throws {
        try await withDirectories { directory, outside in
            let key = sample("a").key
            let elsewhere = DiskCacheStore(directory: outside)
            let target = try await entryFile(for: sample("a", body: "from outside"), in: elsewhere)
            let store = DiskCacheStore(directory: directory)
            let file = try await entryFile(for: sample("a"), in: store)
            unlink(file)
            try #require(link(target, file) == 0)
            guard case .finished(let found) = await boundedRead(store, key) else {
                Issue.record("the read did not finish")
                return
            }
            #expect(found == nil, "a file with a second name elsewhere is never served")
            #expect(!present(file), "the store's name for it is removed")
            #expect(present(target), "the other name stays")
            #expect(await elsewhere.entry(for: key)?.body == Data("from outside".utf8), "and serves again once it is the only name")
        }
    }

    @Test("a directory under an entry's name is a miss and nothing crashes")
    func directoryNamedLikeAnEntry() async throws {
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory)
            let key = sample("a").key
            let file = try await entryFile(for: sample("a"), in: store)
            unlink(file)
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
            await expectMiss(store, key)
            #expect(store.usage.entries == 0)
            await store.store(sample("a"))  // cannot replace a directory: not kept, no crash
            #expect(await store.entry(for: key) == nil)
            #expect(store.usage.entries == 0)
            #expect(DiskCacheStore(directory: directory).usage.entries == 0, "a reopened store does not count it")
        }
    }

    @Test("a 2 GB sparse file under an entry's name is deleted without being read")
    func sparseFile() async throws {
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory, byteLimit: 64 << 20)
            let key = sample("a").key
            let file = try await entryFile(for: sample("a"), in: store)
            try makeSparseFile(file, size: 2 << 30)
            let before = peakMemory()
            guard case .finished(let found) = await boundedRead(store, key) else {
                Issue.record("the read did not finish")
                return
            }
            let growth = peakMemory() - before
            #expect(found == nil)
            #expect(growth < 256 << 20, "peak memory grew by \(growth >> 20) MB")
            #expect(!present(file), "the file is deleted")
            #expect(store.usage.entries == 0)
        }
    }

    @Test("lengths in an entry that do not add up are a miss, never a crash")
    func lyingLengths() async throws {
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory)
            let key = sample("a").key
            let file = try await entryFile(for: sample("a", body: String(repeating: "x", count: 5_000)), in: store)
            let original = try #require(FileManager.default.contents(atPath: file))
            let jsonLength = original[4..<8].reduce(0) { $0 << 8 | Int($1) }
            let json = try #require(String(data: original[8..<(8 + jsonLength)], encoding: .utf8))
            let lying = json.replacingOccurrences(
                of: #""bodyLength":\d+"#, with: #""bodyLength":9223372036854775807"#, options: .regularExpression)
            #expect(lying != json)
            let body = original[(8 + jsonLength)..<(original.count - 8)]
            // An intact-looking file with `metadata` (length and checksum right), so that the
            // only thing wrong with the lying one is the body length it claims.
            func forged(_ metadata: String) -> Data {
                var file = Data(original.prefix(4))
                file.append(contentsOf: withUnsafeBytes(of: UInt32(metadata.utf8.count).bigEndian, Array.init))
                file.append(Data(metadata.utf8))
                file.append(body)
                file.append(contentsOf: withUnsafeBytes(of: fnv1a(body, seed: fnv1a(Data(metadata.utf8))).bigEndian, Array.init))
                return file
            }
            try forged(json).write(to: URL(fileURLWithPath: file))
            #expect(await store.entry(for: key)?.body == Data(body), "the forgery is faithful")
            let hugeBody = forged(lying)
            var hugeMetadata = original
            hugeMetadata.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
            for damaged in [hugeBody, hugeMetadata] {
                try damaged.write(to: URL(fileURLWithPath: file))
                #expect(await store.entry(for: key) == nil)
                #expect(!present(file), "the damaged file is removed")
            }
            // Numbers no cache writes, with a right checksum: a status HTTP cannot have is a miss
            // (building its response would trap), an absurd age is served and ages without trapping.
            let badStatus = json.replacingOccurrences(of: #""status":\d+"#, with: #""status":5000"#, options: .regularExpression)
            #expect(badStatus != json)
            try forged(badStatus).write(to: URL(fileURLWithPath: file))
            #expect(await store.entry(for: key) == nil)
            let ancient = json.replacingOccurrences(of: #""initialAge":[0-9.e+-]+"#, with: #""initialAge":1e300"#, options: .regularExpression)
            #expect(ancient != json)
            try forged(ancient).write(to: URL(fileURLWithPath: file))
            let old = try #require(await store.entry(for: key))
            #expect(old.age(at: Date()) > .seconds(1_000_000_000))
            #expect(!old.isFresh(at: Date()))
        }
    }

    @Test("a reopened store neither follows nor counts links, FIFOs, devices or oversized files")
    func startupScan() async throws {
        try await withDirectories { directory, outside in
            let elsewhere = DiskCacheStore(directory: outside)
            let outsideEntry = try await entryFile(for: sample("outside", body: "from outside"), in: elsewhere)
            let outsideBytes = try #require(FileManager.default.contents(atPath: outsideEntry))

            let store = DiskCacheStore(directory: directory, byteLimit: 64 << 20)
            let real = sample("real", body: String(repeating: "r", count: 10_000))
            _ = try await entryFile(for: real, in: store)
            let realUsage = store.usage
            var planted: [String] = []
            let plants: [(String) throws -> Void] = [
                { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/etc/passwd") },
                { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") },
                { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: outsideEntry) },
                { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: $0 + ".missing") },
                { try #require(mkfifo($0, 0o600) == 0) },
                { try #require(link(outsideEntry, $0) == 0) },
                { try makeSparseFile($0, size: 2 << 30) },
            ]
            for (i, plant) in plants.enumerated() {
                let file = try await entryFile(for: sample("hostile-\(i)"), in: store)
                unlink(file)
                try plant(file)
                planted.append(file)
            }
            let folder = directory.appendingPathComponent("0000000000000000-0000000000000000.entry").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)

            let before = peakMemory()
            guard case .finished(let reopened) = await within(.seconds(10), { DiskCacheStore(directory: directory, byteLimit: 64 << 20) }) else {
                Issue.record("the startup scan did not finish")
                for file in planted {  // unblock a scan stuck on the FIFO
                    let writer = open(file, O_WRONLY | O_NONBLOCK)
                    if writer >= 0 { close(writer) }
                }
                return
            }
            #expect(peakMemory() - before < 256 << 20)
            #expect(reopened.usage.entries == 1, "only the real entry is counted")
            #expect(reopened.usage.bytes == realUsage.bytes)
            for file in planted { #expect(!present(file), "\(file) is removed") }
            #expect(present(folder), "a directory is left alone")
            #expect(FileManager.default.contents(atPath: outsideEntry) == outsideBytes, "link targets are untouched")
            #expect(FileManager.default.contents(atPath: "/etc/passwd")?.isEmpty == false)
            #expect(same(await reopened.entry(for: real.key), real))
            #expect(await elsewhere.entry(for: sample("outside").key)?.body == Data("from outside".utf8))
        }
    }

    @Test("a normal entry still round-trips, before and after reopening")
    func roundTrip() async throws {
        try await withDirectories { directory, _ in
            let store = DiskCacheStore(directory: directory)
            let large = CachedResponse(
                key: CacheKey(partition: "p", method: "GET", url: "https://example.com/large"), status: 200,
                headers: [.init(name: "Content-Type", value: "application/octet-stream")],
                body: PatternedBytes.make(3 << 20), storedAt: Date(timeIntervalSince1970: 1_000),
                initialAge: 5, freshnessLifetime: 60, vary: ["Accept": "*/*"], mustRevalidate: true)
            let small = sample("small", body: "")
            let file = try await entryFile(for: large, in: store)
            await store.store(small)
            #expect(same(await store.entry(for: large.key), large))
            #expect(same(await store.entry(for: small.key), small))
            var info = stat()
            #expect(lstat(file, &info) == 0)
            let reopened = DiskCacheStore(directory: directory)
            #expect(reopened.usage.entries == 2)
            #expect(reopened.usage.bytes == store.usage.bytes)
            #expect(same(await reopened.entry(for: large.key), large))
            #expect(same(await reopened.entry(for: small.key), small))
        }
    }
}
