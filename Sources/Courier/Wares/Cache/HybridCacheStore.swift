/// A memory store in front of a disk store: reads try memory first and copy disk hits into it;
/// writes and removals go to both.
public final class HybridCacheStore: CacheStore {
    /// The front.
    public let memory: MemoryCacheStore
    /// The back.
    public let disk: DiskCacheStore
    /// Removals under way, and how many started or ended so far: a read from disk that a removal
    /// overlapped does not copy its entry into memory, where the removal may already have passed
    /// (a signed-out user's answer would come back).
    private let removals = Locked((active: 0, epoch: 0))

    /// A hybrid of `memory` and `disk`.
    public init(memory: MemoryCacheStore = MemoryCacheStore(), disk: DiskCacheStore) {
        self.memory = memory
        self.disk = disk
    }

    /// The entry from memory, else from disk (then kept in memory too, unless a removal ran
    /// meanwhile).
    public func entry(for key: CacheKey) async -> CachedResponse? {
        if let entry = await memory.entry(for: key) { return entry }
        let before = removals.withLock { $0 }
        guard let entry = await disk.entry(for: key) else { return nil }
        guard before.active == 0 else { return entry }
        await memory.store(entry)
        // A removal that began since may have swept memory before the copy landed: undo it.
        if removals.withLock({ $0.epoch }) != before.epoch { await memory.removeEntry(for: key) }
        return entry
    }

    /// Stores `entry` in both.
    public func store(_ entry: CachedResponse) async {
        await memory.store(entry)
        await disk.store(entry)
    }

    /// Removes the entry from both.
    public func removeEntry(for key: CacheKey) async {
        begin()
        await memory.removeEntry(for: key)
        await disk.removeEntry(for: key)
        end()
    }

    /// Removes the partition from both.
    public func removePartition(_ partition: String) async {
        begin()
        await memory.removePartition(partition)
        await disk.removePartition(partition)
        end()
    }

    /// Empties both.
    public func removeAll() async {
        begin()
        await memory.removeAll()
        await disk.removeAll()
        end()
    }

    private func begin() { removals.withLock { $0.active += 1; $0.epoch += 1 } }
    private func end() { removals.withLock { $0.active -= 1; $0.epoch += 1 } }
}
