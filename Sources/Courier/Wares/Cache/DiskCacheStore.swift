import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Entries in files of one directory, within a byte limit enforced on every write by removing
/// the least recently used entries.
///
/// Each entry is written to a temporary file and renamed into place, so a crash (even a
/// `SIGKILL` mid-write) never leaves half an entry readable; a file that is truncated or
/// corrupted anyway is a miss and is removed. File names are a hash of the partition and of the
/// key; the full key is stored in the file and compared on read, so a hash collision is a miss,
/// never another key's answer.
///
/// Writes and removals run on a queue of the store's own, so disk work never holds a thread of
/// Swift's cooperative pool; reads (one small file) run on the caller's.
///
/// ```swift
/// let store = DiskCacheStore(directory: cachesDirectory.appendingPathComponent("api"), byteLimit: 50 << 20)
/// ```
public final class DiskCacheStore: CacheStore {
    /// The directory holding the entries.
    public let directory: URL
    /// The most bytes the entry files may take together.
    public let byteLimit: Int
    private let hasher: @Sendable (String) -> UInt64

    private struct Index {
        var sizes: [String: Int] = [:]
        var order = LRUOrder<String>()
        var bytes = 0
    }

    private let index = Locked(Index())
    private let queue = DispatchQueue(label: "courier.disk-cache")

    /// A store in `directory` (created if missing) limited to `byteLimit` bytes; `hasher` names
    /// the files (FNV-1a when `nil`; replace it only to test collisions).
    public init(directory: URL, byteLimit: Int = 64 << 20, hasher: (@Sendable (String) -> UInt64)? = nil) {
        self.directory = directory
        self.byteLimit = byteLimit
        self.hasher = hasher ?? { FNV1a.hash64($0) }
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        index.withLock { $0 = DiskCacheStore.scan(directory) }
    }

    /// How many entries and bytes the files hold, as the store counts them.
    public var usage: (entries: Int, bytes: Int) { index.withLock { ($0.sizes.count, $0.bytes) } }

    /// The entry under exactly `key`, or `nil`; an unreadable file is removed.
    public func entry(for key: CacheKey) async -> CachedResponse? {
        let name = fileName(for: key)
        guard let data = FileManager.default.contents(atPath: path(name)) else { return nil }
        guard let entry = DiskEntryFormat.decode(data) else {
            index.withLock { index in remove(name, from: &index) }
            return nil
        }
        guard entry.key == key else { return nil }  // another key with the same hash
        index.withLock { index in
            if index.sizes[name] != nil { index.order.touch(name) }
        }
        return entry
    }

    /// Writes `entry` (temporary file, then rename) and evicts least recently used entries until
    /// the files fit the byte limit; an entry larger than the limit is not kept.
    public func store(_ entry: CachedResponse) async {
        guard let data = DiskEntryFormat.encode(entry) else { return }
        let name = fileName(for: entry.key)
        await onQueue { [self] index in
            // Under the lock, so the index always describes the files on disk.
            guard data.count <= byteLimit else {
                remove(name, from: &index)
                return
            }
            let temporary = path(name) + ".\(UInt64.random(in: 0...UInt64.max)).tmp"
            // Not synced: a killed process loses nothing written; a power cut may cost recent
            // entries, which the checksum then turns into misses.
            guard NewFile.create(temporary, with: data, mode: 0o600, sync: false), NewFile.replace(path(name), with: temporary) else {
                unlink(temporary)
                return
            }
            index.bytes += data.count - (index.sizes[name] ?? 0)
            index.sizes[name] = data.count
            index.order.touch(name)
            while index.bytes > byteLimit, let oldest = index.order.oldest {
                remove(oldest, from: &index)
            }
        }
    }

    /// Removes the entry under `key`.
    public func removeEntry(for key: CacheKey) async {
        let name = fileName(for: key)
        await onQueue { [self] index in remove(name, from: &index) }
    }

    /// Removes every entry of `partition` (by file name, without reading the files).
    public func removePartition(_ partition: String) async {
        let prefix = hex(hasher(partition)) + "-"
        await onQueue { [self] index in
            for name in index.sizes.keys where name.hasPrefix(prefix) { remove(name, from: &index) }
        }
    }

    /// Removes every entry.
    public func removeAll() async {
        await onQueue { [self] index in
            for name in index.sizes.keys { remove(name, from: &index) }
        }
    }

    /// Runs `body` with the index locked, on the store's queue.
    private func onQueue(_ body: @escaping @Sendable (inout Index) -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                index.withLock { body(&$0) }
                continuation.resume()
            }
        }
    }

    // MARK: - Files

    private func fileName(for key: CacheKey) -> String {
        hex(hasher(key.partition)) + "-" + hex(hasher(key.description)) + ".entry"
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private func remove(_ name: String, from index: inout Index) {
        unlink(path(name))
        if let size = index.sizes.removeValue(forKey: name) {
            index.bytes -= size
            index.order.remove(name)
        }
    }

    /// The entry files in `directory`, oldest first by modification date; leftover temporary
    /// files of an interrupted write are deleted.
    private static func scan(_ directory: URL) -> Index {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        var found: [(name: String, size: Int, date: Date)] = []
        for file in files {
            if file.pathExtension == "tmp" {
                unlink(file.path)
                continue
            }
            guard file.pathExtension == "entry", let values = try? file.resourceValues(forKeys: Set(keys)) else { continue }
            found.append((file.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        var index = Index()
        for file in found.sorted(by: { $0.date < $1.date }) {
            index.sizes[file.name] = file.size
            index.bytes += file.size
            index.order.touch(file.name)
        }
        return index
    }
}
