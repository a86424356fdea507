@testable import Courier
import Foundation
import FuzzSupport
import HTTPTypes

// `Content-Type` of a response: whether a stream accepts it (each format), and a body shown in a
// log by its type (JSON redacted by key, forms by name, text, binary). A log line never holds a
// raw control character, whatever the server sent.
//
// Layout: the field value up to the first NUL, then the body.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let value = String(fuzzBytes: input.field(separatedBy: 0))
    let body = Data(input.rest())
    var fields = HTTPFields()
    fields[.contentType] = value
    let response = RawResponse(http: HTTPResponse(status: .ok, headerFields: fields), body: body)
    for format in [StreamConnection.Format.serverSentEvents, .jsonLines, .jsonTextSequence] {
        _ = StreamConnect.unexpectedType(of: response, format: format, accept: "text/event-stream")
    }
    let shown = Redaction.standard.redactedBody(body, contentType: value, limit: 256)
    fuzzCheck(!shown.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
              "a control character in \(shown.debugDescription)")
    return 0
}
