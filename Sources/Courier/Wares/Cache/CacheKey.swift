import HTTPTypes

/// What a stored response is filed under: the request's method and normalised URL, and the
/// partition of the signed-in identity it belongs to. The whole key is stored with the entry
/// and compared on every read.
public struct CacheKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The partition: a signed-in identity, or ``CacheKey/sharedPartition`` for responses to
    /// requests that carried no credentials.
    public var partition: String
    /// `GET` or `HEAD`.
    public var method: String
    /// The URL with a lower-cased scheme and host and its query items sorted by name.
    public var url: String

    /// A key.
    public init(partition: String, method: String, url: String) {
        self.partition = partition
        self.method = method
        self.url = url
    }

    /// The key of `request` in `partition`.
    public init(request: HTTPRequest, partition: String) {
        self.init(partition: partition, method: request.method.rawValue, url: CacheKey.normalisedURL(of: request))
    }

    /// The key of `request` in `partition`, with the values of the query items `redaction` calls
    /// sensitive left out of the URL: the key is written to disk, and those values are credentials
    /// (the partition, a principal that includes them, already keeps their answers apart).
    init(request: HTTPRequest, partition: String, redaction: Redaction) {
        self.init(partition: partition, method: request.method.rawValue, url: CacheKey.normalisedURL(of: request, redaction: redaction))
    }

    /// The parts of `partition`: the names a combined partition joins with `+` (see
    /// ``Principal/description``), or the partition itself.
    static func parts(of partition: String) -> [Substring] {
        partition.split(separator: "+", omittingEmptySubsequences: false)
    }

    /// Whether ``CacheStore/removePartition(_:)`` of `removed` takes entries of `partition`: it
    /// holds every part of `removed` (it is `removed`, or combines it with others).
    static func partition(_ partition: String, holds removed: String) -> Bool {
        partition == removed || Set(parts(of: partition)).isSuperset(of: parts(of: removed))
    }

    /// The partition of responses to requests without credentials, shared by every user.
    public static let sharedPartition = "shared"

    /// `partition METHOD url`, as compared on read (it holds no credential).
    public var description: String { "\(partition) \(method) \(url)" }

    /// Scheme and host lower-cased, query items sorted by name (stably, so repeated names keep
    /// their order): `?b=2&a=1` and `?a=1&b=2` are the same resource.
    static func normalisedURL(of request: HTTPRequest, redaction: Redaction? = nil) -> String {
        let origin = "\((request.scheme ?? "https").lowercased())://\((request.authority ?? "").lowercased())"
        let target = request.path ?? "/"
        guard let question = target.firstIndex(of: "?") else { return origin + target }
        let items = target[target.index(after: question)...].split(separator: "&").enumerated()
            .sorted { lhs, rhs in
                let (a, b) = (lhs.element.prefix { $0 != "=" }, rhs.element.prefix { $0 != "=" })
                return a == b ? lhs.offset < rhs.offset : a < b
            }
            .map { item -> Substring in
                guard let redaction, let equals = item.element.firstIndex(of: "=") else { return item.element }
                let name = item.element[..<equals]
                return redaction.isSensitive(name.removingPercentEncoding ?? String(name)) ? name + "=" + Redaction.placeholder : item.element
            }
        return origin + target[..<question] + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}
