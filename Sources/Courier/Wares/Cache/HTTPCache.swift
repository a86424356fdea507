import Foundation
import HTTPTypes

/// Answers GET and HEAD requests from a ``CacheStore`` by their ``CachePolicy`` and HTTP's rules
/// for a private cache (RFC 9111), and revalidates stale answers with `If-None-Match` /
/// `If-Modified-Since`.
///
/// - Policy: the request's ``Request/cachePolicy``, else the service's, else `localElseRemote`
///   with the server's freshness. A policy's `timeToLive` (the spec's `ttl`) replaces the
///   server's freshness.
/// - Stored: responses to GET and HEAD with a cacheable status and no `no-store`; `no-cache`
///   entries are revalidated before every use; `Vary` values are part of the match. The
///   request's own `Cache-Control` is honoured too: `no-cache`, `max-age`, `min-fresh`,
///   `max-stale`, `only-if-cached` and `no-store` (RFC 9111 §5.2.1). A
///   successful POST, PUT, PATCH or DELETE removes the stored answer for its URL. A request
///   whose response is streamed or written to a file (``ResponseDelivery``) bypasses the cache.
/// - Partitions: every answer is filed under whose call it was (``CallContext/principal``,
///   decided before this ware runs): answers to anonymous calls under
///   ``CacheKey/sharedPartition``, answers to credentialed ones under their principal — the
///   session the ``Authenticator`` signed in, or a salted fingerprint of credentials the request
///   carries itself. Anonymous and credentialed calls, two users and two schemes never share an
///   answer, and a token refresh keeps the cache. `Vary` on a credential field (`Authorization`,
///   `Cookie`, an API-key header) matches by whose credentials they are. When a session ends (a
///   sign-out, another user signing in, a rejected refresh) its answers are wiped before the
///   authenticator's `signOut()` returns, and an answer to a call of an ended session that
///   arrives later is not stored. Apps that want one partition of their own for every
///   credentialed call set ``partition``.
/// - Provenance: a stored answer comes back as ``ResponseSource/cache(age:)``, one confirmed by a
///   `304` as ``ResponseSource/revalidated``; the call's storage says what happened
///   (``CacheOutcome``).
///
/// ```swift
/// let cache = HTTPCache(store: HybridCacheStore(disk: DiskCacheStore(directory: cachesDirectory)))
/// let client = try Client(service: Petstore.service(), wares: [cache, auth])
/// ```
public final class HTTPCache: Ware, SessionObserving {
    /// Where answers are kept.
    public let store: any CacheStore
    private let state = Locked(PartitionState())

    /// A cache over `store`.
    public init(store: any CacheStore = MemoryCacheStore()) {
        self.store = store
    }

    /// The cache slot: outside authentication (a hit needs no credential), inside coalescing.
    public var position: WarePosition { .cache }

    /// A partition of the app's own for every credentialed call (a user ID, never a token), in
    /// place of the automatic one per ``Principal``; `nil`, the default, files each call under its
    /// principal. Set it only when the app itself keeps users apart: every credentialed call goes
    /// to it, whoever's credentials it carries. A session's end wipes it and sets it back to `nil`.
    public var partition: String? {
        get { state.withLock { $0.manual } }
        set { state.withLock { $0.setManual(newValue) } }
    }

    /// Removes every stored answer of `partition`, in memory and on disk.
    public func wipe(partition: String) async {
        await store.removePartition(partition)
    }

    /// Wipes what was filed under `principal`, and refuses to file anything more under it.
    func sessionEnded(_ principal: Principal) async {
        await wipe(state.withLock { $0.end(principal) })
    }

    private func wipe(_ partitions: [String]) async {
        for partition in partitions { await store.removePartition(partition) }
    }

    /// Files answers under `principal` again: the same identity signed in anew.
    func sessionStarted(_ principal: Principal) {
        state.withLock { $0.start(principal) }
    }

    /// Wipes the ended session's answers when another ware announces `sessionEnded` (the
    /// ``Authenticator`` has already waited for this cache by then).
    public func observe(_ event: any ServiceEvent) {
        guard case StandardEvent.sessionEnded(_, let principal) = event, !state.withLock({ $0.hasEnded(principal) }) else { return }
        // Ended here, at once (later calls must not see the app's partition); wiped behind them.
        let partitions = state.withLock { $0.end(principal) }
        Task { await wipe(partitions) }
    }

