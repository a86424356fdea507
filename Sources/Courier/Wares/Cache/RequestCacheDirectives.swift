import Foundation
import HTTPTypes

/// What a request's own `Cache-Control` asks of the ``HTTPCache`` (RFC 9111 §5.2.1): a
/// pull-to-refresh sends `no-cache` and must see the server's answer, not the stored one.
///
/// - `no-store`: the network, and nothing stored or served.
/// - `only-if-cached`: a stored answer or a ``CourierError/Kind/cacheMiss``, as `localOnly`.
/// - `no-cache`, `max-age`, `min-fresh`, `max-stale`: which stored answers may be used without
///   asking the network (see ``CachedResponse/answers(_:at:)``); any other is revalidated.
extension CacheControl {
    /// The directives of `request`'s own `Cache-Control`, or `nil` when it has none (the usual
    /// case, which costs one field lookup).
    static func asked(by request: PreparedRequest) -> CacheControl? {
        request.http.headerFields[.cacheControl].map { CacheControl($0) }
    }
}

extension CachedResponse {
    /// Whether the entry may answer, without the network, a request that asked `asked` (`nil`:
    /// nothing of its own): fresh, or with `max-stale` stale by no more than it allows (never
    /// when `must-revalidate`); no older than the request's `max-age`; fresh for its `min-fresh`
    /// more; and not `no-cache`.
    func answers(_ asked: CacheControl?, at now: Date) -> Bool {
        guard let asked else { return isFresh(at: now) }
        guard allowedByAge(asked, at: now) else { return false }
        let age = age(at: now).timeInterval
        let lifetime = freshnessLifetime ?? 0
        if let minFresh = asked.minFresh { return isFresh(at: now) && lifetime - age >= minFresh }
        if isFresh(at: now) { return true }
        guard let maxStale = asked.maxStale, !mustRevalidate else { return false }
        return age - lifetime <= maxStale
    }

    /// Whether the entry may stand in where a stale answer will do (`localOnly`, the fallback of
    /// `remoteElseLocal`): fresh, or stale without `must-revalidate`, and allowed by the
    /// request's `no-cache` and `max-age`.
    func standsIn(for asked: CacheControl?, at now: Date) -> Bool {
        if let asked, !allowedByAge(asked, at: now) { return false }
        return isFresh(at: now) || !mustRevalidate
    }

    /// Whether the request's `no-cache` and `max-age` let the entry be used at all unvalidated.
    private func allowedByAge(_ asked: CacheControl, at now: Date) -> Bool {
        guard !asked.noCache else { return false }
        guard let maxAge = asked.maxAge else { return true }
        return age(at: now).timeInterval <= maxAge
    }
}
