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
/// corrupted anyway is a miss and is removed. File names are hashes of the partition's parts and
/// of the key; the full key is stored in the file and compared on read, so a hash collision is a miss,
/// never another key's answer.
///
/// The store trusts nothing it finds in the directory: only regular files with one link and no
/// larger than the byte limit are read or counted, so a symbolic or hard link, a FIFO, a device
/// or a huge sparse file under an entry's name is removed unread and is a miss.
///
/// Several stores may share the directory (an app and its extension, two clients), and other
/// programs may keep files there: removals find every entry file on disk, whichever store wrote
/// it; a store opening the directory removes only its kind's temporary files that no live write
/// holds; files not named like an entry are never counted or removed.
///
/// Writes and removals run on a queue of the store's own, so disk work never holds a thread of
/// Swift's cooperative pool; reads (one file, at most the byte limit) run on the caller's. The
/// index is locked only to count and to rename or unlink, never while a file is written or the
/// directory listed, so a read or ``usage`` never waits for a large write.
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
    /// Called on the queue when a temporary file is written, before it is renamed into place:
    /// tests hold a write there to see what waits for it.
    private let whileWriting: (@Sendable () -> Void)?

    private struct Index {
        var sizes: [String: Int] = [:]
        var order = LRUOrder<String>()
        var bytes = 0
    }

    private let index = Locked(Index())
    private let queue = DispatchQueue(label: "courier.disk-cache")

    /// A store in `directory` (created if missing) limited to `byteLimit` bytes; `hasher` names
    /// the files (FNV-1a when `nil`; replace it only to test collisions).
    public convenience init(directory: URL, byteLimit: Int = 64 << 20, hasher: (@Sendable (String) -> UInt64)? = nil) {
        self.init(directory: directory, byteLimit: byteLimit, hasher: hasher, whileWriting: nil)
    }

    /// A store that calls `whileWriting` between writing each temporary file and renaming it.
    init(directory: URL, byteLimit: Int, hasher: (@Sendable (String) -> UInt64)?, whileWriting: (@Sendable () -> Void)?) {
        self.directory = directory
        self.byteLimit = byteLimit
        self.hasher = hasher ?? { FNV1a.hash64($0) }
        self.whileWriting = whileWriting
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        index.withLock { $0 = DiskCacheStore.scan(directory, limit: byteLimit) }
    }

    /// How many entries and bytes the files hold, as the store counts them.
    public var usage: (entries: Int, bytes: Int) { index.withLock { ($0.sizes.count, $0.bytes) } }

    /// The entry under exactly `key`, or `nil`; an unreadable file is removed, and a file deleted
    /// from outside the store is no longer counted. An entry another store on the directory wrote
    /// is counted from its first read on (the next write evicts for it, if need be).
    ///
    /// The file is read only if it is a regular file with one link and no larger than the byte
    /// limit; a link, FIFO, device or oversized file under the entry's name
    /// is removed unread (a link itself, never its target) and the read is a miss.
    public func entry(for key: CacheKey) async -> CachedResponse? {
        let name = fileName(for: key)
        let (data, identity): (Data, EntryFile.Identity)
        switch EntryFile.contents(of: path(name), limit: byteLimit) {
        case .bytes(let bytes, let file): (data, identity) = (bytes, file)
        case .unavailable: return nil
        case .missing:
            // Deleted from outside (by hand, by the system, or by another store on the
            // directory): its bytes and its place in the LRU order must not stay counted.
            index.withLock { index in forget(name, ifGoneFrom: &index) }
            return nil
        case .refused(let refused):
            index.withLock { index in remove(name, ifStill: refused, from: &index) }
            return nil
        }
        guard let entry = DiskEntryFormat.decode(data) else {
            index.withLock { index in remove(name, ifStill: identity, from: &index) }
            return nil
        }
        guard entry.key == key else { return nil }  // another key with the same hash
        index.withLock { index in
            if index.sizes[name] == data.count {
                index.order.touch(name)
                return
            }
            // Written by another store on the directory since this one scanned it: counted, so
            // that the byte limit includes it, if the name still holds the file that was read.
            if EntryFile.identity(of: path(name)) == identity { record(name, size: data.count, in: &index) }
        }
        return entry
    }

    /// Writes `entry` (temporary file, then rename) and evicts least recently used entries until
    /// the files fit the byte limit; an entry larger than the limit is not kept.
    public func store(_ entry: CachedResponse) async {
        // The size is checked before the file's bytes are built: a body over the limit (a
        // 500 MB download) is refused without another copy of it.
        let data = DiskEntryFormat.prepare(entry).flatMap { $0.count <= byteLimit ? $0.bytes() : nil }
        let name = fileName(for: entry.key)
        await onQueue { [self] in
            // An entry that cannot be kept (too large, not encodable, a failed write) removes
            // the one it was to replace: that one is out of date, and would come back after a
            // relaunch.
            guard let data else {
                index.withLock { index in remove(name, from: &index) }
                return
            }
            // The temporary file is written without the lock (no one else reads or counts it;
            // the queue keeps this store's writes one at a time), and locked against the
            // startup scan of another store on the directory (see TemporaryEntryFile).
            let temporary = path(EntryName.temporary(for: name))
            TemporaryEntryFile.write(data, to: temporary) { written in
                whileWriting?()
                // Renamed and counted under the lock, so the index always describes the files
                // on disk, and a read removing a damaged file sees either the old one or the new.
                return index.withLock { index in
                    guard written, NewFile.replace(path(name), with: temporary) else {
                        remove(name, from: &index)
                        return false
                    }
                    record(name, size: data.count, in: &index)
                    while index.bytes > byteLimit, let oldest = index.order.oldest {
                        remove(oldest, from: &index)
                    }
                    return true
                }
            }
        }
    }

    /// Removes the entry under `key`.
    public func removeEntry(for key: CacheKey) async {
        let name = fileName(for: key)
        await onQueue { [self] in index.withLock { index in remove(name, from: &index) } }
    }

    /// Removes every entry of `partition`, and of the partitions combining it with others
    /// (`…+partition+…`), by file name, without reading the files: a file's name begins with the
    /// hashes of its partition's parts, and goes when they include every part of `partition`'s.
    ///
    /// The directory is listed, not only the index: another store on it (an app extension,
    /// another client) may have written the partition's entries since this one scanned it, and
    /// ``entry(for:)`` reads any file under a key's name.
    public func removePartition(_ partition: String) async {
        let removed = Set(partHashes(of: partition))
        await removeEntries { removed.isSubset(of: EntryName.partHashes(of: $0) ?? []) }
    }

    /// Removes every entry: every file in the directory named like one, whichever store wrote
    /// it; other files stay.
    public func removeAll() async {
        await removeEntries { _ in true }
    }

    /// Removes the entry files whose names `match`: those in the directory, and those the index
    /// counts (gone ones too, so that they are forgotten). The directory is listed without the
    /// lock, and the lock is taken for one unlink at a time, so a read waits for one at most;
    /// this store's writes cannot come in between (they run on the same queue), another
    /// store's could as well a moment later.
    private func removeEntries(where match: @escaping @Sendable (String) -> Bool) async {
        await onQueue { [self] in
            let listed = EntryName.entries(in: directory)
            let names = index.withLock { Set($0.sizes.keys) }.union(listed)
            for name in names where match(name) {
                index.withLock { index in remove(name, from: &index) }
            }
        }
    }

    /// Runs `body` on the store's queue, one at a time; it locks the index where it must.
    private func onQueue(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                body()
                continuation.resume()
            }
        }
    }

    // MARK: - Files

    /// The name of `key`'s file (see ``EntryName``).
    private func fileName(for key: CacheKey) -> String {
        EntryName.make(partHashes: CacheKey.parts(of: key.partition).map { hasher(String($0)) }, keyHash: hasher(key.description))
    }

    /// The hashes of `partition`'s parts, as file names hold them.
    private func partHashes(of partition: String) -> [String] {
        CacheKey.parts(of: partition).map { EntryName.hex(hasher(String($0))) }
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Counts `name` as `size` bytes, used now.
    private func record(_ name: String, size: Int, in index: inout Index) {
        index.bytes += size - (index.sizes[name] ?? 0)
        index.sizes[name] = size
        index.order.touch(name)
    }

    private func remove(_ name: String, from index: inout Index) {
        unlink(path(name))
        forget(name, from: &index)
    }

    /// Removes `name` if it still holds the file that was read and judged (`identity`); a file
    /// renamed into its place since stays. Looked at under the lock, which the queue holds to
    /// rename, so no write of this store can come between the look and the unlink (another
    /// process's still can: POSIX has no unlink-if-same).
    private func remove(_ name: String, ifStill identity: EntryFile.Identity?, from index: inout Index) {
        guard let identity, EntryFile.identity(of: path(name)) == identity else {
            forget(name, ifGoneFrom: &index)
            return
        }
        remove(name, from: &index)
    }

    private func forget(_ name: String, from index: inout Index) {
        if let size = index.sizes.removeValue(forKey: name) {
            index.bytes -= size
            index.order.remove(name)
        }
    }

    /// Forgets `name` if nothing is under it now. Looked at again under the lock: the queue
    /// renames files into place under it, so a file written since the read found none stays.
    private func forget(_ name: String, ifGoneFrom index: inout Index) {
        guard index.sizes[name] != nil, EntryFile.status(path(name), limit: byteLimit) == .missing else { return }
        forget(name, from: &index)
    }

    /// The entry files in `directory`, oldest first by modification date; temporary files of
    /// this store's kind that no live write holds (a killed process's) are deleted, and no
    /// other file (the directory may be another program's too).
    ///
    /// Only names are listed, and each is looked at with `lstat`, so nothing is followed or
    /// opened: a link, FIFO, device, file with a second link or file larger than `limit` named
    /// like an entry is deleted (it could never be read as one), and a directory is left alone,
    /// as is every file not named like an entry (see ``EntryName``).
    private static func scan(_ directory: URL, limit: Int) -> Index {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var found: [(name: String, size: Int, modified: Double)] = []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            if EntryName.isTemporary(name) {
                TemporaryEntryFile.removeIfAbandoned(path)
                continue
            }
            guard EntryName.partHashes(of: name) != nil else { continue }  // another program's
            switch EntryFile.status(path, limit: limit) {
            case .entry(let size, let modified): found.append((name, size, modified))
            case .refused: unlink(path)
            case .directory, .missing, .unavailable: continue
            }
        }
        var index = Index()
        for file in found.sorted(by: { $0.modified < $1.modified }) {
            index.sizes[file.name] = file.size
            index.bytes += file.size
            index.order.touch(file.name)
        }
        return index
    }
}
