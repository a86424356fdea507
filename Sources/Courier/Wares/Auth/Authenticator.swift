import Foundation
import HTTPTypes

/// Puts each request's credentials on it, as its scheme says, and keeps bearer tokens fresh: the
/// innermost ware.
///
/// - **Schemes** come from the service (``ServiceConfiguration/authSchemes``, generated from the
///   spec); a request picks one with ``Request/authentication``, `.none` opts out.
/// - **Credentials** live in a ``CredentialStore``; sign in and out through the authenticator,
///   which keeps them in memory too.
/// - **Bearer refresh**: a token that expires within ``leeway`` (by its stored expiry, or a JWT's
///   `exp`) is refreshed before it is sent; a rejected status (401 unless the scheme says
///   otherwise) triggers one refresh and one replay. However many calls need a refresh at once,
///   one refresh request is made, as a side request that skips this ware, and every waiter
///   resumes with its result; a cancelled waiter does not cancel it for the others. A call that
///   carried an older token than the current one is replayed at once, without refreshing again.
/// - **Failure**: when the refresh fails, every waiter fails with the same error (kind
///   ``CourierError/Kind/refreshFailed``), the scheme's credentials are removed once and one
///   `sessionEnded` event is published; later calls fail at once with that error until the next
///   sign-in. A rejected status that cannot be refreshed ends the session the same way.
/// - **Loop guard**: more than ``refreshLimit`` refreshes within ``refreshWindow`` fail instead
///   of refreshing forever.
///
/// ```swift
/// let auth = Authenticator(store: FileCredentialStore(url: credentialsFile))
/// let client = try Client(service: Petstore.service(), wares: [auth, Retry()])
/// let tokens = try await client.send(Petstore.login(username: user, password: password))
/// try await auth.signIn(.bearer(tokens.accessToken, refreshToken: tokens.refreshToken), for: Petstore.AuthSchemes.session)
/// ```
public final class Authenticator: Ware {
    /// Where credentials are kept.
    public let store: any CredentialStore
    /// How long before its expiry a bearer token is refreshed.
    public let leeway: Duration
    /// The most refreshes of one scheme within ``refreshWindow``.
    public let refreshLimit: Int
    /// The window ``refreshLimit`` counts in.
    public let refreshWindow: Duration

    private let schemes = Locked<[AuthSchemeName: SchemeState]>([:])
    private let refreshes = SharedCalls<AuthSchemeName, CredentialSnapshot>()

    /// An authenticator keeping credentials in `store`.
    public init(
        store: any CredentialStore = MemoryCredentialStore(),
        leeway: Duration = .seconds(30),
        refreshLimit: Int = 5,
        refreshWindow: Duration = .seconds(60)
    ) {
        self.store = store
        self.leeway = leeway
        self.refreshLimit = refreshLimit
        self.refreshWindow = refreshWindow
    }

    /// The authentication slot: innermost, next to the transport.
    public var position: WarePosition { .authentication }

    // MARK: - The session

    /// Stores `credentials` for `scheme` (after a login), replacing any earlier ones.
    public func signIn(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        try await store.save(credentials, for: scheme)
        update(scheme) { state in
            state.credentials = credentials
            state.loaded = true
            state.endedBy = nil
        }
    }

    /// Forgets every scheme's credentials, in memory and in the store.
    public func signOut() async throws {
        try await store.removeAll()
        schemes.withLock { schemes in
            for name in schemes.keys {
                schemes[name]?.credentials = nil
                schemes[name]?.loaded = true
                schemes[name]?.generation += 1
            }
        }
    }

    /// The credentials `scheme` would use now.
    public func credentials(for scheme: AuthSchemeName) async throws -> Credentials? {
        try await current(scheme).credentials
    }

    // MARK: - The ware

