import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Error descriptions are safe to log")
struct SafeMessagesTests {
    @Test("a transport error names the failure, not the NSError's userInfo with the failing URL")
    func noUserInfo() {
        let url = "https://api.example.com/pets?api_key=s3cret"
        let underlying = NSError(
            domain: NSURLErrorDomain, code: -1200,
            userInfo: [NSLocalizedDescriptionKey: "An SSL error has occurred.", NSURLErrorFailingURLErrorKey: URL(string: url) as Any])
        let text = "\(CourierError.transport(.other(underlying)))"
        #expect(text.contains("An SSL error has occurred."))
        #expect(!text.contains("s3cret"))
        #expect(!text.contains("api.example.com"))
        let urlError = URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: url) as Any])
        #expect(!"\(CourierError.transport(.other(urlError)))".contains("s3cret"))
    }

    @Test("a base URL in a message has its sensitive query values redacted")
    func baseURL() {
        let text = "\(CourierError.invalidRequest(.invalidBaseURL("/relative?token=s3cret&page=2")))"
        #expect(!text.contains("s3cret"))
        #expect(text.contains("token=<redacted>&page=2"))
    }

    @Test("body excerpts escape CR, LF, tab, ESC and other control characters, so a body cannot forge log lines")
    func controlCharacters() {
        let body = Data("ok\r\n2026-11-23 INFO forged line\u{1B}[31m\tred\u{7F}".utf8)
        let excerpt = RawResponse(status: .ok, headers: [.contentType: "text/plain"], body: body).bodyExcerpt
        #expect(excerpt == #"ok\r\n2026-11-23 INFO forged line\u{1B}[31m\tred\u{7F}"#)
        #expect(!excerpt.contains("\n") && !excerpt.contains("\u{1B}"))
        let lines = Redaction.standard.redactedHeaderLines([HTTPField.Name("X-Note")!: "a\u{1B}b"])
        #expect(lines.count == 1 && !lines[0].contains("\u{1B}"))
    }

    @Test("plain text without control characters is left as it is")
    func plain() {
        #expect(RawResponse(status: .ok, body: Data("héllo wörld".utf8)).bodyExcerpt == "héllo wörld")
    }
}
