import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("Authenticator: a redirected token refresh")
struct AuthenticatorRedirectTests {
    @Test("a refresh redirected to another origin that answers 401 keeps the session, and the refresh token is not sent there")
    func crossOriginRefreshRedirect() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let other = try TestServer()
        defer { other.stop() }
        other.route(.post, "/refresh") { _ in .json(#"{"error":"who are you"}"#, status: 401) }
        other.start()
        server.redirectRefreshes(to: "http://127.0.0.1:\(other.port)/refresh")
        let store = MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        var events = client.events().makeAsyncIterator()

        let error = try #require(await thrownError { _ = try await client.send(dataRequest()) } as? CourierError)
        #expect(error.kind == .refreshUnavailable)
        let kept = try await store.credentials(for: "session")
        #expect(kept?.refreshToken == "refresh-1", "the session is kept")
        #expect(!other.requests.contains { $0.bodyText.contains("refresh-1") }, "the refresh token stayed at its origin")

        server.redirectRefreshes(to: nil)
        let later = try await client.send(dataRequest())
        #expect(later == ["ok": true])
        #expect(server.refreshCount == 1)
        #expect(await sessionsEnded(client, &events) == 0)
    }

    @Test("a refresh redirected within its origin is followed")
    func sameOriginRefreshRedirect() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.redirectRefreshes(to: "/refresh?moved=1")
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        let value = try await client.send(dataRequest())
        #expect(value == ["ok": true])
        #expect(server.server.requests.filter { $0.path == "/refresh" }.map(\.query) == [nil, "moved=1"])
        #expect(server.refreshCount == 1)
    }
}
