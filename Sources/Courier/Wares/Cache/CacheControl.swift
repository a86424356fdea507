import Foundation
import HTTPTypes

/// The directives of a `Cache-Control` field that a private client cache acts on (RFC 9111).
struct CacheControl {
    var noStore = false
    var noCache = false
    var mustRevalidate = false
    var maxAge: Double?

    init(_ value: String?) {
        guard let value else { return }
        for directive in value.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "max-age":
                if parts.count == 2, let seconds = Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))),
                   !seconds.isNaN {
                    maxAge = CachedResponse.clamped(seconds)
                }
            default: break  // `private` needs nothing: this cache is private
            }
        }
    }
}

/// Which responses may be stored, and for how long they are fresh.
enum Freshness {
    /// Statuses a cache may store (RFC 9110 §15.1, "heuristically cacheable").
    static let cacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The entry to keep for `response` to the request whose field values are `vary`, or `nil`
    /// when it must not be stored.
    static func entry(
        for response: RawResponse, vary values: VaryValues, key: CacheKey, now: Date, timeToLive: Duration?
    ) -> CachedResponse? {
        guard cacheableStatuses.contains(response.status.code) else { return nil }
        let control = CacheControl(response.http.headerFields[.cacheControl])
        guard !control.noStore else { return nil }
        var vary: [String: String?] = [:]
        for name in (response.http.headerFields[.vary] ?? "").split(separator: ",") {
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
        } else if let expires = response.http.headerFields[.expires].flatMap(HTTPDate.parse) {
            let sent = response.http.headerFields[.date].flatMap(HTTPDate.parse) ?? now
            lifetime = max(0, expires.timeIntervalSince(sent))
        } else {
            lifetime = nil
        }
        return CachedResponse(
            key: key, status: response.status.code,
            headers: response.http.headerFields.map { CachedResponse.HeaderPair(name: $0.name.canonicalName, value: $0.value) },
            body: response.body.data ?? Data(), storedAt: now,
            initialAge: response.http.headerFields[.age].flatMap(Double.init).map(CachedResponse.clamped) ?? 0,
            freshnessLifetime: lifetime, vary: vary, mustRevalidate: control.mustRevalidate)
    }

    /// `stored` after a `304 Not Modified`: the 304's header fields replace the stored ones of the
    /// same name, and freshness starts again from `now`.
    static func revalidated(
        _ stored: CachedResponse, by notModified: RawResponse, vary: VaryValues, now: Date, timeToLive: Duration?
    ) -> CachedResponse {
        var fields = stored.rawResponse(source: .network).http.headerFields
        for field in notModified.http.headerFields where field.name != .contentLength {
            fields[field.name] = nil
        }
        for field in notModified.http.headerFields where field.name != .contentLength {
            fields.append(field)
        }
        let merged = RawResponse(
            http: HTTPResponse(status: HTTPResponse.Status(code: stored.status), headerFields: fields), body: stored.body)
        var entry = entry(for: merged, vary: vary, key: stored.key, now: now, timeToLive: timeToLive) ?? stored
        entry.storedAt = now
        return entry
    }
}
