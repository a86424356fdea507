@testable import Courier
import Foundation
import FuzzSupport
import HTTPTypes

// `Vary`: the request field values a cache entry is kept under. A response that varies on `*`
// or on a name that is no field name is not stored; credentials are never stored as they are.
//
// Layout: the Vary value up to the first NUL, then the request's Authorization value.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let value = String(fuzzBytes: input.field(separatedBy: 0))
    let secret = String(fuzzBytes: input.rest())
    var fields = HTTPFields()
    fields[.vary] = value
    fields[.cacheControl] = "max-age=60"
    let response = RawResponse(http: HTTPResponse(status: .ok, headerFields: fields), body: Data("{}".utf8))
    var head = HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/items")
    head.headerFields[.authorization] = secret
    head.headerFields[.accept] = "application/json"
    let request = PreparedRequest(http: head, timeout: .seconds(1))
    let key = CacheKey(partition: CacheKey.sharedPartition, method: "GET", url: "https://example.com/items")
    let vary = VaryValues(request: request, principal: .anonymous, redaction: .standard)
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    guard let entry = Freshness.entry(for: response, vary: vary, key: key, now: now, timeToLive: nil) else { return 0 }
    for (name, stored) in entry.vary {
        fuzzCheck(name == name.lowercased() && name != "*", "stored under \(name.debugDescription)")
        if name == "authorization", let secretValue = head.headerFields[.authorization], !secretValue.isEmpty {
            fuzzCheck(stored != secretValue, "a credential kept as it is in a cache entry's vary values")
        }
    }
    return 0
}