    /// Answers `request` by its policy.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        let method = request.http.method
        guard method == .get || method == .head else {
            let response = try await next(request, context)
            if [.post, .put, .patch, .delete].contains(method), response.status.code < 400 {
                await invalidate(request, context: context)
            }
            return response
        }
        guard request.responseDelivery.collects else {
            // A streamed or file body is never held, so there is nothing to store or answer with.
            context.storage[CacheOutcome.self] = .bypassed
            return try await next(request, context)
        }
        let policy = request.cachePolicy ?? context.service.cachePolicy ?? CachePolicy(.localElseRemote)
        let asked = CacheControl.asked(by: request)
        if asked?.noStore == true {
            context.storage[CacheOutcome.self] = .bypassed
            return try await next(request, context)
        }
        let mode = asked?.onlyIfCached == true ? .localOnly : policy.mode
        if mode == .remoteOnly {
            // Before the lookup: a disk entry would be read (and copied into memory) for nothing.
            context.storage[CacheOutcome.self] = .bypassed
            return try await next(request, context)
        }
        let (key, vary, stored) = await lookUp(request, context: context)
        let now = context.wallClock.now
        switch mode {
        case .remoteOnly:
            return try await next(request, context)  // answered above, before the lookup
        case .localOnly:
            guard let stored, stored.standsIn(for: asked, at: now) else {
                context.storage[CacheOutcome.self] = .miss
                throw CourierError.other(.cacheMiss, "nothing stored for \(request.http.method.rawValue) \(key.url)")
            }
            context.storage[CacheOutcome.self] = .hit
            return stored.rawResponse(source: .cache(age: stored.age(at: now)))
        case .localElseRemote:
            if let stored, stored.answers(asked, at: now) {
                context.storage[CacheOutcome.self] = .hit
                return stored.rawResponse(source: .cache(age: stored.age(at: now)))
            }
            return try await fetch(request, key: key, vary: vary, stored: stored, policy: policy, context: context, next: next)
        case .remoteElseLocal:
            do {
                return try await fetch(request, key: key, vary: vary, stored: stored, policy: policy, context: context, next: next)
            } catch let error as CourierError where HTTPCache.fallsBack(error) {
                guard let stored, stored.standsIn(for: asked, at: now) else { throw error }
                return Self.fallBack(to: stored, after: error, context: context)
            }
        case .localThenRemote:
            if let stored, context.takesEarlyResponses, asked.map({ stored.standsIn(for: $0, at: now) }) ?? true {
                context.deliverEarly(stored.rawResponse(source: .cache(age: stored.age(at: now))))
            }
            return try await fetch(request, key: key, vary: vary, stored: stored, policy: policy, context: context, next: next)
        }
    }

    /// The key and `Vary` values `request` is filed under, and the entry stored for them.
    func lookUp(_ request: PreparedRequest, context: CallContext) async -> (CacheKey, VaryValues, CachedResponse?) {
        let principal = context.principal(of: request)
        let redaction = context.service.redaction
        let key = CacheKey(request: request.http, partition: partition(for: principal, of: request, redaction: redaction), redaction: redaction)
        let vary = VaryValues(request: request, principal: principal, redaction: context.service.redaction)
        return (key, vary, await store.entry(for: key).flatMap { $0.matchesVary(vary) ? $0 : nil })
    }

    /// `remoteElseLocal`'s answer after `error`: `stored`, marked as a fallback.
    static func fallBack(to stored: CachedResponse, after error: CourierError, context: CallContext) -> RawResponse {
        context.storage[CacheOutcome.self] = .staleFallback
        // The failure still happened: the service-wide events its answer raises (a
        // maintenance envelope) are published outside, by the error mapping.
        if case .status(let failed) = error.reason { context.storage[MaskedFailure.self] = failed }
        return stored.rawResponse(source: .cache(age: stored.age(at: context.wallClock.now)))
    }

    /// Asks the network, conditionally when a stored entry has validators, and stores the answer.
    private func fetch(
        _ request: PreparedRequest, key: CacheKey, vary: VaryValues, stored: CachedResponse?, policy: CachePolicy,
        context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        var sent = request
        if let stored, stored.hasValidators {
            if let etag = stored.header("ETag") { sent.http.headerFields[.ifNoneMatch] = etag }
            if let modified = stored.header("Last-Modified") { sent.http.headerFields[.ifModifiedSince] = modified }
            sent.acceptableStatus.extra.insert(304)
        }
        let response = try await next(sent, context)
        let now = context.wallClock.now
        if response.status.code == 304, let stored {
            context.storage[CacheOutcome.self] = .revalidated
            context.storage[RevalidatingAnswer.self] = response
            let control = CacheControl(response.http.headerFields[.cacheControl])
            guard !control.noStore else {
                // Still the answer to this call, but the server no longer lets it be kept.
                await store.removeEntry(for: key)
                return Self.withUnkeptFields(of: response, on: stored.rawResponse(source: .revalidated), redaction: vary.redaction)
            }
            let refreshed = Freshness.revalidated(
                stored, by: response, control: control, vary: vary, now: now, timeToLive: policy.timeToLive)
            await keep(refreshed, of: vary.principal)
            return Self.withUnkeptFields(of: response, on: refreshed.rawResponse(source: .revalidated), redaction: vary.redaction)
        }
        context.storage[CacheOutcome.self] = .miss
        if let entry = Freshness.entry(for: response, vary: vary, key: key, now: now, timeToLive: policy.timeToLive) {
            await keep(entry, of: vary.principal)
        } else if stored != nil {
            await store.removeEntry(for: key)
        }
        return response
    }

    /// `answer` with the fields of `notModified` an entry never keeps (`Set-Cookie`, sensitive
    /// ones; see `Freshness.isKept(_:by:)`): they are this call's.
    private static func withUnkeptFields(of notModified: RawResponse, on answer: RawResponse, redaction: Redaction) -> RawResponse {
        var answer = answer
        for field in notModified.http.headerFields where !Freshness.isKept(field.name, by: redaction) {
            answer.http.headerFields.append(field)
        }
        return answer
    }

    /// Stores `entry`, unless its partition's session ended while the call ran (checked again
    /// after storing, so an end that raced the write still wins).
    private func keep(_ entry: CachedResponse, of principal: Principal) async {
        guard !state.withLock({ $0.isEnded(entry.key.partition, for: principal) }) else { return }
        state.withLock { $0.used(entry.key.partition, by: principal) }
        await store.store(entry)
        if state.withLock({ $0.isEnded(entry.key.partition, for: principal) }) { await store.removeEntry(for: entry.key) }
    }

    /// Anonymous calls share ``CacheKey/sharedPartition``; credentialed ones are filed under the
    /// app's ``partition`` when it set one, else under their principal.
    ///
    /// The key leaves the values of sensitive query items out (it is written to disk), and the
    /// principal, which holds a fingerprint of them, keeps apart the URLs that differ only there
    /// (`?key=theme`, `?key=locale`). The app's partition stands in for the principal, so under
    /// it that fingerprint is added as a part of its own: the partition still holds the app's
    /// name, so wiping it takes them too.
    private func partition(for principal: Principal, of request: PreparedRequest, redaction: Redaction) -> String {
        if principal.isAnonymous { return CacheKey.sharedPartition }
        guard let manual = state.withLock({ $0.manual }) else { return principal.description }
        let query = CredentialFingerprint.sensitiveQueryItems(in: request.http.path, redaction: redaction)
        guard !query.isEmpty else { return manual }
        let inURL = CredentialFingerprint.principal(fields: HTTPFields(), sensitiveFields: [], query: query, redaction: redaction)
        return manual + "+" + inURL.description
    }

    /// Removes the stored GET and HEAD answers for `request`'s URL after an unsafe method changed it.
    private func invalidate(_ request: PreparedRequest, context: CallContext) async {
        let redaction = context.service.redaction
        let partitions = Set([partition(for: context.principal(of: request), of: request, redaction: redaction), CacheKey.sharedPartition])
        for method in [HTTPRequest.Method.get, .head] {
            var probe = request.http
            probe.method = method
            for partition in partitions {
                await store.removeEntry(for: CacheKey(request: probe, partition: partition, redaction: redaction))
            }
        }
    }

    /// Whether `remoteElseLocal` answers from the store after `error`: no response, or a 5xx.
    static func fallsBack(_ error: CourierError) -> Bool {
        if error.kind == .transport { return true }
        return (error.status?.code ?? 0) >= 500
    }
}

/// What the ``HTTPCache`` did for a call, in the call's storage (for metrics).
public enum CacheOutcome: CallStorageKey, Sendable, Hashable {
    /// The value type: this enum.
    public typealias Value = CacheOutcome
    /// Answered from the store without asking the network.
    case hit
    /// Asked the network; nothing usable was stored.
    case miss
    /// The network confirmed the stored answer (`304`).
    case revalidated
    /// The network failed and a stored (maybe stale) answer was served.
    case staleFallback
    /// The policy was `remoteOnly`.
    case bypassed
}
