import Courier
import CourierTestServer
import Foundation
import Testing

/// A `302` to `/target`, which answers `200` if it is ever reached.
private func redirecting(_ server: TestServer) {
    server.route(.get, "/moved") { _ in
        TestServer.Response(status: 302, headers: [.init(name: "Location", value: "/target")], body: Data())
    }
    server.route(.get, "/target") { _ in .text("followed") }
}

@Suite("RedirectPolicy.refuse: a 3xx not followed is a status error unless the request accepts it")
struct RedirectPolicyTests {
    @Test("refused, with the default acceptable statuses: a status error carrying the 302 and its Location")
    func refusedIsStatusError() async throws {
        try await withLoopback(routes: redirecting) { server, client in
            var request = Request<String>(method: .get, path: "/moved")
            request.redirects = .refuse
            let error = try #require(await thrownError { _ = try await client.send(request) } as? CourierError)
            #expect(error.kind == .status)
            #expect(error.status?.code == 302)
            #expect(error.response?.http.headerFields[.location] == "/target")
            #expect(server.requestCount == 1, "the redirect was not followed")
        }
    }

    @Test("refused, with the 3xx among the acceptable statuses: the 302 itself as the response")
    func refusedAndAcceptedIsResponse() async throws {
        try await withLoopback(routes: redirecting) { server, client in
            var request = Request<Void>(method: .get, path: "/moved")
            request.redirects = .refuse
            request.acceptableStatus = StatusAcceptance(200...299, extra: [302])
            let response = try await client.response(for: request)
            #expect(response.http.status.code == 302)
            #expect(response.http.headerFields[.location] == "/target")
            #expect(server.requestCount == 1)
        }
    }

    @Test("followed (the default): the target's answer")
    func followed() async throws {
        try await withLoopback(routes: redirecting) { server, client in
            let value = try await client.send(Request<String>(method: .get, path: "/moved"))
            #expect(value == "followed")
            #expect(server.requestCount == 2)
        }
    }
}
