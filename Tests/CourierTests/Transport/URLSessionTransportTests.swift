import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

// The cases every transport must pass (timeouts, cancellation, truncated bodies, redirects, size
// limits, …) live in TransportConformanceTests; these are URLSession's own.
@Suite("URLSessionTransport against the loopback server")
struct URLSessionTransportTests {
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
