@testable import Courier
import Foundation
import HTTPTypes
import Testing

/// `Cache-Control` parsing and the freshness of stored and revalidated entries.
@Suite struct CacheControlTests {
    private let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    private let key = CacheKey(partition: CacheKey.sharedPartition, method: "GET", url: "https://example.com/item")
    private var vary: VaryValues {
        let request = PreparedRequest(
            http: HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/item"), timeout: .seconds(1))
        return VaryValues(request: request, principal: .anonymous, redaction: .standard)
    }

    private func response(_ fields: [(HTTPField.Name, String)], status: HTTPResponse.Status = .ok) -> RawResponse {
        var headerFields = HTTPFields()
        for (name, value) in fields { headerFields.append(HTTPField(name: name, value: value)) }
        return RawResponse(http: HTTPResponse(status: status, headerFields: headerFields), body: Data("hello".utf8))
    }

    @Test func directivesIgnoreCaseSpacesAndQuotes() {
        let control = CacheControl(" Max-Age = \"60\" ,NO-STORE,\tmust-revalidate , private")
        #expect(control.maxAge == 60)
        #expect(control.noStore && control.mustRevalidate && !control.noCache)
        #expect(CacheControl("max-age=").maxAge == nil)
        #expect(CacheControl("max-age=abc, no-storey, xno-cache").maxAge == nil)
        #expect(!CacheControl("no-storey, xno-cache").noStore && !CacheControl("no-storey, xno-cache").noCache)
        #expect(CacheControl("proxy-revalidate").mustRevalidate)
        #expect(CacheControl("max-age=1e400").maxAge == CachedResponse.longestTime)
        #expect(CacheControl(nil).maxAge == nil)
    }

    @Test func fieldNamesCompareWithoutCaseAndRepeatedFieldsJoin() throws {
        let entry = try #require(Freshness.entry(
            for: response([(.eTag, #""a""#), (.cacheControl, "max-age=10"), (.cacheControl, "must-revalidate")]),
            vary: vary, key: key, now: now, timeToLive: nil))
        #expect(entry.header("etag") == #""a""#)
        #expect(entry.header("ETAG") == #""a""#)
        #expect(entry.header("E-Tag") == nil)
        #expect(entry.joinedHeader("Cache-Control") == "max-age=10, must-revalidate")
        #expect(entry.freshnessLifetime == 10 && entry.mustRevalidate)
    }

    @Test func aRevalidationReplacesTheFieldsThe304SendsAndKeepsTheOthers() throws {
        let stored = try #require(Freshness.entry(
            for: response([(.eTag, #""a""#), (.cacheControl, "max-age=10"), (HTTPField.Name("X-Keep")!, "1"), (.contentLength, "5")]),
            vary: vary, key: key, now: now.addingTimeInterval(-3_600), timeToLive: nil))
        #expect(!stored.isFresh(at: now))
        let notModified = response([(.eTag, #""b""#), (.contentLength, "0")], status: .notModified)
        let refreshed = Freshness.revalidated(
            stored, by: notModified, control: CacheControl(nil), vary: vary, now: now, timeToLive: nil)
        #expect(refreshed.header("ETag") == #""b""#)
        #expect(refreshed.header("X-Keep") == "1")
        // A 304's Content-Length describes the 304, not the stored body.
        #expect(refreshed.header("Content-Length") == "5")
        #expect(refreshed.headers.filter { CachedResponse.sameFieldName($0.name, "etag") }.count == 1)
        // Without a Cache-Control of its own, the stored one still rules, from now.
        #expect(refreshed.freshnessLifetime == 10)
        #expect(refreshed.storedAt == now && refreshed.isFresh(at: now.addingTimeInterval(5)))
        #expect(refreshed.body == stored.body && refreshed.status == 200 && refreshed.key == stored.key)
    }

    @Test func aRevalidationWithItsOwnCacheControlTakesIt() throws {
        let stored = try #require(Freshness.entry(
            for: response([(.eTag, #""a""#), (.cacheControl, "max-age=10")]), vary: vary, key: key, now: now, timeToLive: nil))
        let control = CacheControl("max-age=99, must-revalidate")
        let notModified = response([(.cacheControl, "max-age=99, must-revalidate")], status: .notModified)
        let refreshed = Freshness.revalidated(stored, by: notModified, control: control, vary: vary, now: now, timeToLive: nil)
        #expect(refreshed.freshnessLifetime == 99 && refreshed.mustRevalidate)
        #expect(refreshed.header("Cache-Control") == "max-age=99, must-revalidate")
        // A policy's time to live wins over both.
        let pinned = Freshness.revalidated(stored, by: notModified, control: control, vary: vary, now: now, timeToLive: .seconds(3))
        #expect(pinned.freshnessLifetime == 3)
    }
}
