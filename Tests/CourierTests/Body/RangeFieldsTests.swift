@testable import Courier
import HTTPTypes
import Testing

@Suite("What a response head says about resuming its body")
struct RangeFieldsTests {
    @Test("Content-Range: bytes first-last/total, with an unknown total; anything else is refused")
    func contentRange() {
        let range = RangeFields.ContentRange("bytes 100-199/200")
        #expect(range?.first == 100 && range?.last == 199 && range?.total == 200)
        #expect(RangeFields.ContentRange("Bytes 0-0/*")?.total == nil)
        for bad in ["bytes */200", "bytes 10-5/200", "bytes 0-199/199", "items 0-1/2", "bytes -5-10/20", "bytes 1-+2/9", "", "bytes 0-1", "bytes 0-\(Int.max)/*"] {
            #expect(RangeFields.ContentRange(bad) == nil, "\(bad)")
        }
    }

    @Test("If-Range takes a strong ETag, else Last-Modified when there is no ETag; never a weak ETag, nor the date beside one")
    func validator() {
        let strong = HTTPResponse(status: .ok, headerFields: [.eTag: "\"abc\"", .lastModified: "Tue, 24 Nov 2026 10:00:00 GMT"])
        #expect(RangeFields.validator(of: strong) == "\"abc\"")
        let dated = HTTPResponse(status: .ok, headerFields: [.lastModified: "Tue, 24 Nov 2026 10:00:00 GMT"])
        #expect(RangeFields.validator(of: dated) == "Tue, 24 Nov 2026 10:00:00 GMT")
        // RFC 9110 §13.1.5: with an entity tag, the date may not stand in for it.
        let weak = HTTPResponse(status: .ok, headerFields: [.eTag: "W/\"abc\"", .lastModified: "Tue, 24 Nov 2026 10:00:00 GMT"])
        #expect(RangeFields.validator(of: weak) == nil)
        #expect(RangeFields.validator(of: HTTPResponse(status: .ok, headerFields: [.eTag: "W/\"abc\""])) == nil)
    }

    @Test("a declared length counts only for a body sent as it is")
    func declaredLength() {
        #expect(RangeFields.declaredLength(of: HTTPResponse(status: .ok, headerFields: [.contentLength: "42"]), method: .get) == 42)
        #expect(RangeFields.declaredLength(of: HTTPResponse(status: .ok, headerFields: [.contentLength: "42"]), method: .head) == nil)
        let coded = HTTPResponse(status: .ok, headerFields: [.contentLength: "42", .contentEncoding: "gzip"])
        #expect(RangeFields.declaredLength(of: coded, method: .get) == nil)
        #expect(!RangeFields.isIdentity(coded))
        #expect(RangeFields.refusesRanges(HTTPResponse(status: .ok, headerFields: [.acceptRanges: "none"])))
    }
}
