/// A memory store in front of a disk store: reads try memory first and copy disk hits into it;
/// writes and removals go to both.
public final class HybridCacheStore: CacheStore {
    /// The front.
    public let memory: MemoryCacheStore
    /// The back.
    public let disk: DiskCacheStore
    /// Changes under way, and how many started or ended so far: a read from disk that a change
    /// overlapped does not copy its entry into memory, where the change may already have passed
    /// (a signed-out user's answer would come back, or an older version would stay in memory
    /// over the one just stored). Partition and full removals count in `all`; a key's stores and
    /// removals in one of `keys`' slots, picked by the key's hash: a fixed number, so that the
    /// counts take no memory per key, at the price of a read now and then skipping its copy for
    /// another key's change.
    private let changes = Locked(Changes())

    private struct Count: Equatable {
        var active = 0
        var epoch = 0
    }

    private struct Changes {
        var all = Count()
        var keys = [Count](repeating: Count(), count: 64)
    }

    /// A hybrid of `memory` and `disk`.
    public init(memory: MemoryCacheStore = MemoryCacheStore(), disk: DiskCacheStore) {
        self.memory = memory
        self.disk = disk
    }

    /// The entry from memory, else from disk (then kept in memory too, unless the key was stored
    /// or removed, or a partition or everything removed, meanwhile).
    public func entry(for key: CacheKey) async -> CachedResponse? {
        if let entry = await memory.entry(for: key) { return entry }
        let slot = self.slot(of: key)
        let before = changes.withLock { [$0.all, $0.keys[slot]] }
        guard let entry = await disk.entry(for: key) else { return nil }
        guard before.allSatisfy({ $0.active == 0 }) else { return entry }
        await memory.store(entry)
        // A change that began since may have passed memory before the copy landed: undo it.
        let after = changes.withLock { [$0.all.epoch, $0.keys[slot].epoch] }
        if after != before.map(\.epoch) { await memory.removeEntry(for: key) }
        return entry
    }

    /// Stores `entry` in both.
    public func store(_ entry: CachedResponse) async {
        let slot = self.slot(of: entry.key)
        change(\.keys[slot], true)
        await memory.store(entry)
        await disk.store(entry)
        change(\.keys[slot], false)
    }

    /// Removes the entry from both.
    public func removeEntry(for key: CacheKey) async {
        let slot = self.slot(of: key)
        change(\.keys[slot], true)
        await memory.removeEntry(for: key)
        await disk.removeEntry(for: key)
        change(\.keys[slot], false)
    }

    /// Removes the partition from both.
    public func removePartition(_ partition: String) async {
        change(\.all, true)
        await memory.removePartition(partition)
        await disk.removePartition(partition)
        change(\.all, false)
    }

    /// Empties both.
    public func removeAll() async {
        change(\.all, true)
        await memory.removeAll()
        await disk.removeAll()
        change(\.all, false)
    }

    private func slot(of key: CacheKey) -> Int {
        Int(UInt(bitPattern: key.hashValue) % 64)
    }

    /// Notes that the change counted at `count` began (`true`) or ended.
    private func change(_ count: WritableKeyPath<Changes, Count>, _ begins: Bool) {
        changes.withLock {
            $0[keyPath: count].active += begins ? 1 : -1
            $0[keyPath: count].epoch += 1
        }
    }
}
