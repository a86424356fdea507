/// A memory store in front of a disk store: reads try memory first and copy disk hits into it;
/// writes and removals go to both.
public final class HybridCacheStore: CacheStore {
    /// The front.
    public let memory: MemoryCacheStore
    /// The back.
    public let disk: DiskCacheStore

    /// A hybrid of `memory` and `disk`.
    public init(memory: MemoryCacheStore = MemoryCacheStore(), disk: DiskCacheStore) {
        self.memory = memory
        self.disk = disk
    }

    /// The entry from memory, else from disk (then kept in memory too).
    public func entry(for key: CacheKey) async -> CachedResponse? {
        if let entry = await memory.entry(for: key) { return entry }
        guard let entry = await disk.entry(for: key) else { return nil }
        await memory.store(entry)
        return entry
    }

    /// Stores `entry` in both.
    public func store(_ entry: CachedResponse) async {
        await memory.store(entry)
        await disk.store(entry)
    }

    /// Removes the entry from both.
    public func removeEntry(for key: CacheKey) async {
        await memory.removeEntry(for: key)
        await disk.removeEntry(for: key)
    }

    /// Removes the partition from both.
    public func removePartition(_ partition: String) async {
        await memory.removePartition(partition)
        await disk.removePartition(partition)
    }

    /// Empties both.
    public func removeAll() async {
        await memory.removeAll()
        await disk.removeAll()
    }
}
