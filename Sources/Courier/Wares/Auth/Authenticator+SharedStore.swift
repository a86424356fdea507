import Foundation

/// Credentials another process changed in a store it shares with this one.
///
/// Each authenticator reads a scheme's credentials from its store once, and keeps them in memory.
/// Two processes on one ``FileCredentialStore`` file (or one keychain item) each refresh with
/// the refresh token they read: when one rotated it, the other's refresh was rejected, and ended
/// the session of both (removing the new tokens from the store as well). So before a rejected
/// refresh ends the session, the store is read again.
extension Authenticator {
    /// How many times one refresh takes up another process's refresh token before giving up.
    static let adoptionLimit = 2

    /// What the store holds after the server rejected the refresh token `rejected`.
    enum StoredAfterRejection {
        /// The same session's credentials with another refresh token, now the current ones in
        /// memory too (a new generation): send their access token while it has time left
        /// (``usableAsStored(_:replacing:now:leeway:)``), else refresh with them.
        case newer(CredentialSnapshot)
        /// Another sign-in's credentials (another identity): this session is over, that one is not.
        case anotherSession
        /// Nothing, or the refresh token that was rejected: the session is over.
        case nothingNewer
    }

    /// Reads the store again after `rejected`, the refresh token of `snapshot`, was rejected, and
    /// takes up what it holds when another process refreshed the same session meanwhile.
    ///
    /// - Throws: ``RefreshSuperseded`` when a sign-in or sign-out in this process changed the
    ///   credentials meanwhile.
    func storedAfterRejection(
        _ scheme: AuthScheme, rejected: String, from snapshot: CredentialSnapshot, now: Date
    ) async throws -> StoredAfterRejection {
        try await commits.run { () -> StoredAfterRejection in
            guard current(scheme.name, isStill: snapshot.generation) else { throw RefreshSuperseded() }
            // A store that cannot be read now has nothing better to offer.
            guard let stored = try? await store.credentials(for: scheme.name), let token = stored.refreshToken, token != rejected
            else { return .nothingNewer }
            let identity = snapshot.credentials?.identity
            if let storedIdentity = stored.identity, let identity, storedIdentity != identity { return .anotherSession }
            return .newer(update(scheme.name) { state in
                state.credentials = stored
                state.credentials?.identity = identity
                state.generation += 1
                // Read from the store: its age is unknown. With a known expiry, counting its life
                // from now keeps the early refresh at half of what is left, not the whole leeway
                // (which would refresh a short-lived token at once, and rotate the other's again).
                state.obtainedAt = stored.expiresAt != nil ? now : nil
                return state.snapshot
            })
        }
    }

    /// Whether `adopted`, read from the store after `replaced`'s refresh token was rejected, holds
    /// another access token whose `expiresAt` is later than `leeway` from `now`: one another
    /// process's refresh just obtained. Without an `expiresAt` (a device-clock time) it may be old
    /// (a JWT's `exp` is a time on the server's clock), and is refreshed instead.
    static func usableAsStored(_ adopted: CredentialSnapshot, replacing replaced: CredentialSnapshot, now: Date, leeway: Duration) -> Bool {
        guard let credentials = adopted.credentials, let token = credentials.token, token != replaced.credentials?.token,
              let expiry = credentials.expiresAt
        else { return false }
        return expiry > now.addingTimeInterval(leeway.timeInterval)
    }
}
