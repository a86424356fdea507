import Courier
import CourierTestServer
import Foundation
import Testing

/// What a typed ``Request`` puts on the wire, as the loopback server saw it.
@Suite("Request on the wire")
struct RequestWireTests {
    private func echo(
        _ request: Request<TestServer.Echo>,
        service: (inout ServiceConfiguration) -> Void = { _ in }
    ) async throws -> TestServer.Echo {
        var echoed: TestServer.Echo?
        try await withLoopback(routes: { server in
            for method in [TestServer.Method.get, .post, .put, .patch, .delete] {
                server.route(method, "/echo") { .echo($0) }
                server.route(method, "/files/{name}") { .echo($0) }
                server.route(method, "/files/{name}/meta") { .echo($0) }
                server.route(method, "/v1/echo") { .echo($0) }
            }
        }, service: service) { _, client in
            echoed = try await client.send(request)
        }
        return try #require(echoed)
    }

    // MARK: Bodies

    @Test("a JSON body is sent with application/json and sorted keys")
    func jsonBody() async throws {
        struct Payload: Encodable, Sendable { var b = 2; var a = "x" }
        var request = Request<TestServer.Echo>(method: .post, path: "/echo")
        request.body = .json(Payload())
        let echo = try await echo(request)
        #expect(echo.header("Content-Type") == "application/json")
        #expect(echo.body == #"{"a":"x","b":2}"#)
    }

    @Test("a form body is url-encoded with repeated names and omitted nils")
    func formBody() async throws {
        var fields = FormFields()
        fields.add("name", "Rex & Co = 100%")
        fields.add("tag", ["a b", "ü"])
        fields.add("missing", String?.none)
        fields.add("good", true)
        var request = Request<TestServer.Echo>(method: .post, path: "/echo")
        request.body = .form(fields.items)
        let echo = try await echo(request)
        #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(echo.body == "name=Rex%20%26%20Co%20%3D%20100%25&tag=a%20b&tag=%C3%BC&good=true")
    }

    @Test("a raw data body is sent byte for byte with its content type")
    func dataBody() async throws {
        let bytes = Data((0...255).map(UInt8.init))
        var request = Request<TestServer.Echo>(method: .put, path: "/echo")
        request.body = .data(bytes, contentType: "application/octet-stream")
        let echo = try await echo(request)
        #expect(echo.header("Content-Type") == "application/octet-stream")
        #expect(Data(base64Encoded: echo.bodyBase64) == bytes)
    }

    @Test("a caller's own Content-Type header wins over the body's default")
    func explicitContentType() async throws {
        var request = Request<TestServer.Echo>(method: .post, path: "/echo")
        request.addHeader("Content-Type", "application/merge-patch+json")
        request.body = .json(["a": 1])
        let echo = try await echo(request)
        #expect(echo.header("Content-Type") == "application/merge-patch+json")
    }

    @Test("a form, raw data or file body is labelled with its own type over a service's default Content-Type; a JSON body takes the default; the request's own field wins over both")
    func bodyTypeOverServiceDefault() async throws {
        let jsonDefault: (inout ServiceConfiguration) -> Void = {
            $0.headers = [HeaderItem(name: "Content-Type", value: "application/vnd.api+json")]
        }
        var form = Request<TestServer.Echo>(method: .post, path: "/echo")
        var fields = FormFields()
        fields.add("name", "Rex")
        form.body = .form(fields.items)
        let formEcho = try await echo(form, service: jsonDefault)
        #expect(formEcho.header("Content-Type") == "application/x-www-form-urlencoded")

        var image = Request<TestServer.Echo>(method: .post, path: "/echo")
        image.body = .data(Data([0x89, 0x50, 0x4E, 0x47]), contentType: "image/png")
        let imageEcho = try await echo(image, service: jsonDefault)
        #expect(imageEcho.header("Content-Type") == "image/png")

        var json = Request<TestServer.Echo>(method: .post, path: "/echo")
        json.body = .json(["a": 1])
        let jsonEcho = try await echo(json, service: jsonDefault)
        #expect(jsonEcho.header("Content-Type") == "application/vnd.api+json")

        image.addHeader("Content-Type", "image/x-png")
        let ownEcho = try await echo(image, service: jsonDefault)
        #expect(ownEcho.header("Content-Type") == "image/x-png")
    }

    // MARK: Query

    @Test("a query of only empty lists sends no '?'")
    func emptyListQuery() async throws {
        var request = Request<TestServer.Echo>(method: .get, path: "/echo")
        request.addQuery("tag", [String]())
        let echo = try await echo(request)
        #expect(echo.query == nil)
        #expect(echo.path == "/echo")
    }

