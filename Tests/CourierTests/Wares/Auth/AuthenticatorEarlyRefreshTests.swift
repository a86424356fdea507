import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

// A refresh made early, within the leeway, is a convenience: the token still works. Neither its
// failure nor a server that hands out tokens living shorter than the leeway may cost the calls.
@Suite("Authenticator: refreshing early, before the token expires")
struct AuthenticatorEarlyRefreshTests {
    @Test("an early refresh that fails for now (503): the call goes out with the token that still works, and the next call tries again")
    func earlyRefreshFailureKeepsTheCall() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.failRefreshes(with: 503)
        let clock = ManualClock()
        let auth = Authenticator(
            store: MemoryCredentialStore([
                "session": .bearer("access-1", refreshToken: "refresh-1", expiresAt: clock.wallClock.now.addingTimeInterval(10)),
            ]),
            leeway: .seconds(30))
        let client = try server.client(auth, clock: clock, wallClock: clock.wallClock)
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(server.refreshCount == 1)
        #expect(server.dataRequests(carrying: "access-1") == 1)

        server.failRefreshes(with: nil)
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(server.refreshCount == 2)
        #expect(server.dataRequests(carrying: "access-2") == 1)
    }

    @Test("an expired token whose refresh fails for now: the call fails refreshUnavailable, nothing is sent with it")
    func expiredRefreshFailureFails() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.failRefreshes(with: 503)
        let clock = ManualClock()
        let auth = Authenticator(
            store: MemoryCredentialStore([
                "session": .bearer("access-1", refreshToken: "refresh-1", expiresAt: clock.wallClock.now.addingTimeInterval(-1)),
            ]))
        let client = try server.client(auth, clock: clock, wallClock: clock.wallClock)
        let error = await thrownError { _ = try await client.send(dataRequest()) }
        #expect((error as? CourierError)?.kind == .refreshUnavailable)
        #expect(server.dataRequests(carrying: "access-1") == 0)
    }

    @Test("tokens that live 20 s against a 30 s leeway: refreshed halfway through their life, not before every call, and the session lives on")
    func tokensShorterThanTheLeeway() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.setExpiresIn(20)
        server.refreshDelay = .zero
        let clock = ManualClock()
        let auth = Authenticator(
            store: MemoryCredentialStore([
                "session": .bearer("access-1", refreshToken: "refresh-1", expiresAt: clock.wallClock.now.addingTimeInterval(20)),
            ]),
            leeway: .seconds(30), refreshLimit: 5, refreshWindow: .seconds(60))
        let client = try server.client(auth, clock: clock, wallClock: clock.wallClock)
        // The signed-in token's life is unknown: the leeway decides, and it is refreshed at once.
        for _ in 0..<10 { #expect(try await client.send(dataRequest()) == ["ok": true]) }
        #expect(server.refreshCount == 1, "access-2 lives 20 s: 10 s of it go before it is refreshed")
        clock.advance(by: .seconds(9))
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(server.refreshCount == 1)
        clock.advance(by: .seconds(2))
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(server.refreshCount == 2, "9 s left of 20: refreshed")
        #expect(server.dataRequests(carrying: "access-3") == 1)
    }
}
