import Foundation
import HTTPTypes

/// Puts each request's credentials on it, as its scheme says, and keeps bearer tokens fresh: the
/// innermost ware.
///
/// - **Schemes** come from the service (``ServiceConfiguration/authSchemes``, generated from the
///   spec); a request picks one with ``Request/authentication``, `.none` opts out.
/// - **Credentials** live in a ``CredentialStore``; sign in and out through the authenticator,
///   which keeps them in memory too.
/// - **Whose call**: before any ware runs, it names the session a call's credentials belong to
///   (``Credentials/identity``, kept through refreshes) as the call's ``Principal``, so the cache
///   and coalescing keep users apart. A call is only ever sent with credentials of the session it
///   started in: after a sign-out, or another user's sign-in, a call still waiting fails with
///   ``CourierError/Kind/notSignedIn`` instead.
/// - **Bearer refresh**: a token that expires within ``leeway`` (by its stored expiry, or a JWT's
///   `exp`) is refreshed before it is sent; a rejected status (401 unless the scheme says
///   otherwise) triggers one refresh and one replay. However many calls need a refresh at once,
///   one refresh request is made, as a side request that skips this ware, and every waiter
///   resumes with its result; a waiter that is cancelled, or whose own timeout passes, leaves
///   without cancelling it for the others. A call that carried an older token than the current
///   one is replayed at once, without refreshing again. A refresh's result is kept only if the
///   credentials it started from are still the current ones: a sign-out or sign-in during a
///   refresh wins.
/// - **Failure**: when the server rejects the refresh token (a 4xx other than 408 and 429), the
///   store is read again first: when it holds another refresh token of the same session (another
///   process sharing the store rotated it meanwhile), that one is taken up, and nobody is signed
///   out: the access token stored with it is sent as it is while it expires later than the
///   ``leeway`` (refreshing again would retire the one the other process holds, and the two
///   would take turns refreshing), else the refresh is made with it; when it holds another
///   identity's (the other process signed in as someone else), this session ends and that one
///   stays in the store. Otherwise
///   every waiter fails with the same error (kind ``CourierError/Kind/refreshFailed``), the
///   scheme's credentials are removed once and one `sessionEnded` event is published; later calls
///   fail at once with that error until the next sign-in. When the refresh fails for a passing
///   reason (no connection, a timeout, a 5xx), the waiters fail with
///   ``CourierError/Kind/refreshUnavailable``, which ``Retry`` retries, and the session and its
///   refresh token are kept. A rejected status that cannot be refreshed ends the session.
/// - **Keeping them**: when the store cannot save a refresh's new credentials (a full disk, a
///   locked keychain), the save is tried once more at once; then they are used in memory,
///   `credentialsNotStored` is published, and the next call that succeeds with them tries again
///   (`credentialsStored` is published once it could). Until then the store holds the previous
///   refresh token, which a rotating server no longer takes: the next launch may find the user
///   signed out.
/// - **Sessions end everywhere**: signing out, signing in as someone else, or a session ending
///   wipes what every client this authenticator serves kept for it (the ``HTTPCache``'s answers)
///   before `signOut()` returns, and publishes `sessionEnded` on each.
/// - **Loop guard**: more than ``refreshLimit`` successful refreshes within ``refreshWindow``
///   fail instead of refreshing forever.
/// - **One service's credentials**: credentials are kept by scheme name, so a scheme name belongs
///   to the first service (``ServiceConfiguration/name``) whose client uses it; a client of
///   another service declaring a scheme of the same name (`bearerAuth` is a common one) is
///   refused when it is made (``CourierError/Kind/invalidRequest``), so that no call of it ever
///   carries the first service's token, or sends its refresh token to another refresh endpoint.
///   Give each service an authenticator of its own (and a store of its own: stores keep
///   credentials by scheme name too), or list the services in ``sharedAcross`` to share them on
///   purpose. The scheme belongs to the origin of that first service's base URL too: a client of
///   the same service in another environment (a staging server) is refused the same way, so
///   that production's token never goes there; give each environment an authenticator and
///   store of its own, or name the service in ``sharedAcross``.
///
/// ```swift
/// let auth = Authenticator(store: FileCredentialStore(url: credentialsFile))
/// let client = try Client(service: Petstore.service(), wares: [auth, Retry()])
/// let tokens = try await client.send(Petstore.login(username: user, password: password))
/// try await auth.signIn(
///     .bearer(tokens.accessToken, refreshToken: tokens.refreshToken, identity: tokens.userID),
///     for: Petstore.AuthSchemes.session)
/// ```
public final class Authenticator: Ware, ClientAttaching {
    /// Where credentials are kept.
    public let store: any CredentialStore
    /// How long before its expiry a bearer token is refreshed; no more than half the life of a
    /// token a refresh handed out, so that tokens living shorter than this are not refreshed on
    /// every call. A refresh this early that fails for now leaves the call its working token.
    public let leeway: Duration
    /// The most refreshes of one scheme within ``refreshWindow``.
    public let refreshLimit: Int
    /// The window ``refreshLimit`` counts in.
    public let refreshWindow: Duration
    /// The services (by ``ServiceConfiguration/name``) that share the credentials of the scheme
    /// names they have in common, on purpose: two APIs of one backend that take the same token.
    /// Empty by default: a scheme name belongs to the first service that uses it, at the origin
    /// of its base URL, and a client of any other service declaring it, or of the same service at
    /// another origin (another environment), is refused. Services named here share across their
    /// environments too; one service named alone shares its credentials across its environments.
    /// Once the owner's clients are gone and the scheme holds no credentials (signed out), the
    /// next service to use it takes it over: how an app switches environment.
    public let sharedAcross: Set<String>

