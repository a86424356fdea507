/// Keeps ``CachedResponse``s for the ``HTTPCache`` ware. Stores are best effort: what cannot be
/// read (a corrupted or truncated entry) is a miss and is removed, never an error or a crash.
///
/// Use ``MemoryCacheStore``, ``DiskCacheStore``, or ``HybridCacheStore`` (memory in front of
/// disk); implement the protocol to keep entries elsewhere. An implementation must compare the
/// whole ``CacheKey`` of what it finds with the key asked for:
///
/// ```swift
/// final class LoggingStore: CacheStore {
///     let inner = MemoryCacheStore()
///     func entry(for key: CacheKey) async -> CachedResponse? { await inner.entry(for: key) }
///     func store(_ entry: CachedResponse) async { print("storing \(entry.key)"); await inner.store(entry) }
///     func removeEntry(for key: CacheKey) async { await inner.removeEntry(for: key) }
///     func removePartition(_ partition: String) async { await inner.removePartition(partition) }
///     func removeAll() async { await inner.removeAll() }
/// }
/// ```
public protocol CacheStore: Sendable {
    /// The entry stored under exactly `key`, or `nil`.
    func entry(for key: CacheKey) async -> CachedResponse?
    /// Stores `entry` under its key, replacing what was there, within the store's limits.
    func store(_ entry: CachedResponse) async
    /// Removes the entry under `key`.
    func removeEntry(for key: CacheKey) async
    /// Removes every entry of `partition` (a user signing out), and of the partitions that
    /// combine it with others (`…+partition+…`, in any place: a call that carried the user's
    /// credentials and some of its own, or another scheme's session; see
    /// ``Principal/description``), whichever launch stored them.
    func removePartition(_ partition: String) async
    /// Removes everything.
    func removeAll() async
}
