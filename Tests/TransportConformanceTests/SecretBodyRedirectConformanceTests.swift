import Courier
import CourierTestServer
import Foundation
import Testing

// A followed 307 or 308 keeps the method and the body, and only the credential header fields were
// left behind at another origin: a login's password went wherever its redirect pointed.
@Suite("Every transport keeps a body that carries secrets at its origin")
struct SecretBodyRedirectConformanceTests {
    /// A login to `path`, its password in a JSON field the service's redaction calls sensitive.
    private func login(_ path: String) -> Request<TestServer.Echo> {
        var request = Request<TestServer.Echo>(method: .post, path: path)
        request.body = .json(["username": "ada", "password": "s3cret-pw"])
        request.authentication = .none
        return request
    }

    @Test("a 307 or 308 to another origin after a login is refused, and the password never goes there", arguments: TransportUnderTest.allCases)
    func secretBodyStays(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.post, "/login") { .echo($0) }
        other.start()
        defer { other.stop() }
        try await withServer(transport, routes: { server in
            server.route(.post, "/temporary") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/login", status: 307) }
            server.route(.post, "/permanent") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/login", status: 308) }
        }) { server, client in
            for path in ["/temporary", "/permanent"] {
                let (error, _) = await failure(of: login(path), on: client)
                guard case .badRedirect(let message)? = transportFailure(error) else { continue }
                #expect(message.contains("another origin"), "\(message)")
                #expect(!"\(String(describing: error))".contains("s3cret-pw"))
            }
            #expect(other.requestCount == 0, "nothing was sent to the other origin")
            #expect(server.requestCount == 2)
        }
    }

    @Test("a secret registered for the call counts too, under a name nobody marked", arguments: TransportUnderTest.allCases)
    func registeredSecretStays(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.post, "/grant") { .echo($0) }
        other.start()
        defer { other.stop() }
        try await withServer(transport, routes: { server in
            server.route(.post, "/grant") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/grant", status: 307) }
        }, wares: [RegisteringSecret(value: "one-time-code-42")]) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/grant")
            request.body = .data(Data("grant=one-time-code-42".utf8), contentType: "text/plain")
            let (error, _) = await failure(of: request, on: client)
            guard case .badRedirect? = transportFailure(error) else { return }
            #expect(other.requestCount == 0)
        }
    }

    @Test("a body without secrets still follows a 307 to another origin, and a login's 303 goes there without its body", arguments: TransportUnderTest.allCases)
    func otherBodiesFollow(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.post, "/upload") { .echo($0) }
        other.route(.get, "/welcome") { .echo($0) }
        other.start()
        defer { other.stop() }
        try await withServer(transport, routes: { server in
            server.route(.post, "/upload") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/upload", status: 307) }
            server.route(.post, "/login") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/welcome", status: 303) }
        }) { _, client in
            var upload = Request<TestServer.Echo>(method: .post, path: "/upload")
            upload.body = .data(Data("payload".utf8), contentType: "text/plain")
            let uploaded = try await client.send(upload)
            #expect(uploaded.body == "payload")
            let welcomed = try await client.send(login("/login"))
            #expect(welcomed.method == "GET")
            #expect(welcomed.body.isEmpty)
            #expect(other.requests.map(\.path) == ["/upload", "/welcome"])
        }
    }
}

@Suite("Every transport follows redirects within the origin only under RedirectPolicy.sameOrigin")
struct SameOriginRedirectConformanceTests {
    @Test("under .sameOrigin a redirect within the origin is followed, and one to another origin is the answer", arguments: TransportUnderTest.allCases)
    func sameOriginOnly(_ transport: TransportUnderTest) async throws {
        let other = try TestServer()
        other.route(.get, "/echo") { .echo($0) }
        other.start()
        defer { other.stop() }
        try await withServer(transport, routes: { server in
            server.route(.get, "/inside") { _ in HostileScripts.redirect(to: "/echo", status: 307) }
            server.route(.get, "/outside") { _ in HostileScripts.redirect(to: "http://127.0.0.1:\(other.port)/echo", status: 302) }
            server.route(.get, "/echo") { .echo($0) }
        }, service: { $0.redirects = .sameOrigin }) { server, client in
            let inside = try await client.send(Request<TestServer.Echo>(method: .get, path: "/inside"))
            #expect(inside.path == "/echo")
            var outside = Request<Void>(method: .get, path: "/outside")
            outside.acceptableStatus = StatusAcceptance(200...299, extra: [302])
            let response = try await client.response(for: outside)
            #expect(response.http.status.code == 302)
            #expect(other.requestCount == 0, "the other origin was never asked")
            #expect(server.requests.map(\.path) == ["/inside", "/echo", "/outside"])
        }
    }
}

/// Registers `value` as a secret of every call, as a ware that puts a credential in a body would.
private struct RegisteringSecret: Ware {
    let value: String
    var position: WarePosition { .authentication }
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        context.registerSecrets([value])
        return try await next(request, context)
    }
}
