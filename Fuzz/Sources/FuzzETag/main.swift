@testable import Courier
import Foundation
import FuzzSupport
import HTTPTypes

// `ETag` (and `Last-Modified`) as the validator a resumed download sends in `If-Range`, with the
// `Content-Range` and `Content-Length` a `206` answers with.
//
// Layout: ETag, Last-Modified, Content-Range, Content-Length, separated by NULs.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    var fields = HTTPFields()
    let names: [HTTPField.Name] = [.eTag, .lastModified, .contentRange, .contentLength]
    for name in names where !input.isEmpty {
        fields[name] = String(fuzzBytes: input.field(separatedBy: 0))
    }
    let head = HTTPResponse(status: .partialContent, headerFields: fields)
    if let validator = RangeFields.validator(of: head) {
        // A weak ETag is never used; the Last-Modified date may be anything the server sent.
        let date = fields[.lastModified]?.trimmingCharacters(in: .whitespaces)
        fuzzCheck(!validator.isEmpty && (validator.hasPrefix("\"") || validator == date), "validator \(validator.debugDescription)")
    }
    if let range = RangeFields.ContentRange(fields[.contentRange]) {
        fuzzCheck(range.first >= 0 && range.first <= range.last && (range.total.map { $0 > range.last } ?? true),
                  "range \(range) from \(String(describing: fields[.contentRange]))")
    }
    if let length = RangeFields.declaredLength(of: head, method: .get) {
        fuzzCheck(length >= 0, "length \(length)")
    }
    _ = RangeFields.isIdentity(head)
    _ = RangeFields.refusesRanges(head)
    return 0
}
