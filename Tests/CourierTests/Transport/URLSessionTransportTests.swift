import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

@Suite("URLSessionTransport against the loopback server")
struct URLSessionTransportTests {
    @Test("a 401 with WWW-Authenticate: Basic reaches the caller promptly as unacceptableStatus")
    func basicChallengeIsDelivered() async throws {
        try await withLoopback(routes: { $0.route(.get, "/secret") { _ in .basicAuthChallenge(realm: "x") } }) { server, client in
            var error: (any Error)?
            let time = await elapsed {
                error = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/secret")) }
            }
            let courierError = try #require(error as? CourierError)
            #expect(courierError.status == .unauthorized)
            guard case .status(let response) = courierError.reason else { Issue.record("\(courierError)"); return }
            #expect(response.http.headerFields[.wwwAuthenticate] == #"Basic realm="x""#)
            #expect(time < promptly)
            #expect(server.requestCount >= 1)
        }
    }

    @Test("a 304 reaches the caller as a response")
    func notModifiedIsDelivered() async throws {
        try await withLoopback(routes: { $0.route(.get, "/cached") { _ in .status(304) } }) { _, client in
            var request = Request<Void>(method: .get, path: "/cached")
            request.acceptableStatus = StatusAcceptance(200...299, extra: [304])
            let response = try await client.response(for: request)
            #expect(response.http.status.code == 304)
        }
    }

    @Test("a stalled server times out as transport(.timedOut) after the request's timeout")
    func timeout() async throws {
        try await withLoopback(routes: { $0.route(.get, "/stall") { _ in .stall } }) { _, client in
            var request = Request<String>(method: .get, path: "/stall")
            request.timeout = .milliseconds(500)
            var error: (any Error)?
            let time = await elapsed {
                error = await thrownError { _ = try await client.send(request) }
            }
            guard case .transport(.timedOut(let after))? = (error as? CourierError)?.reason else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(after == .milliseconds(500))
            #expect(time >= .milliseconds(400))
            #expect(time < .seconds(5))
        }
    }

    @Test("cancelling the task mid-flight throws CancellationError promptly")
    func cancellation() async throws {
        try await withLoopback(routes: { $0.route(.get, "/stall") { _ in .stall } }) { server, client in
            let task = Task { try await client.send(Request<String>(method: .get, path: "/stall")) }
            try await waitUntil { server.requestCount == 1 }
            let time = await elapsed {
                task.cancel()
                let result = await task.result
                #expect(throws: CancellationError.self) { try result.get() }
            }
            #expect(time < promptly)
        }
    }

    @Test("a body cut short (Content-Length larger than sent) is transport(.connectionLost)")
    func truncatedBody() async throws {
        try await withLoopback(routes: {
            $0.route(.get, "/cut") { _ in .truncated(body: Data(#"{"name":"Re"#.utf8), declaredLength: 200) }
        }) { _, client in
            let error = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/cut")) }
            guard case .transport(.connectionLost)? = (error as? CourierError)?.reason else {
                Issue.record("expected connectionLost, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("a connection closed without a response is transport(.connectionLost)")
    func closedWithoutResponse() async throws {
        try await withLoopback(routes: { $0.route(.get, "/drop") { _ in .closeWithoutResponse } }) { _, client in
            let error = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/drop")) }
            guard case .transport(.connectionLost)? = (error as? CourierError)?.reason else {
                Issue.record("expected connectionLost, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("a port nobody listens on is transport(.cannotConnect)")
    func connectionRefused() async throws {
        let server = try TestServer()
        let url = server.baseURL
        server.stop()
        let client = try Client(service: ServiceConfiguration(name: "gone", baseURL: url, timeout: .seconds(5)), transport: URLSessionTransport())
        let error = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/")) }
        guard case .transport(.cannotConnect)? = (error as? CourierError)?.reason else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
    }

    @Test("no cookies are stored or sent behind the caller's back")
    func noCookies() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/login") { _ in
                TestServer.Response(status: 200, headers: [.init(name: "Set-Cookie", value: "session=abc; Path=/")])
            }
            server.route(.get, "/echo") { .echo($0) }
        }) { _, client in
            try await client.send(Request<Void>(method: .get, path: "/login"))
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(echo.header("Cookie") == nil)
        }
    }
}

/// Polls `condition` every 10 ms for up to 5 seconds.
func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<500 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("condition not met within 5 seconds")
}
