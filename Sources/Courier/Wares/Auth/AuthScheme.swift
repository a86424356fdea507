import Foundation

/// The name of one of a service's authentication schemes, as the spec declares it.
///
/// Generated code names schemes with constants (`Petstore.AuthSchemes.session`); hand-written
/// code may use a literal: `request.authentication = .scheme("apiKey")`.
public struct AuthSchemeName: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// A scheme name.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A scheme name from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The name.
    public var description: String { rawValue }
}

/// How one authentication scheme puts credentials on a request, what says they were rejected,
/// and, for bearer tokens, how they are refreshed. The ``Authenticator`` ware carries it out.
///
/// ```swift
/// let session = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
///     request: { refreshToken in Auth.refresh(token: refreshToken) },
///     read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken, expiresIn: .seconds($0.expiresIn)) }
/// ))
/// ```
public struct AuthScheme: Sendable {
    /// Where a credential goes.
    public enum Kind: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case bearer
        /// `Authorization: Basic <base64 of username:password>`.
        case basic
        /// An API key in a header field of this name.
        case apiKeyHeader(String)
        /// An API key in a query item of this name.
        case apiKeyQuery(String)
    }

    /// The scheme's name.
    public var name: AuthSchemeName
    /// Where the credential goes.
    public var kind: Kind
    /// Statuses that mean "credentials rejected" (401 by default).
    public var rejectedStatuses: Set<Int>
    /// How a bearer token is refreshed; `nil` when it cannot be.
    public var refresh: TokenRefresh?

    /// A scheme.
    public init(name: AuthSchemeName, kind: Kind, rejectedStatuses: Set<Int> = [401], refresh: TokenRefresh? = nil) {
        self.name = name
        self.kind = kind
        self.rejectedStatuses = rejectedStatuses
        self.refresh = refresh
    }
}

/// What a token refresh returned.
public struct TokenGrant: Sendable {
    /// The new access token.
    public var accessToken: String
    /// A new refresh token, when the server rotates them.
    public var refreshToken: String?
    /// How long the access token lives, when the server says.
    public var expiresIn: Duration?

    /// A grant.
    public init(accessToken: String, refreshToken: String? = nil, expiresIn: Duration? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// How a bearer scheme gets new tokens: the refresh request, built from the refresh token, and
/// how its response becomes a ``TokenGrant``. The request is sent as a side request that skips
/// the ``Authenticator`` (it must not need the token it renews). It follows redirects within its
/// origin only (``RedirectPolicy/withinOrigin`` of its own or the service's policy): a `307` or
/// `308` would carry its body, the refresh token, to another origin. A redirect elsewhere fails
/// the refresh for now (``CourierError/Kind/refreshUnavailable``), and the session is kept.
public struct TokenRefresh: Sendable {
    let perform: @Sendable (_ refreshToken: String, _ context: CallContext, _ sender: Authenticator) async throws -> TokenGrant

    /// A refresh made by sending `request(refreshToken)` and reading the grant from its value.
    public init<Tokens>(
        request: @escaping @Sendable (_ refreshToken: String) -> Request<Tokens>,
        read: @escaping @Sendable (Tokens) -> TokenGrant
    ) {
        perform = { refreshToken, context, sender in
            // The refresh token is a secret of the side request under whatever name (or path
            // segment) it travels.
            var refresh = request(refreshToken)
            // The core's own configuration: `context.service` would copy all of it.
            refresh.redirects = (refresh.redirects ?? context.core.service.redirects).withinOrigin
            return read(try await context.response(for: refresh, from: sender, skipping: [], secrets: [refreshToken]).value)
        }
    }
}
