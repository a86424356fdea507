/// How the ``HTTPCache`` ware answers a request: from the local store, the network, or both.
///
/// The policy is a declaration on the request (or the service's default); the cache ware
/// registered on the client carries it out. Without such a ware every request goes to the network.
public struct CachePolicy: Sendable, Hashable {
    /// Where the answer may come from.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Always the network; nothing is stored.
        case remoteOnly
        /// Only the local store, stale entries included (unless `must-revalidate`); a miss is an
        /// error of kind ``CourierError/Kind/cacheMiss``.
        case localOnly
        /// A fresh stored answer, else the network (revalidating a stale entry) and store.
        case localElseRemote
        /// The network; on a transport failure or a 5xx, the stored answer even if stale.
        case remoteElseLocal
        /// The stored answer first, if any (through ``Client/updates(for:)``), then the network's,
        /// which is not yielded again when unchanged.
        case localThenRemote
    }

    /// Where the answer may come from.
    public var mode: Mode
    /// How long a stored answer stays fresh; `nil` defers to the response's cache headers.
    public var timeToLive: Duration?

    /// Creates a cache policy.
    public init(_ mode: Mode, timeToLive: Duration? = nil) {
        self.mode = mode
        self.timeToLive = timeToLive
    }
}