    @Test("query: nils omitted, arrays repeated, booleans true/false, dates ISO-8601, reserved characters encoded")
    func queryEncoding() async throws {
        var request = Request<TestServer.Echo>(method: .get, path: "/echo")
        request.addQuery("q", "a b&c=d/é?#+")
        request.addQuery("missing", Int?.none)
        request.addQuery("tag", ["x", "y z"])
        request.addQuery("flag", true)
        request.addQuery("off", false)
        request.addQuery("since", Date(timeIntervalSince1970: 1_714_564_800))
        request.addQuery("at", Date(timeIntervalSince1970: 1_714_564_800.25))
        request.addQuery("n", 42)
        request.addQuery("x", 1.5)
        let echo = try await echo(request)
        #expect(echo.query == "q=a%20b%26c%3Dd%2F%C3%A9%3F%23%2B&tag=x&tag=y%20z&flag=true&off=false"
            + "&since=2024-05-01T12%3A00%3A00Z&at=2024-05-01T12%3A00%3A00.250Z&n=42&x=1.5")
        #expect(echo.queryValues("q") == ["a b&c=d/é?#+"])
        #expect(echo.queryValues("tag") == ["x", "y z"])
        #expect(echo.queryValues("missing").isEmpty)
        #expect(echo.queryValues("since") == ["2024-05-01T12:00:00Z"])
    }

    @Test("no query at all sends no '?'")
    func noQuery() async throws {
        let echo = try await echo(Request<TestServer.Echo>(method: .get, path: "/echo"))
        #expect(echo.query == nil)
        #expect(echo.path == "/echo")
    }

    // MARK: Path parameters

    @Test("'../admin' stays one segment: the server sees /files/..%2Fadmin")
    func dotDotStaysOneSegment() async throws {
        var request = Request<TestServer.Echo>(method: .get, path: "/files/{name}")
        request.setPathParameter("name", to: "../admin")
        let echo = try await echo(request)
        #expect(echo.path == "/files/..%2Fadmin")
    }

    @Test("path values with / ? # % .. and spaces cannot change the path's shape", arguments: [
        ("a/b", "a%2Fb"),
        ("what?x=1", "what%3Fx%3D1"),
        ("frag#ment", "frag%23ment"),
        ("100%", "100%25"),
        ("...", "%2E%2E%2E"),
        ("my file.txt", "my%20file.txt"),
        ("ünï", "%C3%BCn%C3%AF"),
    ])
    func pathShapeIsFixed(value: String, encoded: String) async throws {
        var request = Request<TestServer.Echo>(method: .get, path: "/files/{name}/meta")
        request.setPathParameter("name", to: value)
        let echo = try await echo(request)
        #expect(echo.path == "/files/\(encoded)/meta")
        #expect(echo.query == nil)
    }

    @Test("an empty, '.' or '..' path value is refused before anything is sent: servers merge '//' and resolve encoded dots", arguments: ["", ".", ".."])
    func pathValuesThatWouldMoveThePathAreRefused(value: String) async throws {
        try await withLoopback(routes: { $0.route(.get, "/files/{name}/meta") { .echo($0) } }) { server, client in
            var request = Request<TestServer.Echo>(method: .get, path: "/files/{name}/meta")
            request.setPathParameter("name", to: value)
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(request) }
            #expect(error?.kind == .invalidRequest, "\(String(describing: error))")
            #expect(server.requests.isEmpty)
        }
    }

    // MARK: Headers and service

    @Test("service default headers are sent with every request; the request's own replace same-named defaults")
    func defaultHeaders() async throws {
        var request = Request<TestServer.Echo>(method: .get, path: "/echo")
        request.addHeader("X-Request", "r")
        request.addHeader("X-Missing", String?.none)
        request.addHeader("accept", "text/csv")
        let echo = try await echo(request) { service in
            service.headers = [HeaderItem(name: "X-Client", value: "courier-tests"), HeaderItem(name: "Accept", value: "application/json")]
        }
        #expect(echo.header("X-Client") == "courier-tests")
        #expect(echo.header("X-Request") == "r")
        #expect(echo.header("X-Missing") == nil)
        #expect(echo.headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == ["text/csv"])
    }

    @Test("a base URL with a path keeps it as a prefix")
    func basePathPrefix() async throws {
        let echo = try await echo(Request<TestServer.Echo>(method: .get, path: "/echo")) { service in
            service.baseURL = service.baseURL.appendingPathComponent("v1/")
        }
        #expect(echo.path == "/v1/echo")
    }

    @Test("ServiceConfiguration.environment picks the named base URL")
    func environments() async throws {
        let server = try TestServer()
        server.route(.get, "/where") { _ in .text("staging") }
        server.start()
        defer { server.stop() }
        let production = try #require(URL(string: "http://127.0.0.1:9"))
        let service = ServiceConfiguration(
            name: "env", baseURL: production, timeout: .seconds(60),  // the loopback suites' timeout: a loaded machine is slow, not broken
            environments: ["staging": server.baseURL, "production": production])
        let staging = try service.environment("staging")
        #expect(staging.baseURL == server.baseURL)
        let client = try Client(service: staging, transport: URLSessionTransport())
        #expect(try await client.send(Request<String>(method: .get, path: "/where")) == "staging")

        #expect {
            _ = try service.environment("qa")
        } throws: { error in
            guard case .invalidRequest(.unknownEnvironment(let name, let known))? = (error as? CourierError)?.reason else { return false }
            return name == "qa" && known == ["production", "staging"]
        }
    }
}
