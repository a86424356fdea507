import Foundation

/// The authenticator's memory of each scheme, its refreshes, and the ends of sessions.
extension Authenticator {
    // MARK: - Refresh

    /// Credentials newer than `snapshot` of the same session: the current ones if someone already
    /// refreshed, else the result of the one refresh in flight from `snapshot` (started here if
    /// there is none). The wait ends at the caller's own deadline.
    func refreshed(
        _ scheme: AuthScheme, after snapshot: CredentialSnapshot, expected: String?, deadline: CallDeadline,
        context: CallContext
    ) async throws -> CredentialSnapshot {
        let session = expected ?? SchemeState.part(scheme.name, identity: snapshot.credentials?.identity)
        let latest = try await current(scheme.name)
        if latest.generation > snapshot.generation {
            _ = try check(latest, of: scheme, expected: session)
            return latest
        }
        let key = RefreshKey(scheme: scheme.name, generation: snapshot.generation)
        do {
            return try await refreshes.join(key, timeout: try deadline.timeLeft()) { [self] in
                try await refresh(scheme, from: snapshot, context: context)
            }.value
        } catch is RefreshSuperseded {
            // Signed out, or signed in again, while it ran: the caller's session decides.
            let latest = try await current(scheme.name)
            _ = try check(latest, of: scheme, expected: session)
            return latest
        }
    }

    /// Makes one refresh from `snapshot`: the side request, then the store and memory, but only
    /// if `snapshot` is still current. Ends the session only when the refresh token is rejected.
    /// `adoptions` counts the refresh tokens of other processes this refresh took up already
    /// (``storedAfterRejection(_:rejected:from:now:)``), so that a store changing all the time cannot
    /// keep it going.
    private func refresh(
        _ scheme: AuthScheme, from snapshot: CredentialSnapshot, context: CallContext, adoptions: Int = 0
    ) async throws -> CredentialSnapshot {
        // Another refresh may have committed between the caller's look and its joining (the
        // finished call leaves the registry first): never send an already rotated refresh token.
        guard current(scheme.name, isStill: snapshot.generation) else { throw RefreshSuperseded() }
        guard let refresh = scheme.refresh, let refreshToken = snapshot.credentials?.refreshToken else {
            throw snapshot.endedBy ?? notSignedIn(scheme)
        }
        let now = context.wallClock.now
        let tooMany = update(scheme.name) { state -> Bool in
            state.refreshTimes.removeAll { now.timeIntervalSince($0) > refreshWindow.timeInterval }
            return state.refreshTimes.count >= refreshLimit
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
            if current(scheme.name, isStill: snapshot.generation) == false { throw RefreshSuperseded() }
            let response = Authenticator.response(of: error)
            let kind = (error as? CourierError)?.kind
            let cause = kind.map { "\($0)" + (response.map { " \($0.status.code) \($0.status.phrase)" } ?? "") } ?? "\(type(of: error))"
            guard Authenticator.rejectsRefreshToken(error) else {
                throw CourierError.other(
                    .refreshUnavailable,
                    "refreshing the credentials of auth scheme '\(scheme.name)' failed for now (\(cause)); the session is kept, try again",
                    response: response, underlying: error)
            }
            let failure = CourierError.other(
                .refreshFailed, "refreshing the credentials of auth scheme '\(scheme.name)' failed (\(cause))",
                response: response, underlying: error)
            // Another process on the same store may have rotated the refresh token since this one
            // read it: its token is the live one, and the session is not over.
            let stored = adoptions < Authenticator.adoptionLimit
                ? try await storedAfterRejection(scheme, rejected: refreshToken, from: snapshot, now: context.wallClock.now)
                : .nothingNewer
            switch stored {
            case .newer(let adopted):
                // The other process stored the access token its refresh obtained with the refresh
                // token: while it has time left, it is used as it is. Refreshing again would rotate
                // the token the other process holds, and the two would take turns refreshing.
                if Authenticator.usableAsStored(adopted, replacing: snapshot, now: context.wallClock.now, leeway: leeway) {
                    var unproven = adopted
                    unproven.adoptedUnproven = true
                    return unproven
                }
                // Under the adopted generation's key, so that calls that carried its token join it.
                let key = RefreshKey(scheme: scheme.name, generation: adopted.generation)
                return try await refreshes.join(key) { [self] in
                    try await self.refresh(scheme, from: adopted, context: context, adoptions: adoptions + 1)
                }.value
            case .anotherSession:
                // The store holds another sign-in's credentials now: this session ends, that one stays.
                await endSession(
                    scheme, ifStill: snapshot.generation, reason: "token refresh failed", context: context, error: failure,
                    removingStored: false)
            case .nothingNewer:
                await endSession(scheme, ifStill: snapshot.generation, reason: "token refresh failed", context: context, error: failure)
            }
            throw failure
        }
        // Without `expiresIn`, a JWT's `iat` and `exp` give its lifetime, counted here on this
        // device's clock: `exp` alone is a time on the server's, and a device clock ahead of it by
        // more than the lifetime made every new token look expired on arrival (a refresh before
        // every call, until the loop guard ended the session).
        let lifetime = grant.expiresIn?.timeInterval ?? JWT.lifetime(of: grant.accessToken)
        let fresh = Credentials(
            token: grant.accessToken, refreshToken: grant.refreshToken ?? refreshToken,
            expiresAt: lifetime.map { context.wallClock.now.addingTimeInterval($0) },
            identity: snapshot.credentials?.identity)
        let (refreshed, saveError) = try await commits.run { () -> (CredentialSnapshot, (any Error)?) in
            // A sign-out or sign-in while the refresh ran wins: its result is dropped.
            guard current(scheme.name, isStill: snapshot.generation) else { throw RefreshSuperseded() }
            // The new tokens work for this process whatever happens here; only keeping them may fail.
            let saveError = await keep(fresh, for: scheme.name, context: context)
            return (update(scheme.name) { state in
                state.credentials = fresh
                state.generation += 1
                state.refreshTimes.append(now)
                state.obtainedAt = now
                state.unsaved = saveError != nil
                var refreshed = state.snapshot
                refreshed.unsaved = false  // its waiters just saw both saves fail: the next call tries again
                return refreshed
            }, saveError)
        }
        if let saveError {
            publish(StandardEvent.credentialsNotStored(scheme: scheme.name, reason: "\(saveError)"), context: context)
        }
        return refreshed
    }

