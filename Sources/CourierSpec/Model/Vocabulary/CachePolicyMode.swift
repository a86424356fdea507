/// Where an endpoint's answer may come from (`cache: localThenRemote`, `cache: { policy: … }`);
/// the runtime's `CachePolicy.Mode` has the same cases, which a test keeps equal.
public enum CachePolicyMode: String, SpecWord {
    /// Always the network; nothing is stored.
    case remoteOnly
    /// Only the local store.
    case localOnly
    /// A fresh stored answer, else the network.
    case localElseRemote
    /// The network; on failure, the stored answer.
    case remoteElseLocal
    /// The stored answer first, then the network's (the endpoint gains an `…Updates` method).
    case localThenRemote

    /// `cache policy`.
    public static let kind = "cache policy"
}