    let schemes = Locked<[AuthSchemeName: SchemeState]>([:])
    let refreshes = SharedCalls<RefreshKey, CredentialSnapshot>(finishesAbandonedWork: true)
    /// Store writes and the memory changes that go with them, one at a time, so that the store
    /// and memory never disagree about who is signed in.
    let commits = AsyncSerial()
    let clients = Locked(ServedClients())

    /// An authenticator keeping credentials in `store`, for the clients of one service, or of
    /// the services named in `sharedAcross` (see ``sharedAcross``).
    public init(
        store: any CredentialStore = MemoryCredentialStore(),
        leeway: Duration = .seconds(30),
        refreshLimit: Int = 5,
        refreshWindow: Duration = .seconds(60),
        sharedAcross: Set<String> = []
    ) {
        self.store = store
        self.leeway = leeway
        self.refreshLimit = refreshLimit
        self.refreshWindow = refreshWindow
        self.sharedAcross = sharedAcross
    }

    /// The authentication slot: innermost, next to the transport.
    public var position: WarePosition { .authentication }

    // MARK: - The session

    /// Stores `credentials` for `scheme` (after a login), replacing any earlier ones. Credentials
    /// without an ``Credentials/identity`` get a new random one: a new session, unless they are
    /// the ones signed in already (the same tokens, username and password, as when an app saves
    /// again what it has), which keep their session and identity. When they replace
    /// another session's, that session ends (its cached answers are wiped, calls still waiting
    /// for it fail) before this returns. Stored credentials that cannot be read do not stop it
    /// (they are replaced); a store that cannot save throws, and nothing changes.
    public func signIn(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        let given = credentials
        let (ended, credentials) = try await commits.run { () -> (Principal?, Credentials) in
            // Unreadable ones (a corrupted file) have no session to end that anyone could know.
            let before = try? await loadedUnderCommit(scheme)
            var credentials = given
            if credentials.identity == nil {
                credentials.identity = before.flatMap { $0.sameSecrets(as: given) ? $0.identity : nil } ?? Authenticator.newIdentity()
            }
            try await store.save(credentials, for: scheme)
            let ended = update(scheme) { state -> Principal? in
                state.credentials = credentials
                state.unsaved = false
                state.loaded = true
                state.endedBy = nil
                state.generation += 1
                state.obtainedAt = nil  // on the caller's wall clock, which signIn does not have
                guard let previous = before?.identity, previous != credentials.identity else { return nil }
                return SchemeState.principal(scheme, identity: previous)
            }
            return (ended, credentials)
        }
        if let ended { await announce(ended, reason: "auth scheme '\(scheme)': another sign-in replaced it", context: nil) }
        let started = SchemeState.principal(scheme, identity: credentials.identity)
        for core in clients.withLock({ $0.live }) { core.sessionStarted(started) }
    }

