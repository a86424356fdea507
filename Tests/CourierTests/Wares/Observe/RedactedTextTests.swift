import Courier
import Foundation
import Testing

/// `Redaction.redactedBody(_:contentType:limit:)` on bodies that come without a content type
/// (a stream's elements) and decode as JSON: redacted as JSON, whatever precedes the `{`.
@Suite("Redaction: bodies without a content type")
struct RedactedTextTests {
    @Test(
        "JSON after whitespace or a byte order mark is redacted as JSON",
        arguments: [
            " {\"password\":\"hunter2\"}", "\n{\"password\":\"hunter2\"}", "\t\r\n[{\"password\":\"hunter2\"}]",
            "\u{FEFF}{\"password\":\"hunter2\"}",
        ])
    func leadingWhitespace(body: String) {
        let redaction = Redaction(sensitiveNames: ["password"])
        let logged = redaction.redactedBody(Data(body.utf8), contentType: nil, limit: 1_000)
        #expect(!logged.contains("hunter2"))
        #expect(logged.contains("<redacted>"))
    }

    @Test("plain text that only mentions braces later is logged as it is")
    func plainText() {
        let redaction = Redaction(sensitiveNames: ["password"])
        #expect(redaction.redactedBody(Data("ok {not json}".utf8), contentType: nil, limit: 1_000) == "ok {not json}")
    }
}
