import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

@Suite("CourierError: each case where it belongs")
struct CourierErrorTests {
    struct Pet: Decodable, Sendable {
        struct Owner: Decodable, Sendable { var name: String }
        var id: Int
        var owner: Owner
    }

    // MARK: invalidRequest

    @Test("a missing path parameter is invalidRequest(.missingPathParameter) and nothing is sent")
    func missingPathParameter() async throws {
        try await withLoopback(routes: { $0.route(.get, "/pets/{id}") { _ in .json("{}") } }) { server, client in
            let error = await #expect(throws: CourierError.self) {
                _ = try await client.send(Request<String>(method: .get, path: "/pets/{id}"))
            }
            guard case .invalidRequest(.missingPathParameter(let name))? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(name == "id")
            #expect(server.requestCount == 0)
        }
    }

    @Test("a header value with CR/LF is rejected and the server sees nothing", arguments: [
        "evil\r\nX-Injected: 1", "line\nbreak", "carriage\rreturn",
    ])
    func crlfHeaderRejected(value: String) async throws {
        try await withLoopback(routes: { $0.route(.get, "/echo") { .echo($0) } }) { server, client in
            var request = Request<String>(method: .get, path: "/echo")
            request.addHeader("X-Note", value)
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(request) }
            guard case .invalidRequest(.invalidHeaderValue(let name))? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(name == "X-Note")
            try await Task.sleep(for: .milliseconds(50))
            #expect(server.requestCount == 0)
        }
    }

    @Test("a CR/LF in a service default header is rejected for every request")
    func crlfDefaultHeaderRejected() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/echo") { .echo($0) } },
            service: { $0.headers = [HeaderItem(name: "X-Bad", value: "a\r\nb")] }
        ) { server, client in
            await #expect(throws: CourierError.self) { _ = try await client.send(Request<String>(method: .get, path: "/echo")) }
            #expect(server.requestCount == 0)
        }
    }

    @Test("an invalid header name is invalidRequest(.invalidHeaderName)")
    func invalidHeaderName() async throws {
        try await withLoopback(routes: { _ in }) { server, client in
            var request = Request<String>(method: .get, path: "/")
            request.addHeader("Bad Name", "x")
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(request) }
            guard case .invalidRequest(.invalidHeaderName("Bad Name"))? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(server.requestCount == 0)
        }
    }

    @Test("a base URL without a host fails when the client is made")
    func invalidBaseURL() throws {
        let url = try #require(URL(string: "file:///tmp/x"))
        #expect(throws: CourierError.self) {
            _ = try Client(service: ServiceConfiguration(name: "bad", baseURL: url), transport: URLSessionTransport())
        }
    }

    @Test("a base URL with a query, credentials or a fragment fails when the client is made, naming the part and not its secret", arguments: [
        ("https://api.example.com/v1?api_key=s3cretKEY", "query"),
        ("https://user:s3cretKEY@api.example.com/v1", "user and password"),
        ("https://api.example.com/v1#s3cretKEY", "fragment"),
    ])
    func baseURLWithPartsNeverSent(_ text: String, part: String) throws {
        let url = try #require(URL(string: text))
        let error = #expect(throws: CourierError.self) {
            _ = try Client(service: ServiceConfiguration(name: "bad", baseURL: url), transport: URLSessionTransport())
        }
        guard case .invalidRequest(.baseURLPartNotSent(_, let named))? = error?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(named == part)
        let printed = "\(String(describing: error)) \(error?.message ?? "")"
        #expect(!printed.contains("s3cretKEY"), "\(printed)")
        #expect(printed.contains("api.example.com/v1"), "\(printed)")
    }

    // MARK: unacceptableStatus

    @Test("404 and 500 are unacceptableStatus with status, headers and the body excerpt", arguments: [404, 500])
    func errorStatuses(status: Int) async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/fail") { _ in
                TestServer.Response(
                    status: status,
                    headers: [.init(name: "Content-Type", value: "application/problem+json"), .init(name: "X-Request-Id", value: "r-1")],
                    body: Data(#"{"title":"went wrong \#(status)"}"#.utf8))
            }
        }) { _, client in
            let error = await #expect(throws: CourierError.self) {
                _ = try await client.send(Request<[String]>(method: .get, path: "/fail"))
            }
            guard case .status(let response)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(response.status.code == status)
            #expect(response.http.headerFields[HTTPField.Name("X-Request-Id") ?? .accept] == "r-1")
            #expect(response.bodyExcerpt == #"{"title":"went wrong \#(status)"}"#)
            #expect(error?.description.contains("went wrong \(status)") == true)
            #expect(error?.description.contains("\(status)") == true)
        }
    }

    @Test("a huge error body is cut to an excerpt of about 1 KB")
    func bodyExcerptIsBounded() async throws {
        let big = String(repeating: "x", count: 10_000)
        try await withLoopback(routes: { $0.route(.get, "/big") { _ in .text(big, status: 500) } }) { _, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<String>(method: .get, path: "/big")) }
            guard case .status(let response)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(response.body.length == 10_000)
            #expect(response.bodyExcerpt.count < 1100)
            #expect(response.bodyExcerpt.hasSuffix("(10000 bytes)"))
        }
    }

    // MARK: decoding

    @Test("malformed JSON fields give a decoding error naming the type, the coding path and the body")
    func decodingNamesCodingPath() async throws {
        let body = #"[{"id":1,"owner":{"name":"Ann"}},{"id":2,"owner":{"name":42}}]"#
        try await withLoopback(routes: { $0.route(.get, "/pets") { _ in .json(body) } }) { _, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<[Pet]>(method: .get, path: "/pets")) }
            guard case .decoding(let failure)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(failure.type == "Array<Pet>")
            #expect(failure.codingPath == "[1].owner.name")
            #expect(failure.contentType == "application/json")
            #expect(failure.bodyExcerpt == body)
            #expect(failure.description.contains("[1].owner.name"))
        }
    }

    @Test("a missing key is named in the coding path")
    func missingKey() async throws {
        try await withLoopback(routes: { $0.route(.get, "/pet") { _ in .json(#"{"id":1,"owner":{}}"#) } }) { _, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<Pet>(method: .get, path: "/pet")) }
            guard case .decoding(let failure)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(failure.codingPath == "owner.name")
        }
    }

    @Test("an HTML page where JSON was expected is a decoding error that mentions the content type")
    func wrongContentType() async throws {
        let page = "<html><body>Gateway says hi</body></html>"
        try await withLoopback(routes: { $0.route(.get, "/pets") { _ in .html(page) } }) { _, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<[Pet]>(method: .get, path: "/pets")) }
            guard case .decoding(let failure)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(failure.contentType == "text/html; charset=utf-8")
            #expect(failure.bodyExcerpt == page)
            #expect(failure.description.contains("text/html"))
            #expect(failure.response.status == .ok)
        }
    }

    @Test("invalid UTF-8 where a String was expected is a decoding error")
    func invalidUTF8() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/text") { _ in TestServer.Response(status: 200, body: Data([0xC3, 0x28, 0xFF])) }
        }) { _, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<String>(method: .get, path: "/text")) }
            guard case .decoding(let failure)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(failure.type == "String")
        }
    }
}
