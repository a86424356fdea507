import Foundation
import HTTPTypes

/// A stored response: the key it answers, what the server sent, when, and how long it stays
/// fresh. Expired entries are kept: stale, not gone; the cache policy decides whether a stale
/// one may be served.
public struct CachedResponse: Sendable, Codable {
    /// The key the entry answers.
    public var key: CacheKey
    /// The status code.
    public var status: Int
    /// The header fields, as name/value pairs in order.
    public var headers: [HeaderPair]
    /// The body.
    public var body: Data
    /// When the response was received (or last revalidated), on the wall clock.
    public var storedAt: Date
    /// The response's age when it was received (its `Age` header), in seconds.
    public var initialAge: Double
    /// How long it is fresh after it was sent, in seconds; `nil` means stale at once (it is
    /// kept for revalidation and for policies that serve stale answers).
    public var freshnessLifetime: Double?
    /// The request's values of the header fields the response names in `Vary` (lower-cased
    /// names; an absent field is `nil`): a request with other values does not match.
    public var vary: [String: String?]
    /// Whether the server said `must-revalidate`: a stale entry is then never served unrevalidated.
    public var mustRevalidate: Bool

    /// One header field.
    public struct HeaderPair: Sendable, Codable, Hashable {
        /// The field name.
        public var name: String
        /// The field value.
        public var value: String

        /// A header field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// An entry.
    public init(
        key: CacheKey, status: Int, headers: [HeaderPair], body: Data, storedAt: Date, initialAge: Double,
        freshnessLifetime: Double?, vary: [String: String?], mustRevalidate: Bool
    ) {
        self.key = key
        self.status = status
        self.headers = headers
        self.body = body
        self.storedAt = storedAt
        self.initialAge = initialAge
        self.freshnessLifetime = freshnessLifetime
        self.vary = vary
        self.mustRevalidate = mustRevalidate
    }

    /// The longest age or lifetime the cache deals in, in seconds (about 317 years): a server's
    /// `Age: inf` or `max-age=1e400`, or a forged entry, is held to it rather than trapping.
    static let longestTime: Double = 1e10

    /// The age of the entry at `now` (at most about 317 years, which keeps the milliseconds within `Int64`).
    public func age(at now: Date) -> Duration {
        let seconds = CachedResponse.clamped(initialAge) + CachedResponse.clamped(now.timeIntervalSince(storedAt))
        return .milliseconds(Int64(min(seconds, CachedResponse.longestTime) * 1000))
    }

    /// `seconds` as a finite, non-negative time no longer than ``longestTime``.
    static func clamped(_ seconds: Double) -> Double {
        guard seconds.isFinite else { return seconds > 0 ? longestTime : 0 }
        return min(max(0, seconds), longestTime)
    }

    /// Whether the entry's numbers are ones the cache could have written: a status HTTP allows
    /// and finite times (a forged file may hold anything).
    var isPlausible: Bool {
        (100...599).contains(status) && initialAge.isFinite && storedAt.timeIntervalSinceReferenceDate.isFinite
            && (freshnessLifetime?.isFinite ?? true)
    }

    /// Whether the entry is fresh at `now`. A `now` before the entry was stored (the wall clock
    /// was set back) leaves its age unknown: stale, so it is revalidated rather than served for
    /// as long again as the clock went back.
    public func isFresh(at now: Date) -> Bool {
        guard let freshnessLifetime, now >= storedAt else { return false }
        return initialAge + now.timeIntervalSince(storedAt) < freshnessLifetime
    }

    /// The value of the header field `name`, if any.
    public func header(_ name: String) -> String? {
        headers.first { CachedResponse.sameFieldName($0.name, name) }?.value
    }

    /// The values of every field named `name`, joined by `, ` as `HTTPFields` joins them.
    func joinedHeader(_ name: String) -> String? { Self.joinedValue(of: name, in: headers) }

    /// The values of every field of `headers` named `name`, joined by `, `.
    static func joinedValue(of name: String, in headers: [HeaderPair]) -> String? {
        let values = headers.filter { sameFieldName($0.name, name) }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Whether two field names are the same: ASCII letters compared without case (field names
    /// are ASCII tokens), byte by byte, without Foundation's Unicode-aware comparison.
    static func sameFieldName(_ first: String, _ second: String) -> Bool {
        guard first.utf8.count == second.utf8.count else { return false }
        return zip(first.utf8, second.utf8).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    /// `byte` lower-cased when it is an ASCII capital, else as it is.
    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether the entry can be revalidated (it has an `ETag` or a `Last-Modified`).
    var hasValidators: Bool { header("ETag") != nil || header("Last-Modified") != nil }

    /// Whether the request sends the values this entry's response varied on.
    func matchesVary(_ values: VaryValues) -> Bool {
        vary.allSatisfy { name, value in values.value(of: name) == value }
    }

    /// The entry as a response, marked with where it came from.
    func rawResponse(source: ResponseSource) -> RawResponse {
        var fields = HTTPFields()
        for pair in headers {
            if let name = HTTPField.Name(pair.name) { fields.append(HTTPField(name: name, value: pair.value)) }
        }
        return RawResponse(
            http: HTTPResponse(status: HTTPResponse.Status(code: status), headerFields: fields), body: body, source: source)
    }

    /// How many bytes the entry takes, roughly: what limits count.
    var cost: Int { body.count + headers.reduce(256) { $0 + $1.name.utf8.count + $1.value.utf8.count } }
}
