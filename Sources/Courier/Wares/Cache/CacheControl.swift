import Foundation
import HTTPTypes

/// The directives of a `Cache-Control` field that a private client cache acts on (RFC 9111), a
/// response's or a request's (the last three are a request's only, §5.2.1).
struct CacheControl {
    var noStore = false
    var noCache = false
    var mustRevalidate = false
    var maxAge: Double?
    /// `min-fresh`: the answer must stay fresh for at least this many seconds more.
    var minFresh: Double?
    /// `max-stale`: a stale answer will do, stale by at most this many seconds (infinity when
    /// the directive has no value).
    var maxStale: Double?
    /// `only-if-cached`: a stored answer or none, never the network.
    var onlyIfCached = false

    init(_ value: String?) {
        guard let value else { return }
        // Over the bytes, without Foundation's trimming and lower-casing: the cache parses this
        // field on every stored answer and every revalidation.
        for directive in value.utf8.split(separator: UInt8(ascii: ",")) {
            let parts = directive.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts.first.map(Self.trimmed), !name.isEmpty else { continue }
            if Self.is(name, "no-store") {
                noStore = true
            } else if Self.is(name, "no-cache") {
                noCache = true
            } else if Self.is(name, "must-revalidate") || Self.is(name, "proxy-revalidate") {
                mustRevalidate = true
            } else if Self.is(name, "max-age"), parts.count == 2 {
                maxAge = Self.seconds(parts[1]) ?? maxAge
            } else if Self.is(name, "min-fresh"), parts.count == 2 {
                minFresh = Self.seconds(parts[1]) ?? minFresh
            } else if Self.is(name, "max-stale") {
                maxStale = parts.count == 2 ? Self.seconds(parts[1]) ?? maxStale : .infinity
            } else if Self.is(name, "only-if-cached") {
                onlyIfCached = true
            }
            // `private` needs nothing: this cache is private.
        }
    }

    /// The number of seconds `value` spells (quotes allowed), clamped; `nil` when it is none.
    private static func seconds(_ value: Substring.UTF8View.SubSequence) -> Double? {
        var number = trimmed(value)
        while number.first == UInt8(ascii: "\"") { number = number.dropFirst() }
        while number.last == UInt8(ascii: "\"") { number = number.dropLast() }
        guard let seconds = Double(String(decoding: number, as: UTF8.self)), !seconds.isNaN else { return nil }
        return CachedResponse.clamped(seconds)
    }

    /// `bytes` without the spaces and tabs around it.
    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var result = bytes
        while let first = result.first, first == 0x20 || first == 0x09 { result = result.dropFirst() }
        while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
        return result
    }

    /// Whether `bytes` spell `name` (lower-case ASCII), ignoring ASCII case.
    private static func `is`(_ bytes: Substring.UTF8View.SubSequence, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { expected in
            zip(bytes, expected).allSatisfy { CachedResponse.asciiLowercased($0) == $1 }
        }
    }
}

/// Which responses may be stored, and for how long they are fresh.
enum Freshness {
    /// Statuses a cache may store (RFC 9110 §15.1, "heuristically cacheable").
    static let cacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The entry to keep for `response` to the request whose field values are `vary`, or `nil`
    /// when it must not be stored. `Set-Cookie` and the fields the service's redaction calls
    /// sensitive (`X-Auth-Token`, a token in `Authorization`) are left out (see ``isKept(_:by:)``).
    static func entry(
        for response: RawResponse, vary values: VaryValues, key: CacheKey, now: Date, timeToLive: Duration?
    ) -> CachedResponse? {
        let fields = response.http.headerFields
        return entry(
            status: response.status.code,
            headers: fields.compactMap {
                isKept($0.name, by: values.redaction) ? CachedResponse.HeaderPair(name: $0.name.canonicalName, value: $0.value) : nil
            },
            body: response.body.data ?? Data(), field: { fields[$0] }, control: nil, vary: values, key: key, now: now,
            timeToLive: timeToLive)
    }

    /// The entry for a response given as its parts; `field` reads a header field (values of a
    /// repeated one joined), `control` is its `Cache-Control` when the caller parsed it already.
    private static func entry(
        status: Int, headers: [CachedResponse.HeaderPair], body: Data, field: (HTTPField.Name) -> String?,
        control parsed: CacheControl?, vary values: VaryValues, key: CacheKey, now: Date, timeToLive: Duration?
    ) -> CachedResponse? {
        guard cacheableStatuses.contains(status) else { return nil }
        let control = parsed ?? CacheControl(field(.cacheControl))
        guard !control.noStore else { return nil }
        var vary: [String: String?] = [:]
        for name in (field(.vary) ?? "").split(separator: ",") {
            let name = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            guard name != "*", HTTPField.Name(name) != nil else { return nil }  // varies on anything: not storable
            vary[name] = values.value(of: name)
        }
        let lifetime: Double?
        if control.noCache {
            lifetime = 0  // stored, but revalidated before every use
        } else if let timeToLive {
            lifetime = timeToLive.timeInterval
        } else if let maxAge = control.maxAge {
            lifetime = maxAge
        } else if let expires = field(.expires).flatMap(HTTPDate.parse) {
            let sent = field(.date).flatMap(HTTPDate.parse) ?? now
            lifetime = max(0, expires.timeIntervalSince(sent))
        } else {
            lifetime = nil
        }
        return CachedResponse(
            key: key, status: status, headers: headers, body: body, storedAt: now,
            initialAge: field(.age).flatMap(Double.init).map(CachedResponse.clamped) ?? 0,
            freshnessLifetime: lifetime, vary: vary, mustRevalidate: control.mustRevalidate)
    }

    /// Whether an entry keeps the response field `name`: not `Set-Cookie`, nor one `redaction`
    /// calls sensitive. A session cookie or a token must not sit on disk in plain text, nor be
    /// handed out again, perhaps rotated since, each time the entry is served; the call that
    /// received them still gets them.
    static func isKept(_ name: HTTPField.Name, by redaction: Redaction) -> Bool {
        name != .setCookie && !redaction.isSensitive(name)
    }

    /// `stored` after a `304 Not Modified`: the 304's header fields replace the stored ones of the
    /// same name, and freshness starts again from `now`. `control` is the 304's `Cache-Control`,
    /// which the caller has parsed already: freshness is worked out once, from the fields as
    /// merged, without turning the stored fields into `HTTPFields` and back.
    static func revalidated(
        _ stored: CachedResponse, by notModified: RawResponse, control: CacheControl, vary: VaryValues, now: Date,
        timeToLive: Duration?
    ) -> CachedResponse {
        var fresh: [CachedResponse.HeaderPair] = []
        for field in notModified.http.headerFields where field.name != .contentLength && isKept(field.name, by: vary.redaction) {
            fresh.append(CachedResponse.HeaderPair(name: field.name.canonicalName, value: field.value))
        }
        let kept = stored.headers.filter { pair in !fresh.contains { CachedResponse.sameFieldName($0.name, pair.name) } }
        let merged = kept + fresh
        let hasOwnControl = notModified.http.headerFields[.cacheControl] != nil
        var entry = entry(
            status: stored.status, headers: merged, body: stored.body,
            field: { CachedResponse.joinedValue(of: $0.canonicalName, in: merged) },
            control: hasOwnControl ? control : nil, vary: vary,
            key: stored.key, now: now, timeToLive: timeToLive) ?? stored
        entry.storedAt = now
        return entry
    }
}
