/// Which authentication a request carries.
public enum Authentication: Sendable, Hashable {
    /// The service's default scheme (``ServiceConfiguration/defaultAuthScheme``).
    case service
    /// No authentication: auth wares leave the request alone (for example a login call).
    case none
    /// This scheme of the service's (generated code names it: `Petstore.AuthSchemes.apiKey`).
    case scheme(AuthSchemeName)
}

/// The request's ``Authentication``: `.service` unless set.
enum AuthenticationOption: OptionKey {
    static var defaultValue: Authentication { .service }
}

/// The service's declared schemes.
enum AuthSchemesOption: OptionKey {
    static var defaultValue: [AuthScheme] { [] }
}

/// The scheme of `.service` requests.
enum DefaultAuthSchemeOption: OptionKey {
    static var defaultValue: AuthSchemeName? { nil }
}

extension Request {
    /// Whether this request needs the service's authentication, and which scheme: the
    /// ``Authenticator`` reads it (`.service` by default). Kept in ``options``.
    public var authentication: Authentication {
        get { options[AuthenticationOption.self] }
        set { options[AuthenticationOption.self] = newValue }
    }
}

extension PreparedRequest {
    /// The ``Request/authentication`` the request declared, for auth wares.
    public var authentication: Authentication {
        get { options[AuthenticationOption.self] }
        set { options[AuthenticationOption.self] = newValue }
    }
}

extension ServiceConfiguration {
    /// The authentication schemes the service declares, for the ``Authenticator``; kept in
    /// ``options``.
    ///
    /// Setting them also adds the names API-key schemes put credentials under (header fields
    /// and query items) to ``redaction``, so that a key sent under any name is redacted without
    /// anyone listing it: set ``redaction`` first when you replace it.
    public var authSchemes: [AuthScheme] {
        get { options[AuthSchemesOption.self] }
        set {
            options[AuthSchemesOption.self] = newValue
            for scheme in newValue {
                switch scheme.kind {
                case .apiKeyHeader(let name), .apiKeyQuery(let name): redaction.sensitiveNames.insert(name.lowercased())
                case .bearer, .basic: break
                }
            }
        }
    }

    /// The scheme of requests whose ``Request/authentication`` is `.service`; `nil` (the
    /// default) for none. Kept in ``options``.
    public var defaultAuthScheme: AuthSchemeName? {
        get { options[DefaultAuthSchemeOption.self] }
        set { options[DefaultAuthSchemeOption.self] = newValue }
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
        let authSchemes = authSchemes
        guard let scheme = authSchemes.first(where: { $0.name == name }) else {
            let known = authSchemes.map(\.name.rawValue).joined(separator: ", ")
            throw CourierError.other(
                .invalidRequest, "the service declares no auth scheme '\(name)' (declared: \(known.isEmpty ? "none" : known))")
        }
        return scheme
    }
}
