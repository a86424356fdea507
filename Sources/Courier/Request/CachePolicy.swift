/// How a cache ware answers a request: from the local store, the network, or both.
///
/// The policy is only a declaration on the request; a cache ware registered on the client
/// carries it out. Without such a ware every request goes to the network.
public struct CachePolicy: Sendable, Hashable {
    /// Where the answer may come from.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Always the network; nothing is stored.
        case remoteOnly
        /// Only the local store; a miss is an error.
        case localOnly
        /// The local store when fresh, otherwise the network.
        case localElseRemote
        /// The network, falling back to the local store when the network fails.
        case remoteElseLocal
        /// The local value first (if any), then the network's.
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