    /// Authenticates `request` as its scheme says, refreshing and replaying as needed.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        guard let scheme = try context.service.authScheme(for: request.options.authentication) else {
            return try await next(request, context)
        }
        var sent = try await usable(scheme, context: context)
        do {
            return try await next(try authorized(request, with: sent, scheme: scheme), context)
        } catch let error as CourierError where isRejection(error, by: scheme) {
            sent = try await replacement(for: sent, rejectedWith: error, scheme: scheme, context: context)
            var replay = context
            replay.attempt += 1
            do {
                return try await next(try authorized(request, with: sent, scheme: scheme), replay)
            } catch let again as CourierError where isRejection(again, by: scheme) {
                await endSession(scheme, ifStill: sent.generation, reason: "credentials rejected again after a refresh", context: context)
                throw again
            }
        }
    }

    /// Credentials good to send now: refreshed first when a bearer token is about to expire.
    private func usable(_ scheme: AuthScheme, context: CallContext) async throws -> CredentialSnapshot {
        let snapshot = try await current(scheme.name)
        guard let credentials = snapshot.credentials else { throw snapshot.endedBy ?? notSignedIn(scheme) }
        if scheme.kind == .bearer, scheme.refresh != nil, credentials.refreshToken != nil,
           expires(credentials, before: context.wallClock.now.addingTimeInterval(leeway.timeInterval)) {
            return try await refreshed(scheme, after: snapshot.generation, context: context)
        }
        return snapshot
    }

    /// What to replay with after `sent` was rejected: newer credentials if someone already
    /// refreshed, else a refresh; without either the session ends and `error` is thrown.
    private func replacement(
        for sent: CredentialSnapshot, rejectedWith error: CourierError, scheme: AuthScheme, context: CallContext
    ) async throws -> CredentialSnapshot {
        let latest = try await current(scheme.name)
        if latest.generation > sent.generation {
            guard latest.credentials != nil else { throw latest.endedBy ?? error }
            return latest
        }
        guard scheme.kind == .bearer, scheme.refresh != nil, latest.credentials?.refreshToken != nil else {
            await endSession(scheme, ifStill: sent.generation, reason: "credentials rejected (status \(error.status?.code ?? 0))", context: context)
            throw error
        }
        return try await refreshed(scheme, after: sent.generation, context: context)
    }

    private func isRejection(_ error: CourierError, by scheme: AuthScheme) -> Bool {
        guard case .status(let response) = error.reason else { return false }
        return scheme.rejectedStatuses.contains(response.status.code)
    }

    private func expires(_ credentials: Credentials, before deadline: Date) -> Bool {
        guard let expiry = credentials.expiresAt ?? credentials.token.flatMap(JWT.expiry) else { return false }
        return expiry <= deadline
    }

    private func notSignedIn(_ scheme: AuthScheme) -> CourierError {
        .other(.notSignedIn, "no credentials for auth scheme '\(scheme.name)'; sign in first")
    }

    // MARK: - Refresh

    /// Credentials newer than `generation`: the current ones if someone already refreshed, else
    /// the result of the one refresh in flight (started here if there is none).
    private func refreshed(_ scheme: AuthScheme, after generation: Int, context: CallContext) async throws -> CredentialSnapshot {
        let latest = try await current(scheme.name)
        if latest.generation > generation {
            guard latest.credentials != nil else { throw latest.endedBy ?? notSignedIn(scheme) }
            return latest
        }
        return try await refreshes.join(scheme.name) { [self] in
            try await refresh(scheme, context: context)
        }.value
    }

    /// Makes one refresh: the side request, then the store; ends the session when it fails.
    private func refresh(_ scheme: AuthScheme, context: CallContext) async throws -> CredentialSnapshot {
        let snapshot = try await current(scheme.name)
        guard let refresh = scheme.refresh, let refreshToken = snapshot.credentials?.refreshToken else {
            throw snapshot.endedBy ?? notSignedIn(scheme)
        }
        let now = context.wallClock.now
        let tooMany = update(scheme.name) { state -> Bool in
            state.refreshTimes.removeAll { now.timeIntervalSince($0) > refreshWindow.timeInterval }
            state.refreshTimes.append(now)
            return state.refreshTimes.count > refreshLimit
        }
        if tooMany {
            let error = CourierError.other(
                .refreshFailed,
                "auth scheme '\(scheme.name)' was refreshed more than \(refreshLimit) times in \(refreshWindow); stopping so it does not loop")
            await endSession(scheme, ifStill: snapshot.generation, reason: "token refresh loop", context: context, error: error)
            throw error
        }
        let grant: TokenGrant
        do {
            grant = try await refresh.perform(refreshToken, context, self)
        } catch is CancellationError {
            throw CancellationError()  // every waiter left; the session stays as it was
        } catch {
            let cause = (error as? CourierError).map { "\($0.kind)" + ($0.status.map { " \($0.code) \($0.phrase)" } ?? "") }
            let failure = CourierError.other(
                .refreshFailed, "refreshing the credentials of auth scheme '\(scheme.name)' failed (\(cause ?? "\(type(of: error))"))",
                response: (error as? CourierError)?.response, underlying: error)
            await endSession(scheme, ifStill: snapshot.generation, reason: "token refresh failed", context: context, error: failure)
            throw failure
        }
        let fresh = Credentials(
            token: grant.accessToken, refreshToken: grant.refreshToken ?? refreshToken,
            expiresAt: grant.expiresIn.map { context.wallClock.now.addingTimeInterval($0.timeInterval) })
        do {
            try await store.save(fresh, for: scheme.name)
        } catch {
            // The new tokens still work for this process; only keeping them failed.
            context.logger.warning("could not store refreshed credentials", metadata: ["courier.error": "\(error)"])
        }
        return update(scheme.name) { state in
            state.credentials = fresh
            state.generation += 1
            return state.snapshot
        }
    }

    /// Removes `scheme`'s credentials and publishes `sessionEnded`, once: only when they are
    /// still those of `generation` (a newer sign-in or refresh is left alone).
    private func endSession(
        _ scheme: AuthScheme, ifStill generation: Int, reason: String, context: CallContext, error: CourierError? = nil
    ) async {
        let ended = update(scheme.name) { state -> Bool in
            guard state.generation == generation, state.credentials != nil else { return false }
            state.credentials = nil
            state.generation += 1
            state.endedBy = error
            return true
        }
        guard ended else { return }
        do { try await store.removeCredentials(for: scheme.name) } catch {
            context.logger.warning("could not remove ended credentials", metadata: ["courier.error": "\(error)"])
        }
        context.publish(StandardEvent.sessionEnded(reason: "auth scheme '\(scheme.name)': \(reason)"))
    }

    // MARK: - State

    /// The scheme's credentials and generation, loaded from the store the first time.
    private func current(_ name: AuthSchemeName) async throws -> CredentialSnapshot {
        if let snapshot = schemes.withLock({ $0[name].flatMap { $0.loaded ? $0.snapshot : nil } }) { return snapshot }
        let stored = try await store.credentials(for: name)
        return update(name) { state in
            if !state.loaded {
                state.credentials = stored
                state.loaded = true
            }
            return state.snapshot
        }
    }

    private func update<Result>(_ name: AuthSchemeName, _ body: (inout SchemeState) -> Result) -> Result {
        schemes.withLock { schemes in body(&schemes[name, default: SchemeState()]) }
    }
}

/// One scheme's credentials in memory: how many times they changed, and how they ended.
struct SchemeState {
    var credentials: Credentials?
    var loaded = false
    /// Goes up with every refresh, sign-out and ended session, so a call knows whether the
    /// credentials it sent are still the current ones.
    var generation = 0
    var refreshTimes: [Date] = []
    /// The refresh failure that ended the session, for calls that still wait on it.
    var endedBy: CourierError?

    var snapshot: CredentialSnapshot {
        CredentialSnapshot(credentials: credentials, generation: generation, endedBy: endedBy)
    }
}

/// Credentials as of one generation.
struct CredentialSnapshot: Sendable {
    var credentials: Credentials?
    var generation: Int
    var endedBy: CourierError?
}

extension CourierError.Kind {
    /// A request needs credentials and there are none: sign in first.
    public static let notSignedIn = CourierError.Kind("notSignedIn")
}
