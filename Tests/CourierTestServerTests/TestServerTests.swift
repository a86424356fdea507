import CourierTestServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The loopback server on its own, driven by a plain `URLSession`.
@Suite("TestServer")
struct TestServerTests {
    private func fetch(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return (data, try #require(response as? HTTPURLResponse))
    }

    private func url(_ server: TestServer, _ path: String) throws -> URL {
        try #require(URL(string: server.baseURL.absoluteString + path))
    }

    @Test("binds a free loopback port and reports it in baseURL")
    func freePort() throws {
        let first = try TestServer()
        let second = try TestServer()
        defer { first.stop(); second.stop() }
        #expect(first.port != 0)
        #expect(first.port != second.port)
        #expect(first.baseURL.absoluteString == "http://127.0.0.1:\(first.port)")
    }

    @Test("routes by method and path, with {name} segments, and answers others with 404")
    func routing() async throws {
        let server = try TestServer()
        server.route(.get, "/pets/{id}") { .text("pet \($0.pathParameters["id"] ?? "?")") }
        server.route(.delete, "/pets/{id}") { _ in .status(204) }
        server.start()
        defer { server.stop() }

        let (body, ok) = try await fetch(URLRequest(url: try url(server, "/pets/42?x=1")))
        #expect(ok.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "pet 42")

        var delete = URLRequest(url: try url(server, "/pets/42"))
        delete.httpMethod = "DELETE"
        #expect(try await fetch(delete).1.statusCode == 204)

        let (missing, notFound) = try await fetch(URLRequest(url: try url(server, "/owners")))
        #expect(notFound.statusCode == 404)
        #expect(String(decoding: missing, as: UTF8.self).contains("GET /owners"))
        #expect(server.requests.map(\.target) == ["/pets/42?x=1", "/pets/42", "/owners"])
    }

    @Test("echo reports method, raw path, query, headers and body")
    func echo() async throws {
        let server = try TestServer()
        server.route(.post, "/echo") { .echo($0) }
        server.start()
        defer { server.stop() }
        var request = URLRequest(url: try url(server, "/echo?a=1&b=x%20y"))
        request.httpMethod = "POST"
        request.setValue("yes", forHTTPHeaderField: "X-Test")
        request.httpBody = Data("hello".utf8)
        let (data, _) = try await fetch(request)
        let echo = try JSONDecoder().decode(TestServer.Echo.self, from: data)
        #expect(echo.method == "POST")
        #expect(echo.path == "/echo")
        #expect(echo.query == "a=1&b=x%20y")
        #expect(echo.queryValues("b") == ["x y"])
        #expect(echo.header("x-test") == "yes")
        #expect(echo.body == "hello")
    }

    @Test("a chunked request body arrives de-chunked")
    func chunkedBody() async throws {
        let server = try TestServer()
        server.route(.post, "/upload") { TestServer.Response(status: 200, body: $0.body) }
        server.start()
        defer { server.stop() }
        let payload = Data((0..<100_000).map { UInt8($0 % 251) })
        var request = URLRequest(url: try url(server, "/upload"))
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: payload)
        let (data, response) = try await fetch(request)
        #expect(response.statusCode == 200)
        #expect(data == payload)
        let seen = try #require(server.requests.first)
        #expect(seen.header("Transfer-Encoding")?.lowercased() == "chunked")
    }

    @Test("stop() ends a stalled connection and returns promptly; the server then refuses connections")
    func stopEndsStalls() async throws {
        let server = try TestServer()
        server.route(.get, "/stall") { _ in .stall }
        server.start()
        let url = try url(server, "/stall")
        let pending = Task { try await fetch(URLRequest(url: url)) }
        for _ in 0..<500 where server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.requestCount == 1)

        let clock = ContinuousClock()
        let start = clock.now
        server.stop()
        // A stop that did not end the stall would wait for ever; 5 s allows for a loaded machine.
        #expect(clock.now - start < .seconds(5))
        await #expect(throws: (any Error).self) { _ = try await pending.value }
        await #expect(throws: (any Error).self) { _ = try await fetch(URLRequest(url: url)) }
    }

    @Test("a connection's last request (its keep-alive limit) is answered with Connection: close, and the next one is served")
    func keepAliveLimit() async throws {
        let server = try TestServer(requestsPerConnection: 2)
        server.route(.get, "/n") { _ in .text("ok") }
        server.start()
        defer { server.stop() }
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        var said: [String?] = []
        for _ in 0..<3 {
            let (data, response) = try await session.data(for: URLRequest(url: try url(server, "/n")))
            #expect(String(decoding: data, as: UTF8.self) == "ok")
            said.append(try #require(response as? HTTPURLResponse).value(forHTTPHeaderField: "Connection")?.lowercased())
        }
        // The third went out on a new connection, whose first answer keeps it open again.
        #expect(said == ["keep-alive", "close", "keep-alive"])
        #expect(server.requestCount == 3)
    }

    @Test("a delayed response waits at least its delay")
    func delayed() async throws {
        let server = try TestServer()
        server.route(.get, "/slow") { _ in TestServer.Response.text("late").delayed(by: .milliseconds(200)) }
        server.start()
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let (data, _) = try await fetch(URLRequest(url: try url(server, "/slow")))
        #expect(clock.now - start >= .milliseconds(200))
        #expect(String(decoding: data, as: UTF8.self) == "late")
    }
}
