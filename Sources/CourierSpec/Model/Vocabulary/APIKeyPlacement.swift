/// Where an `apiKey` scheme sends its key (`in:`).
public enum APIKeyPlacement: String, SpecWord {
    /// A request header named by `name:`.
    case header
    /// A query item named by `name:`.
    case query

    /// `API key placement`.
    public static let kind = "API key placement"
}
