import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Authenticator: signing in again")
struct AuthenticatorSignInTests {
    @Test("the same tokens signed in again without an identity keep the session: nothing ends, the identity stays")
    func sameTokensAgain() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let store = MemoryCredentialStore()
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        var events = client.events().makeAsyncIterator()
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1"), for: "session")
        let identity = try #require(try await auth.credentials(for: "session")?.identity)
        #expect(try await client.send(dataRequest()) == ["ok": true])

        // An app that saves at every launch what its login screen handed it once.
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1"), for: "session")
        #expect(try await auth.credentials(for: "session")?.identity == identity)
        #expect(try await store.credentials(for: "session")?.identity == identity)
        #expect(await sessionsEnded(client, &events) == 0)
        #expect(try await client.send(dataRequest()) == ["ok": true])
    }

    @Test("other tokens without an identity are another session: the first one ends")
    func otherTokens() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.alsoAccept("other-access")
        let auth = Authenticator(store: MemoryCredentialStore())
        let client = try server.client(auth)
        var events = client.events().makeAsyncIterator()
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1"), for: "session")
        let first = try await auth.credentials(for: "session")?.identity
        #expect(try await client.send(dataRequest()) == ["ok": true])

        try await auth.signIn(.bearer("other-access", refreshToken: "other-refresh"), for: "session")
        let second = try await auth.credentials(for: "session")?.identity
        #expect(second != nil && second != first)
        #expect(await sessionsEnded(client, &events) == 1)
        #expect(try await client.send(dataRequest()) == ["ok": true])
    }
}
