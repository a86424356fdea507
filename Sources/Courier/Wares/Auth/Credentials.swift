import Foundation

/// What a scheme needs to authenticate: a bearer token (with its refresh token and expiry), a
/// user name and password, or an API key. Printing it never shows a secret.
public struct Credentials: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The bearer access token, or the API key.
    public var token: String?
    /// The bearer refresh token.
    public var refreshToken: String?
    /// When the access token expires, if known (else a JWT's `exp` claim is read).
    public var expiresAt: Date?
    /// The user name, for basic authentication.
    public var username: String?
    /// The password, for basic authentication.
    public var password: String?
    /// A stable name of whose credentials these are — a user or account ID, never a secret — that
    /// stays the same when tokens are refreshed. Calls made with them are filed under it
    /// (``Principal``): the cache keeps a user's answers across refreshes, sign-ins of the same
    /// user and launches, and never serves them to anyone else. When `nil`, the ``Authenticator``
    /// gives each sign-in a random one (kept in the store with the credentials).
    public var identity: String?

    /// Credentials with these parts.
    public init(
        token: String? = nil, refreshToken: String? = nil, expiresAt: Date? = nil,
        username: String? = nil, password: String? = nil, identity: String? = nil
    ) {
        self.token = token
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.username = username
        self.password = password
        self.identity = identity
    }

    /// Bearer tokens, for the account `identity` when the app knows it.
    public static func bearer(
        _ accessToken: String, refreshToken: String? = nil, expiresAt: Date? = nil, identity: String? = nil
    ) -> Credentials {
        Credentials(token: accessToken, refreshToken: refreshToken, expiresAt: expiresAt, identity: identity)
    }

    /// A user name and password.
    public static func basic(username: String, password: String, identity: String? = nil) -> Credentials {
        Credentials(username: username, password: password, identity: identity)
    }

    /// An API key.
    public static func apiKey(_ key: String, identity: String? = nil) -> Credentials {
        Credentials(token: key, identity: identity)
    }

    /// Whether `other` holds the same secrets (token, refresh token, username and password),
    /// whatever its expiry and identity say: the same session signed in again.
    func sameSecrets(as other: Credentials) -> Bool {
        token == other.token && refreshToken == other.refreshToken && username == other.username && password == other.password
    }

    /// Which parts are present, never their values.
    public var description: String {
        var parts: [String] = []
        if token != nil { parts.append("token: \(Redaction.placeholder)") }
        if refreshToken != nil { parts.append("refreshToken: \(Redaction.placeholder)") }
        if let expiresAt { parts.append("expiresAt: \(expiresAt)") }
        if let username { parts.append("username: \(username)") }
        if password != nil { parts.append("password: \(Redaction.placeholder)") }
        if let identity { parts.append("identity: \(identity)") }
        return "Credentials(\(parts.joined(separator: ", ")))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror with the secrets redacted, so `dump` and debuggers show no secret either.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "token": token.map { _ in Redaction.placeholder } as Any,
            "refreshToken": refreshToken.map { _ in Redaction.placeholder } as Any,
            "expiresAt": expiresAt as Any,
            "username": username as Any,
            "password": password.map { _ in Redaction.placeholder } as Any,
            "identity": identity as Any,
        ])
    }
}

extension Credentials {
    /// Every value of these credentials that must never show in text about a call: the tokens,
    /// the password and the `Authorization` value basic authentication sends for it.
    var secretValues: [String] {
        var values = [token, refreshToken, password].compactMap { $0 }
        if let username, let password {
            values.append(Data("\(username):\(password)".utf8).base64EncodedString())
        }
        return values.filter { $0.utf8.count >= CallSecrets.minimumLength }
    }
}
