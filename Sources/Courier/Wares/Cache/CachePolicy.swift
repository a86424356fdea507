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

/// A request's or a service's ``CachePolicy``; `nil` unless set.
enum CachePolicyOption: OptionKey {
    static var defaultValue: CachePolicy? { nil }
}

extension Request {
    /// How a cache ware should treat this request; `nil` (the default) leaves the choice to the
    /// service's ``ServiceConfiguration/cachePolicy``, then to the cache ware. Kept in ``options``.
    public var cachePolicy: CachePolicy? {
        get { options[CachePolicyOption.self] }
        set { options[CachePolicyOption.self] = newValue }
    }
}

extension PreparedRequest {
    /// The ``Request/cachePolicy`` the request declared, for a cache ware.
    public var cachePolicy: CachePolicy? {
        get { options[CachePolicyOption.self] }
        set { options[CachePolicyOption.self] = newValue }
    }
}

extension ServiceConfiguration {
    /// The cache policy of requests that set none (the spec's top-level `cache:`), for
    /// ``HTTPCache``; `nil` by default. Kept in ``options``.
    public var cachePolicy: CachePolicy? {
        get { options[CachePolicyOption.self] }
        set { options[CachePolicyOption.self] = newValue }
    }
}