    /// Whether a refresh failed because the server rejected the refresh token itself (a 4xx other
    /// than 408 and 429 from the refresh endpoint's origin), rather than for a passing reason.
    static func rejectsRefreshToken(_ error: any Error) -> Bool {
        guard let response = response(of: error) else { return false }
        if let error = error as? CourierError, error.kind == .decoding { return false }  // a 2xx that did not decode
        // Another origin's 4xx, after a redirect, says nothing of the refresh token: ending the
        // session there would sign the user out because of a server they never signed in with.
        if response.followedToAnotherOrigin { return false }
        let code = response.status.code
        return (400..<500).contains(code) && code != 408 && code != 429
    }

    /// The response a refresh failed with: a status error's, or a decoded error envelope's.
    static func response(of error: any Error) -> RawResponse? {
        (error as? CourierError)?.response
    }

    // MARK: - Ending sessions

    /// Removes `scheme`'s credentials and announces the end of their session, once: only when
    /// they are still those of `generation` (a newer sign-in or refresh is left alone).
    /// `removingStored: false` leaves the store alone, when it holds another session's credentials.
    /// The store's entry is removed only while it holds the ended credentials: another process
    /// sharing the store may have signed in or refreshed since this one read it.
    func endSession(
        _ scheme: AuthScheme, ifStill generation: Int, reason: String, context: CallContext, error: CourierError? = nil,
        removingStored: Bool = true
    ) async {
        let ended = await commits.run { () -> Principal? in
            let ended = update(scheme.name) { state -> (principal: Principal, credentials: Credentials, unsaved: Bool)? in
                guard state.generation == generation, let credentials = state.credentials else { return nil }
                let unsaved = state.unsaved
                state.credentials = nil
                state.unsaved = false
                state.generation += 1
                state.endedBy = error
                return (SchemeState.principal(scheme.name, identity: credentials.identity), credentials, unsaved)
            }
            guard let ended, removingStored else { return ended?.principal }
            do {
                // Credentials a refresh could not save are not the store's: it still holds the
                // ones they replaced, of the same session, which the server retired.
                if ended.unsaved {
                    try await store.removeCredentials(for: scheme.name)
                } else if try await !store.removeCredentials(for: scheme.name, ifStill: ended.credentials) {
                    context.logger.notice("ended credentials left in the store: it holds others, saved since they were read")
                }
            } catch {
                context.logger.warning("could not remove ended credentials", metadata: ["courier.error": "\(error)"])
            }
            return ended.principal
        }
        if let ended { await announce(ended, reason: "auth scheme '\(scheme.name)': \(reason)", context: context) }
    }

