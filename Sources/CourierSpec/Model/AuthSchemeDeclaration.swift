/// One entry of `authSchemes:`: how a scheme sends credentials, and how a bearer token is
/// refreshed.
public struct AuthSchemeDeclaration: Sendable {
    /// The scheme's name, used by `auth:`.
    public var name: Located<String>
    /// What the scheme sends (`type:`).
    public var type: Located<AuthSchemeKind>
    /// For `apiKey`: where the key goes (`in:`).
    public var placement: Located<APIKeyPlacement>?
    /// For `apiKey`: the header or query item name.
    public var keyName: Located<String>?
    /// For `bearer`: how tokens are refreshed.
    public var refresh: TokenRefreshDeclaration?
    /// Statuses meaning "credentials rejected"; empty means 401.
    public var rejected: [Located<Int>]

    /// Creates a declaration.
    public init(
        name: Located<String>, type: Located<AuthSchemeKind>, placement: Located<APIKeyPlacement>? = nil, keyName: Located<String>? = nil,
        refresh: TokenRefreshDeclaration? = nil, rejected: [Located<Int>] = []
    ) {
        self.name = name
        self.type = type
        self.placement = placement
        self.keyName = keyName
        self.refresh = refresh
        self.rejected = rejected
    }
}

/// A bearer scheme's `refresh:`: the endpoint that renews tokens, its parameter that takes the
/// refresh token, and the fields of its response that hold the new tokens.
public struct TokenRefreshDeclaration: Sendable {
    /// The refresh endpoint, an endpoint of the same spec.
    public var endpoint: Located<String>
    /// Its parameter (query, header, form field or path) that takes the refresh token.
    public var parameter: Located<String>
    /// The response field holding the new access token.
    public var accessToken: Located<String>
    /// The response field holding a new refresh token, if the server rotates them.
    public var refreshToken: Located<String>?
    /// The response field holding the access token's lifetime in seconds, if any.
    public var expiresIn: Located<String>?
    /// Where `refresh:` was written.
    public var location: SourceLocation

    /// Creates a refresh declaration.
    public init(
        endpoint: Located<String>, parameter: Located<String>, accessToken: Located<String>,
        refreshToken: Located<String>? = nil, expiresIn: Located<String>? = nil, location: SourceLocation
    ) {
        self.endpoint = endpoint
        self.parameter = parameter
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.location = location
    }
}
