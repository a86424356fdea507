/// Entries in memory, least recently used evicted first when a count or byte limit is passed.
public final class MemoryCacheStore: CacheStore {
    /// The most entries kept.
    public let countLimit: Int
    /// The most bytes kept (bodies and headers, roughly).
    public let byteLimit: Int

    private struct State {
        var entries: [CacheKey: CachedResponse] = [:]
        var order = LRUOrder<CacheKey>()
        var bytes = 0
    }

    private let state = Locked(State())

    /// A store holding at most `countLimit` entries and `byteLimit` bytes.
    public init(countLimit: Int = 1_000, byteLimit: Int = 32 << 20) {
        self.countLimit = countLimit
        self.byteLimit = byteLimit
    }

    /// How many entries and bytes are held.
    public var usage: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }

    /// The entry under `key`, marked as used.
    public func entry(for key: CacheKey) async -> CachedResponse? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.order.touch(key)
            return entry
        }
    }

    /// Stores `entry`, evicting the least recently used entries past the limits; an entry larger
    /// than the byte limit is not kept.
    public func store(_ entry: CachedResponse) async {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: entry.key) {
                state.bytes -= old.cost
                state.order.remove(entry.key)
            }
            guard entry.cost <= byteLimit else { return }
            state.entries[entry.key] = entry
            state.order.touch(entry.key)
            state.bytes += entry.cost
            while state.entries.count > countLimit || state.bytes > byteLimit, let oldest = state.order.oldest {
                state.order.remove(oldest)
                state.bytes -= state.entries.removeValue(forKey: oldest)?.cost ?? 0
            }
        }
    }

    /// Removes the entry under `key`.
    public func removeEntry(for key: CacheKey) async {
        state.withLock { state in
            state.bytes -= state.entries.removeValue(forKey: key)?.cost ?? 0
            state.order.remove(key)
        }
    }

    /// Removes every entry of `partition`, and of the partitions combining it with others
    /// (`partition+…`).
    public func removePartition(_ partition: String) async {
        state.withLock { state in
            for key in state.entries.keys where CacheKey.partition(key.partition, holds: partition) {
                state.bytes -= state.entries.removeValue(forKey: key)?.cost ?? 0
                state.order.remove(key)
            }
        }
    }

    /// Removes everything.
    public func removeAll() async {
        state.withLock { $0 = State() }
    }
}
