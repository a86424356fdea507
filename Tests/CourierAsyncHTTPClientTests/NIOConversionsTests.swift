// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
@testable import CourierAsyncHTTPClient
import HTTPTypes
import NIOHTTP1
import Testing

// The response head conversion takes a shortcut for common field names and reads Content-Length on
// the way; neither may change what the head says. Whole exchanges are covered by the transport
// conformance suite against a real server.
@Suite("Converting AsyncHTTPClient's response heads")
struct NIOConversionsTests {
    @Test("every field arrives, in order, with the name as the server spelled it")
    func fieldsKeepOrderAndSpelling() {
        let headers = HTTPHeaders([
            ("Content-Type", "application/json"), ("content-length", "12"), ("X-Trace", "a1"), ("ETag", #""v1""#),
        ])
        let (head, contentLength) = NIOConversions.response(status: .ok, headers: headers)
        #expect(head.headerFields.map(\.name.rawName) == ["Content-Type", "content-length", "X-Trace", "ETag"])
        #expect(head.headerFields.map(\.value) == ["application/json", "12", "a1", #""v1""#])
        #expect(head.headerFields[.contentType] == "application/json")
        #expect(head.headerFields[.contentLength] == "12")
        #expect(head.headerFields[.eTag] == #""v1""#)
        #expect(contentLength == "12")
    }

    @Test("several Content-Length fields are joined as HTTPFields joins them, so a conflict still shows")
    func severalLengthsJoin() {
        let headers = HTTPHeaders([("Content-Length", "5"), ("Content-Length", "6")])
        let (head, contentLength) = NIOConversions.response(status: .ok, headers: headers)
        #expect(contentLength == "5, 6")
        #expect(contentLength == head.headerFields[.contentLength])
    }

    @Test("no Content-Length, no declared length")
    func noLength() {
        let (_, contentLength) = NIOConversions.response(status: .ok, headers: HTTPHeaders([("Transfer-Encoding", "chunked")]))
        #expect(contentLength == nil)
    }

    @Test("a field whose name is not an HTTP token is left out")
    func invalidNameLeftOut() {
        let headers = HTTPHeaders([("Bad Name", "x"), ("Server", "test")])
        let (head, _) = NIOConversions.response(status: .ok, headers: headers)
        #expect(head.headerFields.map(\.name.rawName) == ["Server"])
    }

    @Test("an empty reason phrase becomes the standard one")
    func emptyPhrase() {
        let (head, _) = NIOConversions.response(status: .custom(code: 404, reasonPhrase: ""), headers: HTTPHeaders())
        #expect(head.status.code == 404)
        #expect(head.status.reasonPhrase == "Not Found")
    }
}
#endif
