import Foundation

/// Everything a ``Client`` needs to know about one backend: where it is, what every request
/// carries, how long to wait and how its JSON looks.
///
/// Generated clients make one per environment (`Petstore.service(.staging)`); you can build one
/// by hand too. There is no global configuration: pass the value to the client.
public struct ServiceConfiguration: Sendable {
    /// The service's name, used in logs.
    public var name: String
    /// The URL every request path is appended to (its path, if any, is kept as a prefix).
    public var baseURL: URL
    /// Header fields sent with every request, before the request's own.
    public var headers: [HeaderItem]
    /// How long a request may take when it does not say otherwise: the whole exchange, from
    /// sending to the last byte of the body.
    public var timeout: Duration
    /// The largest response body a request accepts when it does not say otherwise (64 MB by
    /// default), counted after decompression.
    public var maximumResponseSize: Int
    /// Whether and how far requests follow redirects when they do not say otherwise; a redirect
    /// to another origin never carries credentials, nor a body that carries secrets.
    public var redirects: RedirectPolicy
    /// How JSON bodies are encoded and decoded.
    public var coding: JSONCoding
    /// Other base URLs by environment name (`staging`, `local`, …), chosen with ``environment(_:)``.
    public var environments: [String: URL]
    /// Which query item, header and field names carry secrets, never printed by Courier.
    public var redaction: Redaction
    /// Settings for wares, each under a key its ware defines: a ware reads them through
    /// ``CallContext/service``. The built-in wares' settings read and write them through
    /// properties of their own: ``retry``, ``cachePolicy``, ``errorMapping``, ``authSchemes``,
    /// ``defaultAuthScheme``.
    public var options: Options
    /// Wares the service brings along (its ``errorMapping``'s, say), run by every client of the
    /// service after the client's own, merged with them by position.
    public var wares: [any Ware]

    /// Creates a service configuration.
    public init(
        name: String,
        baseURL: URL,
        headers: [HeaderItem] = [],
        timeout: Duration = .seconds(60),
        maximumResponseSize: Int = PreparedRequest.defaultMaximumResponseSize,
        redirects: RedirectPolicy = .follow,
        coding: JSONCoding = .default,
        environments: [String: URL] = [:],
        redaction: Redaction = .standard
    ) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.redirects = redirects
        self.coding = coding
        self.environments = environments
        self.redaction = redaction
        self.options = Options()
        self.wares = []
    }

    /// A copy whose base URL is the one named `name` in ``environments``.
    ///
    /// - Throws: ``CourierError/invalidRequest(_:)`` with ``InvalidRequestReason/unknownEnvironment(_:known:)``
    ///   when no environment has that name.
    public func environment(_ name: String) throws -> ServiceConfiguration {
        guard let url = environments[name] else {
            throw CourierError.invalidRequest(.unknownEnvironment(name, known: environments.keys.sorted()))
        }
        return with(baseURL: url)
    }

    /// A copy pointing at another base URL, such as a loopback server in tests.
    public func with(baseURL: URL) -> ServiceConfiguration {
        var copy = self
        copy.baseURL = baseURL
        return copy
    }
}
