@testable import Courier
import Foundation
import HTTPTypes
import PropertyChecking
import Testing

/// The bytes header parsers look for, favoured when drawing random values.
private let headerBytes = Array(#"<>;,="/ -*Wmax-agerelnextbytes0123456789GMT, :"#.utf8) + [0, 0x0D, 0x0A, 0x09, 0xC3, 0xFF]

/// `count` random field values (bytes decoded as UTF-8, as HTTPTypes hands them over).
private func randomValues(_ count: Int = 2_000, seed: UInt64) -> [String] {
    var generator = SeededGenerator(seed: seed)
    return (0..<count).map { _ in String(decoding: generator.bytes(maximumLength: 48, favouring: headerBytes), as: UTF8.self) }
}

private let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

private func response(_ fields: [HTTPField.Name: String], status: HTTPResponse.Status = .ok, body: Data = Data()) -> RawResponse {
    var headerFields = HTTPFields()
    for (name, value) in fields { headerFields[name] = value }
    return RawResponse(http: HTTPResponse(status: status, headerFields: headerFields), body: body)
}

@Suite("Properties: response header parsers never trap on random bytes, and keep their invariants")
struct HeaderParserProperties {
    @Test("Cache-Control and the cache entry it makes: finite, non-negative lifetimes; no-store never stored")
    func cacheControl() {
        let request = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/"), timeout: .seconds(1))
        let vary = VaryValues(request: request, principal: .anonymous, redaction: .standard)
        let key = CacheKey(partition: CacheKey.sharedPartition, method: "GET", url: "https://example.com/")
        for (index, value) in randomValues(seed: 1).enumerated() {
            let control = CacheControl(value)
            #expect(control.maxAge.map { $0.isFinite && $0 >= 0 } ?? true, "\(value.debugDescription)")
            let age = index.isMultiple(of: 2) ? value : "5"
            let raw = response([.cacheControl: value, .expires: value, .date: value, .age: age, .vary: value])
            if let entry = Freshness.entry(for: raw, vary: vary, key: key, now: now, timeToLive: nil) {
                #expect(!control.noStore && entry.isPlausible, "\(value.debugDescription)")
                #expect(entry.freshnessLifetime.map { $0.isFinite && $0 >= 0 } ?? true, "\(value.debugDescription)")
            }
        }
    }

    @Test("Link: relations lower-cased and non-empty, targets without '>', and resolution never traps")
    func link() {
        let base = URL(string: "https://api.example.com/v1/items?page=1")
        for value in randomValues(seed: 2) {
            for link in LinkHeader.links(in: value) {
                #expect(link.relations.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() }, "\(value.debugDescription)")
                #expect(!link.target.contains(">"), "\(value.debugDescription)")
            }
            _ = LinkHeader.target(of: "next", in: value, relativeTo: base)
        }
    }

    @Test("Retry-After: no negative delay, whatever the seconds or date")
    func retryAfter() {
        for value in randomValues(500, seed: 3) + ["-1", "0", "9223372036854775807", "99999999999999999999", "Sun, 06 Nov 1994 08:49:37 GMT"] {
            if let delay = RetryAfter.delay(in: response([.retryAfter: value], status: .serviceUnavailable), now: now) {
                #expect(delay >= .zero, "\(value.debugDescription)")
            }
        }
    }

    @Test("ETag, Last-Modified, Content-Range and Content-Length of a 206: ordered ranges, strong validators only")
    func rangeFields() {
        for value in randomValues(seed: 4) {
            let head = HTTPResponse(status: .partialContent, headerFields: [.eTag: value, .contentRange: "bytes \(value)", .contentLength: value])
            if let validator = RangeFields.validator(of: head) { #expect(validator.hasPrefix("\""), "\(value.debugDescription)") }
            if let range = RangeFields.ContentRange("bytes \(value)") {
                #expect(range.first >= 0 && range.first <= range.last && (range.total.map { $0 > range.last } ?? true), "\(value.debugDescription)")
            }
            if let length = RangeFields.declaredLength(of: head, method: .get) { #expect(length >= 0) }
        }
    }

    @Test("Content-Type: a stream's type check and a logged body never trap; a logged body holds no control character")
    func contentType() {
        var generator = SeededGenerator(seed: 5)
        for value in randomValues(500, seed: 5) {
            let body = Data(generator.bytes(maximumLength: 64, favouring: Array(#"{}[]":,"password"token=&%"#.utf8) + [0x0A, 0x1B, 0x00]))
            let raw = response([.contentType: value], body: body)
            _ = StreamConnect.unexpectedType(of: raw, format: .serverSentEvents, accept: "text/event-stream")
            _ = StreamConnect.unexpectedType(of: raw, format: .jsonLines, accept: "application/jsonl")
            for type in [value, "application/json", "application/x-www-form-urlencoded"] {
                let shown = Redaction.standard.redactedBody(body, contentType: type, limit: 40)
                #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(shown.debugDescription)")
            }
        }
    }
}