    /// Tells every client this authenticator serves (and `context`'s) that `principal`'s session
    /// ended, waiting for each to drop what it kept for it.
    func announce(_ principal: Principal, reason: String, context: CallContext?) async {
        var cores = clients.withLock { $0.live }
        if let core = context?.core, !cores.contains(where: { $0 === core }) { cores.append(core) }
        for core in cores { await core.sessionEnded(principal, reason: reason) }
    }

    // MARK: - State

    /// The scheme's credentials and generation, loaded from the store the first time. Stored
    /// credentials without an identity get one (and are stored again with it).
    func current(_ name: AuthSchemeName) async throws -> CredentialSnapshot {
        if let snapshot = schemes.withLock({ $0[name].flatMap { $0.loaded ? $0.snapshot : nil } }) { return snapshot }
        let (snapshot, named) = try await load(name)
        if let named {
            await commits.run {
                guard schemes.withLock({ $0[name]?.credentials == named }) else { return }
                try? await store.save(named, for: name)
            }
        }
        return snapshot
    }

    /// The scheme's credentials before a change made under ``commits``, loading them first.
    func loadedUnderCommit(_ name: AuthSchemeName) async throws -> Credentials? {
        if let snapshot = schemes.withLock({ $0[name].flatMap { $0.loaded ? $0.snapshot : nil } }) { return snapshot.credentials }
        return try await load(name).snapshot.credentials  // the change under way stores them anyway
    }

    /// Reads `name`'s credentials from the store into memory, unless someone did meanwhile;
    /// `named` holds them when they had no identity and got one here (to be stored again).
    private func load(_ name: AuthSchemeName) async throws -> (snapshot: CredentialSnapshot, named: Credentials?) {
        let stored = try await store.credentials(for: name)
        return update(name) { state in
            var named: Credentials?
            if !state.loaded {
                state.credentials = stored
                if stored != nil, stored?.identity == nil {
                    state.credentials?.identity = Authenticator.newIdentity()
                    named = state.credentials
                }
                state.loaded = true
            }
            return (state.snapshot, named)
        }
    }

    /// Whether `name`'s credentials are still of `generation`.
    func current(_ name: AuthSchemeName, isStill generation: Int) -> Bool {
        schemes.withLock { $0[name]?.generation == generation }
    }

    func update<Result>(_ name: AuthSchemeName, _ body: (inout SchemeState) -> Result) -> Result {
        schemes.withLock { schemes in body(&schemes[name, default: SchemeState()]) }
    }
}

/// One scheme's credentials in memory: how many times they changed, and how they ended.
struct SchemeState {
    var credentials: Credentials?
    var loaded = false
    /// Goes up with every sign-in, refresh, sign-out and ended session, so a call knows whether
    /// the credentials it sent are still the current ones.
    var generation = 0
    /// When the successful refreshes of the loop guard's window were made.
    var refreshTimes: [Date] = []
    /// When the current credentials were obtained (a refresh, a sign-in in this process); `nil`
    /// for ones read from the store, whose age is unknown.
    var obtainedAt: Date?
    /// The current credentials came from a refresh the store could not save them after: the next
    /// call that succeeds with them tries again (``Authenticator/storeUnsaved(_:context:)``).
    var unsaved = false
    /// A call is trying to save them now: the others do not queue up behind it.
    var saving = false
    /// The refresh failure that ended the session, for calls that still wait on it.
    var endedBy: CourierError?

