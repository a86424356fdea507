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
    /// Forgets the credentials of `scheme` only while the store still holds `ended` (the same
    /// token, refresh token, username and password), and says whether it did. The
    /// ``Authenticator`` ends a rejected session with it, so that credentials another process
    /// sharing the store saved meanwhile (a new sign-in, a rotated token) are not removed with it.
    ///
    /// The default reads, compares and removes, with a moment between the read and the removal;
    /// a store that other processes share should make it one change, as ``FileCredentialStore``
    /// does under its lock.
    func removeCredentials(for scheme: AuthSchemeName, ifStill ended: Credentials) async throws -> Bool
    /// Forgets every scheme's credentials: the whole session.
    func removeAll() async throws
}

extension CredentialStore {
    /// Reads `scheme`'s credentials and removes them when they hold the secrets of `ended`.
    public func removeCredentials(for scheme: AuthSchemeName, ifStill ended: Credentials) async throws -> Bool {
        guard let stored = try await credentials(for: scheme), stored.sameSecrets(as: ended) else { return false }
        try await removeCredentials(for: scheme)
        return true
    }
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

    /// Forgets the credentials of `scheme` when they hold the secrets of `ended`, in one step.
    public func removeCredentials(for scheme: AuthSchemeName, ifStill ended: Credentials) async throws -> Bool {
        stored.withLock { stored in
            guard let current = stored[scheme], current.sameSecrets(as: ended) else { return false }
            stored[scheme] = nil
            return true
        }
    }

    /// Forgets everything.
    public func removeAll() async throws {
        stored.withLock { $0.removeAll() }
    }
}