    /// Forgets every scheme's credentials, in memory and in the store. Calls still waiting for
    /// them fail with ``CourierError/Kind/notSignedIn``; what the clients kept for the ended
    /// sessions (cached answers) is wiped before this returns.
    ///
    /// - Throws: What the store threw when it could not remove the credentials, after the sessions
    ///   ended in memory and their answers were wiped anyway: the user is signed out in this
    ///   process, but the stored credentials may sign them in again at the next launch.
    public func signOut() async throws {
        let (ended, storeError) = await commits.run { () -> ([Principal], (any Error)?) in
            // Schemes not used yet in this process may still have a session in the store (and
            // answers cached under it from an earlier launch): learn whose, to wipe them too.
            for name in clients.withLock({ $0.schemeNames }) { _ = try? await loadedUnderCommit(name) }
            var storeError: (any Error)?
            do { try await store.removeAll() } catch { storeError = error }
            let ended = schemes.withLock { schemes -> [Principal] in
                var ended: [Principal] = []
                for name in schemes.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                    if let identity = schemes[name]?.credentials?.identity { ended.append(SchemeState.principal(name, identity: identity)) }
                    schemes[name]?.credentials = nil
                    schemes[name]?.unsaved = false
                    schemes[name]?.loaded = true
                    schemes[name]?.endedBy = nil
                    schemes[name]?.generation += 1
                }
                return ended
            }
            return (ended, storeError)
        }
        for principal in ended { await announce(principal, reason: "signed out", context: nil) }
        if let storeError { throw storeError }
    }

    /// The credentials `scheme` would use now.
    public func credentials(for scheme: AuthSchemeName) async throws -> Credentials? {
        try await current(scheme).credentials
    }

    // MARK: - Whose call

    /// The session of the scheme `request` uses (`auth:<scheme>:<identity>`), or
    /// ``Principal/anonymous`` when it uses none.
    public func principal(for request: PreparedRequest, context: CallContext) async -> Principal? {
        let scheme: AuthScheme?
        // The core's own configuration: `context.service` would copy all of it, on every call.
        do { scheme = try context.core.service.authScheme(for: request.authentication) } catch {
            return Principal("auth:undeclared")  // the call fails here later; it shares nothing meanwhile
        }
        guard let scheme else { return .anonymous }
        // The session's secret goes into this call's storage now, not only when it is applied: a
        // call answered by the cache or a coalesced call never reaches this ware, yet its log lines
        // and errors must not show the token either.
        // The first call of a session loads the credentials here, before any ware has logged a
        // line: its secrets are registered on that path too (a start line once showed a token
        // the app had also put in the query, found by the redaction property of #28).
        let known = schemes.withLock { schemes -> (Principal, Credentials?)? in
            guard let principal = schemes[scheme.name]?.currentPrincipal(scheme.name) else { return nil }
            return (principal, schemes[scheme.name]?.credentials)
        }
        if let (principal, credentials) = known {
            if let credentials { context.storage.addSecrets(credentials.secretValues) }
            return principal
        }
        guard let snapshot = try? await current(scheme.name) else { return Principal("auth:\(scheme.name):unreadable") }
        if let credentials = snapshot.credentials { context.storage.addSecrets(credentials.secretValues) }
        return SchemeState.principal(scheme.name, identity: snapshot.credentials?.identity)
    }

    // MARK: - The ware

    /// Authenticates `request` as its scheme says, refreshing and replaying as needed.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        guard let scheme = try context.core.service.authScheme(for: request.authentication) else {
            return try await next(request, context)
        }
        // A client-wide authenticator checked this when the client was made; a request's own did not.
        try checkServes(scheme.name, core: context.core)
        // The session the call was made for; `nil` only for a context built outside a client.
        let expected = context.principal.part(startingWith: SchemeState.prefix(scheme.name))
        var deadline = CallDeadline(request.timeout)
        var sent = try await usable(scheme, expected: expected, deadline: deadline, context: context)
        do {
            let response = try await next(try authorized(deadline.remaining(of: request), with: sent, scheme: scheme, context: context), context)
            // They work: keep them this time, so that the next launch does not start with a
            // refresh token the server retired.
            if sent.unsaved { await storeUnsaved(scheme.name, context: context) }
            return response
        } catch let error as CourierError where isRejection(error, by: scheme) {
            deadline = CallDeadline(request.timeout)
            sent = try await replacement(for: sent, rejectedWith: error, scheme: scheme, expected: expected, deadline: deadline, context: context)
            guard request.canBeSentAgain else {
                // The credentials are renewed for the calls to come, but this one cannot be sent again.
                context.logger.notice("not replayed after new credentials: the request body is a one-shot stream; make it replayable to allow replays")
                throw error
            }
            var replay = context
            // Another process's stored access token, taken up as it is, may be refused (it
            // refreshed again since, or the token was revoked): its refresh token may still work.
            var mayRefreshAgain = sent.adoptedUnproven
            while true {
                replay.attempt += 1
                do {
                    return try await next(try authorized(deadline.remaining(of: request), with: sent, scheme: scheme, context: context), replay)
                } catch let again as CourierError where isRejection(again, by: scheme) {
                    guard mayRefreshAgain else {
                        await endSession(scheme, ifStill: sent.generation, reason: "credentials rejected again after a refresh", context: context)
                        throw again
                    }
                    mayRefreshAgain = false
                    sent = try await refreshed(scheme, after: sent, expected: expected, deadline: deadline, context: context)
                }
            }
        }
    }

    /// Credentials good to send now for the session `expected`: refreshed first when a bearer
    /// token is about to expire. A refresh made early, while the token still works, that fails
    /// for now (``CourierError/Kind/refreshUnavailable``) costs the call nothing: it goes out with
    /// the token it has, and the next call tries again.
    private func usable(
        _ scheme: AuthScheme, expected: String?, deadline: CallDeadline, context: CallContext
    ) async throws -> CredentialSnapshot {
        let snapshot = try await current(scheme.name)
        let credentials = try check(snapshot, of: scheme, expected: expected)
        guard scheme.kind == .bearer, scheme.refresh != nil, credentials.refreshToken != nil,
              let expiry = credentials.expiresAt ?? credentials.token.flatMap(JWT.expiry) else { return snapshot }
        // A JWT's `exp` that had passed on this device's clock when the token arrived tells of a
        // clock ahead of the server's, not of an expired token: refreshing it would only bring
        // another such token. It is sent, and a 401 refreshes it.
        if credentials.expiresAt == nil, let obtainedAt = snapshot.obtainedAt, expiry <= obtainedAt { return snapshot }
        let now = context.wallClock.now
        guard expiry <= now.addingTimeInterval(earlyRefreshTime(until: expiry, obtainedAt: snapshot.obtainedAt)) else { return snapshot }
        do {
            return try await refreshed(scheme, after: snapshot, expected: expected, deadline: deadline, context: context)
        } catch let error as CourierError where error.kind == .refreshUnavailable && expiry > context.wallClock.now {
            guard current(scheme.name, isStill: snapshot.generation) else { throw error }
            context.logger.notice(
                "refreshing early failed for now; sending the token that still works", metadata: ["courier.error": "\(error.message)"])
            return snapshot
        }
    }

    /// How long before `expiry` a token is refreshed: the ``leeway``, but no more than half the
    /// life of a token obtained at `obtainedAt`. A server handing out tokens that live shorter
    /// than the leeway would otherwise have every call refresh, until the loop guard ended the
    /// session.
    private func earlyRefreshTime(until expiry: Date, obtainedAt: Date?) -> TimeInterval {
        guard let obtainedAt else { return leeway.timeInterval }
        return min(leeway.timeInterval, max(0, expiry.timeIntervalSince(obtainedAt)) / 2)
    }

    /// What to replay with after `sent` was rejected: newer credentials of the same session if
    /// someone already refreshed, else a refresh; without either the session ends and `error` is
    /// thrown.
    private func replacement(
        for sent: CredentialSnapshot, rejectedWith error: CourierError, scheme: AuthScheme, expected: String?,
        deadline: CallDeadline, context: CallContext
    ) async throws -> CredentialSnapshot {
        let latest = try await current(scheme.name)
        if latest.generation > sent.generation {
            _ = try check(latest, of: scheme, expected: expected ?? SchemeState.prefix(scheme.name) + (sent.credentials?.identity ?? ""))
            return latest
        }
        guard scheme.kind == .bearer, scheme.refresh != nil, latest.credentials?.refreshToken != nil else {
            await endSession(scheme, ifStill: sent.generation, reason: "credentials rejected (status \(error.status?.code ?? 0))", context: context)
            throw error
        }
        return try await refreshed(scheme, after: sent, expected: expected, deadline: deadline, context: context)
    }

    /// The credentials of `snapshot`, when they belong to the session `expected` (when given).
    func check(_ snapshot: CredentialSnapshot, of scheme: AuthScheme, expected: String?) throws -> Credentials {
        guard let credentials = snapshot.credentials else { throw snapshot.endedBy ?? notSignedIn(scheme) }
        if let expected, !SchemeState.isPart(expected, of: scheme.name, identity: credentials.identity) {
            throw CourierError.other(
                .notSignedIn,
                "the credentials of auth scheme '\(scheme.name)' changed to another sign-in while this call waited; "
                    + "it was made for the previous session and is not sent with another's credentials")
        }
        return credentials
    }

    private func isRejection(_ error: CourierError, by scheme: AuthScheme) -> Bool {
        guard case .status(let response) = error.reason else { return false }
        // Another origin's 401 (after a redirect, which left the credentials behind) says
        // nothing of them: ending the session there would sign the user out for nothing.
        return scheme.rejectedStatuses.contains(response.status.code) && !response.followedToAnotherOrigin
    }

    func notSignedIn(_ scheme: AuthScheme) -> CourierError {
        .other(.notSignedIn, "no credentials for auth scheme '\(scheme.name)'; sign in first")
    }

    static func newIdentity() -> String { UUID().uuidString }
}

extension CourierError.Kind {
    /// A request needs credentials and there are none, or the ones it was made with were signed
    /// out or replaced by another sign-in while it waited: sign in (again) and send it again.
    public static let notSignedIn = CourierError.Kind("notSignedIn")
    /// The credentials could not be refreshed for a passing reason (no connection, a timeout, a
    /// 5xx from the auth server): the session is kept and the call may be tried again (``Retry``
    /// does).
    public static let refreshUnavailable = CourierError.Kind("refreshUnavailable")
}