    var snapshot: CredentialSnapshot {
        CredentialSnapshot(credentials: credentials, generation: generation, endedBy: endedBy, obtainedAt: obtainedAt, unsaved: unsaved)
    }

    /// The principal last handed out, kept so that a call does not build the same string again.
    private var principalCache: (identity: String?, principal: Principal)?

    /// The principal of the session now, once the credentials are loaded; `nil` before.
    mutating func currentPrincipal(_ scheme: AuthSchemeName) -> Principal? {
        guard loaded else { return nil }
        let identity = credentials?.identity
        if let principalCache, principalCache.identity == identity { return principalCache.principal }
        let principal = SchemeState.principal(scheme, identity: identity)
        principalCache = (identity, principal)
        return principal
    }

    /// `auth:<scheme>:`, what every principal part of the scheme starts with.
    static func prefix(_ scheme: AuthSchemeName) -> String { "auth:" + scheme.rawValue + ":" }  // small: no allocation

    /// The principal part of `scheme`'s session `identity` (`none` when signed out).
    static func part(_ scheme: AuthSchemeName, identity: String?) -> String { prefix(scheme) + (identity ?? "none") }

    /// Of a principal part: its ``prefix(_:)`` and whether it is a signed-in session (not
    /// `none`); `nil` for a part that is no authenticator's.
    static func session(of part: String) -> (prefix: String, signedIn: Bool)? {
        guard part.hasPrefix("auth:") else { return nil }
        let scheme = part.dropFirst(5)
        guard let colon = scheme.firstIndex(of: ":") else { return nil }
        let end = scheme.index(after: colon)
        return (String(part[..<end]), part[end...] != "none")
    }

    /// Whether `part` is ``part(_:identity:)`` of `scheme` and `identity`, compared without building it
    /// (every call checks, and the part is some fifty bytes).
    static func isPart(_ part: String, of scheme: AuthSchemeName, identity: String?) -> Bool {
        let prefix = prefix(scheme)
        let name = identity ?? "none"
        return part.utf8.count == prefix.utf8.count + name.utf8.count && part.hasPrefix(prefix) && part.hasSuffix(name)
    }

    static func principal(_ scheme: AuthSchemeName, identity: String?) -> Principal {
        Principal(part(scheme, identity: identity))
    }
}

/// Credentials as of one generation.
struct CredentialSnapshot: Sendable {
    var credentials: Credentials?
    var generation: Int
    var endedBy: CourierError?
    /// See ``SchemeState/obtainedAt``.
    var obtainedAt: Date?
    /// See ``SchemeState/unsaved``.
    var unsaved = false
    /// Credentials another process's refresh stored, taken up after this one's refresh token was
    /// rejected and sent as they are: when the server refuses their access token too, the call
    /// refreshes with their refresh token once rather than ending the session.
    var adoptedUnproven = false
}

/// One refresh in flight: of a scheme, from one generation of its credentials, so that calls of a
/// session signed in meanwhile never wait on the previous session's refresh.
struct RefreshKey: Hashable, Sendable {
    let scheme: AuthSchemeName
    let generation: Int
}

/// A refresh finished after its credentials were signed out or replaced.
struct RefreshSuperseded: Error {}

/// The time a call's attempt has left, for waits on shared work before it is sent: a wait ends
/// at the caller's own timeout, and what is sent after it gets only the rest.
struct CallDeadline {
    private let start = ContinuousClock.now
    private let timeout: Duration

    init(_ timeout: Duration) {
        self.timeout = timeout
    }

    /// What is left of the timeout, or ``TransportFailure/timedOut(after:)`` when nothing is.
    func timeLeft() throws -> Duration {
        let left = timeout - (ContinuousClock.now - start)
        guard left > .zero else { throw CourierError.transport(.timedOut(after: timeout)) }
        return left
    }

    /// `request` with the time left as its timeout; unchanged when the wait was too short to
    /// count (a few milliseconds: no refresh was waited for).
    func remaining(of request: PreparedRequest) throws -> PreparedRequest {
        guard ContinuousClock.now - start > .milliseconds(5) else { return request }
        var request = request
        request.timeout = try timeLeft()
        return request
    }
}
