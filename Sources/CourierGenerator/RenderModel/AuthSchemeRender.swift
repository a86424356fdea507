/// One authentication scheme of the service, as `<Namespace>.AuthSchemes` declares it.
///
/// Template keys: `constantName`, `nameLiteral`, `docs`, `source`, `kind`, `keyNameLiteral`,
/// `rejectedStatuses`, `hasRejectedStatuses`, `refresh`.
public struct AuthSchemeRender: Sendable, Hashable {
    /// The constant's name (`session`).
    public var constantName: String
    /// The scheme's name as a string literal (`"session"`).
    public var nameLiteral: String
    /// `///` lines describing it.
    public var docs: [String]
    /// The runtime's `AuthScheme.Kind` case.
    public var kind: Kind
    /// The API key's header or query item name as a string literal, for the API-key kinds.
    public var keyNameLiteral: [String] = []
    /// The statuses, besides 401, that mean the credential was refused.
    public var rejectedStatuses: [String] = []
    /// How the token is refreshed, when it is.
    public var refresh: [TokenRefreshRender] = []

    /// The kinds of scheme, named as the runtime's cases.
    public enum Kind: String, Sendable, Hashable {
        /// `Authorization: Bearer …`.
        case bearer
        /// `Authorization: Basic …`.
        case basic
        /// A key in a header.
        case apiKeyHeader
        /// A key in a query item.
        case apiKeyQuery
    }

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a scheme.
    public init(constantName: String, nameLiteral: String, docs: [String], kind: Kind) {
        self.constantName = constantName
        self.nameLiteral = nameLiteral
        self.docs = docs
        self.kind = kind
    }
}

/// How a scheme refreshes its token: the refresh endpoint's factory, called with the refresh
/// token, and the properties of its response holding the new tokens.
public struct TokenRefreshRender: Sendable, Hashable {
    /// The refresh endpoint's factory (`refreshToken`).
    public var factoryName: String
    /// The factory's argument label taking the refresh token.
    public var parameterLabel: String
    /// The response's property holding the access token.
    public var accessToken: String
    /// The response's property holding the next refresh token, when it has one (followed by
    /// `?.wrapped` when it is a `Nullable`, so `null` reads as no new token).
    public var refreshToken: [String]
    /// The response's property holding the lifetime in seconds, when it has one (followed by
    /// `?.wrapped` when it is a `Nullable`).
    public var expiresIn: [String]
    /// Whether reading that property gives an optional.
    public var expiresInIsOptional: Bool

    /// Creates a refresh.
    public init(
        factoryName: String, parameterLabel: String, accessToken: String, refreshToken: [String], expiresIn: [String],
        expiresInIsOptional: Bool
    ) {
        self.factoryName = factoryName
        self.parameterLabel = parameterLabel
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
        self.expiresInIsOptional = expiresInIsOptional
    }
}
