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
///   entries are revalidated before every use; `Vary` values are part of the match. A
///   successful POST, PUT, PATCH or DELETE removes the stored answer for its URL.
/// - Partitions: answers to requests that carry credentials are filed under the current
///   ``partition`` (the signed-in identity: set it at sign-in, never to a token), others under a
///   shared one. ``wipe(partition:)`` removes one at once; a `sessionEnded` event wipes the
///   current one and switches to the signed-out partition.
/// - Provenance: a stored answer comes back as ``ResponseSource/cache(age:)``, one confirmed by a
///   `304` as ``ResponseSource/revalidated``; the call's storage says what happened
///   (``CacheOutcome``).
///
/// ```swift
/// let cache = HTTPCache(store: HybridCacheStore(disk: DiskCacheStore(directory: cachesDirectory)))
/// let client = try Client(service: Petstore.service(), wares: [cache, auth])
/// cache.partition = user.id  // after signing in
/// ```
public final class HTTPCache: EventObservingWare {
    /// Where answers are kept.
    public let store: any CacheStore
    private let currentPartition = Locked(HTTPCache.signedOutPartition)

    /// The partition of credentialed requests while nobody is signed in.
    public static let signedOutPartition = "signed-out"

    /// A cache over `store`.
    public init(store: any CacheStore = MemoryCacheStore()) {
        self.store = store
    }

    /// The cache slot: outside authentication (a hit needs no credential), inside coalescing.
    public var position: WarePosition { .cache }

    /// The partition answers to credentialed requests go to: the signed-in identity (a user ID,
    /// not a token, so that a token refresh keeps the cache).
    public var partition: String {
        get { currentPartition.withLock { $0 } }
        set { currentPartition.withLock { $0 = newValue } }
    }

    /// Removes every stored answer of `partition` (a user signing out), in memory and on disk.
    public func wipe(partition: String) async {
        await store.removePartition(partition)
    }

    /// Wipes the signed-in partition when the session ends.
    public func observe(_ event: any ServiceEvent) {
        guard case StandardEvent.sessionEnded = event else { return }
        let ended = currentPartition.withLock { partition -> String in
            defer { partition = HTTPCache.signedOutPartition }
            return partition
        }
        // Later calls already use the signed-out partition; the ended one is removed behind them.
        let store = self.store
        Task { await store.removePartition(ended) }
    }

    /// Answers `request` by its policy.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        let method = request.http.method
        guard method == .get || method == .head else {
            let response = try await next(request, context)
            if [.post, .put, .patch, .delete].contains(method), response.status.code < 400 {
                await invalidate(request.http, context: context)
            }
            return response
        }
        let policy = request.options.cachePolicy ?? context.service.cachePolicy ?? CachePolicy(.localElseRemote)
        let key = CacheKey(request: request.http, partition: partition(for: request))
        let now = context.wallClock.now
        let stored = await store.entry(for: key).flatMap { $0.matchesVary(of: request.http) ? $0 : nil }
        switch policy.mode {
        case .remoteOnly:
            context.storage[CacheOutcome.self] = .bypassed
            return try await next(request, context)
        case .localOnly:
            guard let stored, stored.isFresh(at: now) || !stored.mustRevalidate else {
                context.storage[CacheOutcome.self] = .miss
                throw CourierError.other(.cacheMiss, "nothing stored for \(request.http.method.rawValue) \(key.url)")
            }
            context.storage[CacheOutcome.self] = .hit
            return stored.rawResponse(source: .cache(age: stored.age(at: now)))
        case .localElseRemote:
            if let stored, stored.isFresh(at: now) {
                context.storage[CacheOutcome.self] = .hit
                return stored.rawResponse(source: .cache(age: stored.age(at: now)))
            }
            return try await fetch(request, key: key, stored: stored, policy: policy, context: context, next: next)
        case .remoteElseLocal:
            do {
                return try await fetch(request, key: key, stored: stored, policy: policy, context: context, next: next)
            } catch let error as CourierError where HTTPCache.fallsBack(error) {
                guard let stored, stored.isFresh(at: now) || !stored.mustRevalidate else { throw error }
                context.storage[CacheOutcome.self] = .staleFallback
                return stored.rawResponse(source: .cache(age: stored.age(at: context.wallClock.now)))
            }
        case .localThenRemote:
            if let stored, context.takesEarlyResponses {
                context.deliverEarly(stored.rawResponse(source: .cache(age: stored.age(at: now))))
            }
            return try await fetch(request, key: key, stored: stored, policy: policy, context: context, next: next)
        }
    }

    /// Asks the network, conditionally when a stored entry has validators, and stores the answer.
    private func fetch(
        _ request: PreparedRequest, key: CacheKey, stored: CachedResponse?, policy: CachePolicy, context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        var sent = request
        if let stored, stored.hasValidators {
            if let etag = stored.header("ETag") { sent.http.headerFields[.ifNoneMatch] = etag }
            if let modified = stored.header("Last-Modified") { sent.http.headerFields[.ifModifiedSince] = modified }
            sent.options.acceptableStatus.extra.insert(304)
        }
        let response = try await next(sent, context)
        let now = context.wallClock.now
        if response.status.code == 304, let stored {
            let refreshed = Freshness.revalidated(stored, by: response, request: request.http, now: now, timeToLive: policy.timeToLive)
            await store.store(refreshed)
            context.storage[CacheOutcome.self] = .revalidated
            return refreshed.rawResponse(source: .revalidated)
        }
        context.storage[CacheOutcome.self] = .miss
        if let entry = Freshness.entry(for: response, request: request.http, key: key, now: now, timeToLive: policy.timeToLive) {
            await store.store(entry)
        } else if stored != nil {
            await store.removeEntry(for: key)
        }
        return response
    }

    /// Answers to requests with credentials (an auth scheme, `Authorization` or a cookie) are
    /// the signed-in identity's; others are shared.
    private func partition(for request: PreparedRequest) -> String {
        let fields = request.http.headerFields
        let credentialed = request.options.authentication != .none || fields[.authorization] != nil || fields[.cookie] != nil
        return credentialed ? partition : CacheKey.sharedPartition
    }

    /// Removes the stored GET and HEAD answers for `request`'s URL after an unsafe method changed it.
    private func invalidate(_ request: HTTPRequest, context: CallContext) async {
        for method in [HTTPRequest.Method.get, .head] {
            var probe = request
            probe.method = method
            for partition in [partition, CacheKey.sharedPartition] {
                await store.removeEntry(for: CacheKey(request: probe, partition: partition))
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
