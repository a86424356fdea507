@testable import Courier
import Foundation
import FuzzSupport
import HTTPTypes

// `Cache-Control` as a response carries it: the directives, and the entry a cache would keep
// (freshness from max-age, Expires and Date, Age).
//
// Layout: the field value; then, after a NUL, Expires, Date and Age values separated by NULs.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let value = String(fuzzBytes: input.field(separatedBy: 0))
    let control = CacheControl(value)
    if let maxAge = control.maxAge {
        fuzzCheck(maxAge.isFinite && maxAge >= 0, "max-age \(maxAge) from \(value.debugDescription)")
    }
    var fields = HTTPFields()
    fields[.cacheControl] = value
    for name in [HTTPField.Name.expires, .date, .age] where !input.isEmpty {
        fields[name] = String(fuzzBytes: input.field(separatedBy: 0))
    }
    let response = RawResponse(http: HTTPResponse(status: .ok, headerFields: fields), body: Data("body".utf8))
    let request = PreparedRequest(http: HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/"), timeout: .seconds(1))
    let key = CacheKey(partition: CacheKey.sharedPartition, method: "GET", url: "https://example.com/")
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let vary = VaryValues(request: request, principal: .anonymous, redaction: .standard)
    if let entry = Freshness.entry(for: response, vary: vary, key: key, now: now, timeToLive: nil) {
        fuzzCheck(!control.noStore, "stored despite no-store: \(value.debugDescription)")
        fuzzCheck(entry.isPlausible, "an implausible entry from \(fields)")
        if let lifetime = entry.freshnessLifetime {
            fuzzCheck(lifetime.isFinite && lifetime >= 0, "lifetime \(lifetime) from \(fields)")
        }
        _ = entry.isFresh(at: now)
        // What the cache writes, it reads back.
        if let file = DiskEntryFormat.prepare(entry)?.bytes() {
            fuzzCheck(DiskEntryFormat.decode(file) != nil, "an entry the disk format cannot read back: \(fields)")
        }
    }
    return 0
}
