/// Keeps the credentials of each authentication scheme between calls (and, for persistent
/// stores, between launches). The ``Authenticator`` reads and writes it; the app signs in and
/// out through the authenticator.
///
/// Use ``MemoryCredentialStore`` for a session that ends with the process, ``FileCredentialStore``
/// on Linux and `KeychainCredentialStore` on Apple platforms to keep it; implement the protocol
/// for anything else:
///
/// ```swift
/// actor DefaultsStore: CredentialStore {
///     func credentials(for scheme: AuthSchemeName) async throws -> Credentials? { … }
///     func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws { … }
///     func removeCredentials(for scheme: AuthSchemeName) async throws { … }
///     func removeAll() async throws { … }
/// }
/// ```
public protocol CredentialStore: Sendable {
    /// The stored credentials of `scheme`, or `nil`.
    func credentials(for scheme: AuthSchemeName) async throws -> Credentials?
    /// Stores `credentials` for `scheme`, replacing what was there.
    func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws
    /// Forgets the credentials of `scheme`.
    func removeCredentials(for scheme: AuthSchemeName) async throws
    /// Forgets every scheme's credentials: the whole session.
    func removeAll() async throws
}

/// Credentials kept in memory for the life of the process.
public final class MemoryCredentialStore: CredentialStore {
    private let stored = Locked<[AuthSchemeName: Credentials]>([:])

    /// An empty store, or one holding `initial`.
    public init(_ initial: [AuthSchemeName: Credentials] = [:]) {
        stored.withLock { $0 = initial }
    }

    /// The stored credentials of `scheme`, or `nil`.
    public func credentials(for scheme: AuthSchemeName) async throws -> Credentials? {
        stored.withLock { $0[scheme] }
    }

    /// Stores `credentials` for `scheme`.
    public func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        stored.withLock { $0[scheme] = credentials }
    }

    /// Forgets the credentials of `scheme`.
    public func removeCredentials(for scheme: AuthSchemeName) async throws {
        stored.withLock { _ = $0.removeValue(forKey: scheme) }
    }

    /// Forgets everything.
    public func removeAll() async throws {
        stored.withLock { $0.removeAll() }
    }
}
