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
    /// to another origin never carries credentials.
    public var redirects: RedirectPolicy
    /// How JSON bodies are encoded and decoded.
    public var coding: JSONCoding
    /// Other base URLs by environment name (`staging`, `local`, …), chosen with ``environment(_:)``.
    public var environments: [String: URL]
    /// Which query item, header and field names carry secrets, never printed by Courier.
    public var redaction: Redaction
    /// The service's retry options (the spec's top-level `retry:`), under each request's own.
    public var retry: RetryOptions?
    /// How the service's error envelopes and events are read (the spec's `errors:`).
    public var errorMapping: ErrorMapping?
    /// The cache policy of requests that set none (the spec's top-level `cache:`), for ``HTTPCache``.
    public var cachePolicy: CachePolicy?
    /// The authentication schemes the service declares, for the ``Authenticator``.
    public var authSchemes: [AuthScheme]
    /// The scheme of requests whose ``Request/authentication`` is `.service`; `nil` for none.
    public var defaultAuthScheme: AuthSchemeName?

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
        redaction: Redaction = .standard,
        retry: RetryOptions? = nil,
        cachePolicy: CachePolicy? = nil,
        errorMapping: ErrorMapping? = nil,
        authSchemes: [AuthScheme] = [],
        defaultAuthScheme: AuthSchemeName? = nil
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
        self.retry = retry
        self.cachePolicy = cachePolicy
        self.errorMapping = errorMapping
        self.authSchemes = authSchemes
        self.defaultAuthScheme = defaultAuthScheme
    }

    /// The scheme `authentication` asks for: `nil` for `.none`, or for `.service` when the
    /// service has no default scheme.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/invalidRequest`` when it names a
    ///   scheme the service does not declare.
    public func authScheme(for authentication: Authentication) throws -> AuthScheme? {
        let name: AuthSchemeName
        switch authentication {
        case .none: return nil
        case .service:
            guard let defaultAuthScheme else { return nil }
            name = defaultAuthScheme
        case .scheme(let scheme): name = scheme
        }
        guard let scheme = authSchemes.first(where: { $0.name == name }) else {
            let known = authSchemes.map(\.name.rawValue).joined(separator: ", ")
            throw CourierError.other(
                .invalidRequest, "the service declares no auth scheme '\(name)' (declared: \(known.isEmpty ? "none" : known))")
        }
        return scheme
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

extension ServiceConfiguration {
    /// This configuration with the names its auth schemes put credentials under (API-key header
    /// fields and query items) added to ``redaction``: what a client runs with, so that a key sent
    /// under any name is redacted without anyone listing it.
    func learningSensitiveNames() -> ServiceConfiguration {
        var copy = self
        for scheme in authSchemes {
            switch scheme.kind {
            case .apiKeyHeader(let name), .apiKeyQuery(let name): copy.redaction.sensitiveNames.insert(name.lowercased())
            case .bearer, .basic: break
            }
        }
        return copy
    }
}
