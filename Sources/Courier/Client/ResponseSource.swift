/// Where a response's value came from.
public enum ResponseSource: Sendable, Hashable, CustomStringConvertible {
    /// Fresh from the server.
    case network
    /// From the local store without asking the server; `age` is how old the stored answer is.
    case cache(age: Duration)
    /// From the local store after the server confirmed it unchanged (`304 Not Modified`).
    case revalidated

    /// `network`, `cache (age 12 seconds)`, `revalidated`.
    public var description: String {
        switch self {
        case .network: "network"
        case .cache(let age): "cache (age \(age))"
        case .revalidated: "revalidated"
        }
    }
}
