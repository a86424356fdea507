import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Every transport follows redirects by the request's rules, never carrying credentials to another origin")
struct RedirectConformanceTests {
    /// A request to `path` carrying credentials three ways, and one harmless header.
    private func credentialed(_ path: String) -> Request<TestServer.Echo> {
        var request = Request<TestServer.Echo>(method: .get, path: path)
        request.addHeader("Authorization", "Bearer secret-token")
        request.addHeader("Cookie", "session=secret")
        request.addHeader("X-Api-Key", "secret-key")
        request.addHeader("X-Trace", "abc")
        return request
    }

    @Test("to another port: credentials dropped, other headers kept", arguments: TransportUnderTest.allCases)
    func otherPort(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.get, "/echo") { .echo($0) }
        other.start()
        defer { other.stop() }
        try await withServer(transport, routes: { server in
            server.route(.get, "/go") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/echo") }
        }) { _, client in
            let echo = try await client.send(credentialed("/go"))
            #expect(echo.header("Authorization") == nil)
            #expect(echo.header("Cookie") == nil)
            #expect(echo.header("X-Api-Key") == nil)
            #expect(echo.header("X-Trace") == "abc")
            #expect(other.requestCount == 1)
        }
    }

    @Test("to another host name (307 too): credentials dropped", arguments: TransportUnderTest.allCases)
    func otherHost(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route(.get, "/echo") { .echo($0) }
            server.route(.get, "/go") { request in
                let port = request.header("Host")?.split(separator: ":").last.map(String.init) ?? ""
                return HostileScripts.redirect(to: "http://localhost:\(port)/echo", status: 307)
            }
        }) { _, client in
            let echo = try await client.send(credentialed("/go"))
            #expect(echo.path == "/echo")
            #expect(echo.header("Authorization") == nil)
            #expect(echo.header("Cookie") == nil)
            #expect(echo.header("X-Api-Key") == nil)
        }
    }

    @Test("within the origin: credentials kept", arguments: TransportUnderTest.allCases)
    func sameOrigin(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route(.get, "/echo") { .echo($0) }
            server.route(.get, "/go") { _ in HostileScripts.redirect(to: "/echo") }
        }) { _, client in
            let echo = try await client.send(credentialed("/go"))
            #expect(echo.header("Authorization") == "Bearer secret-token")
            #expect(echo.header("X-Api-Key") == "secret-key")
        }
    }

    @Test("a header the authenticator set is dropped too, though its name says nothing", arguments: TransportUnderTest.allCases)
    func authenticatorField(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.get, "/echo") { .echo($0) }
        other.start()
        defer { other.stop() }
        let auth = Authenticator()
        try await auth.signIn(.apiKey("k-123"), for: "partner")
        try await withServer(transport, routes: { server in
            server.route(.get, "/go") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/echo") }
            server.route(.get, "/echo") { .echo($0) }
        }, service: {
            $0.authSchemes = [AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner"))]
            $0.defaultAuthScheme = "partner"
        }, wares: [auth]) { _, client in
            #expect(try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo")).header("X-Partner") == "k-123")
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/go"))
            #expect(echo.header("X-Partner") == nil)
        }
    }

    @Test("another origin's 401 after a redirect leaves the session alone: the credentials never went there", arguments: TransportUnderTest.allCases)
    func otherOriginsRejection(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.get, "/file") { _ in .status(401) }
        other.start()
        defer { other.stop() }
        let store = MemoryCredentialStore()
        let auth = Authenticator(store: store)
        try await auth.signIn(.apiKey("k-123"), for: "partner")
        try await withServer(transport, routes: { server in
            server.route(.get, "/go") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/file") }
            server.route(.get, "/echo") { .echo($0) }
        }, service: {
            $0.authSchemes = [AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner"))]
            $0.defaultAuthScheme = "partner"
        }, wares: [auth]) { _, client in
            let (error, _) = await failure(of: Request<Data>(method: .get, path: "/go"), on: client)
            #expect((error as? CourierError)?.status == .unauthorized, "\(String(describing: error))")
            let kept = try await store.credentials(for: "partner")
            #expect(kept != nil, "the stored credentials are still there")
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(echo.header("X-Partner") == "k-123", "still signed in")
        }
    }

    @Test("a redirect loop ends in tooManyRedirects", arguments: TransportUnderTest.allCases)
    func loop(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/loop") { _ in HostileScripts.redirect(to: "/loop") } }) { server, client in
            var request = Request<String>(method: .get, path: "/loop")
            request.redirects = .follow(upTo: 5)
            let (error, _) = await failure(of: request, on: client)
            guard case .tooManyRedirects(6)? = transportFailure(error) else {
                Issue.record("expected tooManyRedirects(6), got \(String(describing: error))")
                return
            }
            #expect(server.requestCount == 6)
        }
    }

    @Test("refused redirects reach the caller as the 3xx itself", arguments: TransportUnderTest.allCases)
    func refused(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route(.get, "/go") { _ in HostileScripts.redirect(to: "/echo") }
            server.route(.get, "/echo") { .echo($0) }
        }, service: { $0.redirects = .refuse }) { server, client in
            var request = Request<Void>(method: .get, path: "/go")
            request.acceptableStatus = StatusAcceptance(200...299, extra: [302])
            let response = try await client.response(for: request)
            #expect(response.http.status.code == 302)
            #expect(response.http.headerFields[.location] == "/echo")
            #expect(server.requestCount == 1)
        }
    }

    @Test("a 303 after a POST turns into a GET without the body; a 307 keeps both", arguments: TransportUnderTest.allCases)
    func methods(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route(.post, "/see-other") { _ in HostileScripts.redirect(to: "/echo", status: 303) }
            server.route(.post, "/temporary") { _ in HostileScripts.redirect(to: "/echo", status: 307) }
            server.route(.get, "/echo") { .echo($0) }
            server.route(.post, "/echo") { .echo($0) }
        }) { _, client in
            var seeOther = Request<TestServer.Echo>(method: .post, path: "/see-other")
            seeOther.body = .data(Data("payload".utf8), contentType: "text/plain")
            let afterSeeOther = try await client.send(seeOther)
            #expect(afterSeeOther.method == "GET")
            #expect(afterSeeOther.body.isEmpty)
            var temporary = Request<TestServer.Echo>(method: .post, path: "/temporary")
            temporary.body = .data(Data("payload".utf8), contentType: "text/plain")
            let afterTemporary = try await client.send(temporary)
            #expect(afterTemporary.method == "POST")
            #expect(afterTemporary.body == "payload")
        }
    }

    @Test("a 307 and a 308 after a file upload send the whole file again to the new place", arguments: TransportUnderTest.allCases)
    func fileBodyFollowsTemporaryRedirects(_ transport: TransportUnderTest) async throws {
        let contents = PatternedBytes.make(3 << 20, seed: 9)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-redirected-\(UUID().uuidString)")
        try contents.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer(transport, routes: { server in
            server.route(.put, "/temporary") { _ in HostileScripts.redirect(to: "/permanent", status: 307) }
            server.route(.put, "/permanent") { _ in HostileScripts.redirect(to: "/upload", status: 308) }
            server.route(.put, "/upload") { .json(#"{"received":\#($0.body.count)}"#) }
        }) { server, client in
            var request = Request<[String: Int]>(method: .put, path: "/temporary")
            request.body = .file(file)
            let answer = try await client.send(request)
            #expect(answer == ["received": contents.count])
            #expect(server.requests.map(\.path) == ["/temporary", "/permanent", "/upload"])
            #expect(server.requests.allSatisfy { $0.body == contents }, "each hop carried the whole file")
        }
        let stillOpen = try await OpenDescriptors.awaitNone(containing: file.lastPathComponent)
        #expect(stillOpen == 0, "descriptors left open on the file")
    }
}
