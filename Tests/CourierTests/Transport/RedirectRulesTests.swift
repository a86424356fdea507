@testable import Courier
import Foundation
import HTTPTypes
import Testing

@Suite("Redirect rules every transport shares")
struct RedirectRulesTests {
    private func request(_ method: HTTPRequest.Method = .get, body: HTTPBody? = nil, credentialFields: [HTTPField.Name] = []) -> PreparedRequest {
        var fields: HTTPFields = [.authorization: "Bearer t", .cookie: "a=b", .contentType: "text/plain"]
        fields[HTTPField.Name("X-Partner")!] = "k"
        return PreparedRequest(
            http: HTTPRequest(method: method, scheme: "https", authority: "api.example.com", path: "/v1/a?x=1", headerFields: fields),
            body: body, timeout: .seconds(5), credentialFields: credentialFields)
    }

    @Test("origins compare scheme, host (any case) and port, default ports filled in")
    func origins() throws {
        let url = { (text: String) in try #require(URL(string: text)) }
        #expect(RedirectRules.sameOrigin(try url("https://A.example.com/x"), try url("https://a.example.com:443/y")))
        #expect(!RedirectRules.sameOrigin(try url("https://a.example.com/x"), try url("http://a.example.com/x")))
        #expect(!RedirectRules.sameOrigin(try url("http://127.0.0.1:80/x"), try url("http://127.0.0.1:8080/x")))
        #expect(!RedirectRules.sameOrigin(try url("http://127.0.0.1/x"), try url("http://localhost/x")))
    }

    @Test("a relative Location resolves against the request; credentials stay within the origin")
    func relative() throws {
        let next = try RedirectRules.following(request(credentialFields: [HTTPField.Name("X-Partner")!]), status: 302, location: "../b?y=2", count: 1)
        #expect(next.http.authority == "api.example.com")
        #expect(next.http.path == "/b?y=2")
        #expect(next.http.headerFields[.authorization] == "Bearer t")
        #expect(next.http.headerFields[HTTPField.Name("X-Partner")!] == "k")
    }

    @Test("another origin loses Authorization, Cookie and the marked fields, and keeps the rest")
    func crossOrigin() throws {
        let next = try RedirectRules.following(
            request(credentialFields: [HTTPField.Name("X-Partner")!]), status: 307, location: "https://cdn.example.net:8443/file", count: 1)
        #expect(next.http.scheme == "https")
        #expect(next.http.authority == "cdn.example.net:8443")
        #expect(next.http.headerFields[.authorization] == nil)
        #expect(next.http.headerFields[.cookie] == nil)
        #expect(next.http.headerFields[HTTPField.Name("X-Partner")!] == nil)
        #expect(next.http.headerFields[.contentType] == "text/plain")
    }

    @Test("methods change as the Fetch standard says", arguments: [
        (303, HTTPRequest.Method.post, HTTPRequest.Method.get), (303, .put, .get), (303, .head, .head),
        (302, .post, .get), (301, .post, .get), (302, .put, .put), (307, .post, .post), (308, .delete, .delete),
    ])
    func methods(_ status: Int, _ method: HTTPRequest.Method, _ expected: HTTPRequest.Method) throws {
        let next = try RedirectRules.following(request(method, body: .bytes(Data("b".utf8))), status: status, location: "/next", count: 1)
        #expect(next.http.method == expected)
        #expect((next.body != nil) == (expected == method))
    }

    @Test("past the maximum, or to a scheme other than http(s), the redirect fails")
    func failures() {
        var limited = request()
        limited.redirects = .follow(upTo: 2)
        #expect(throws: CourierError.self) { try RedirectRules.following(limited, status: 302, location: "/x", count: 3) }
        do {
            _ = try RedirectRules.following(request(), status: 302, location: "ftp://files.example.com/x", count: 1)
            Issue.record("an ftp Location was followed")
        } catch {
            guard case .transport(.badRedirect) = error.reason else { Issue.record("\(error)"); return }
        }
    }
}
