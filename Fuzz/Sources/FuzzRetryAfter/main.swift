@testable import Courier
import Foundation
import FuzzSupport
import HTTPTypes

// `Retry-After`: seconds or an HTTP date (all three forms), as the Retry ware reads it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let value = String(fuzzBytes: input.rest())
    var fields = HTTPFields()
    fields[.retryAfter] = value
    let response = RawResponse(http: HTTPResponse(status: .serviceUnavailable, headerFields: fields))
    let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    if let delay = RetryAfter.delay(in: response, now: now) {
        fuzzCheck(delay >= .zero, "a negative delay \(delay) from \(value.debugDescription)")
    }
    _ = HTTPDate.parse(value)
    return 0
}
