import Courier
import CourierTestServer
import Foundation
import Testing

// Two processes on one credentials file each loaded it once: when one rotated the refresh token,
// the other refreshed with the old one, was rejected, and ended the session (removing the
// first one's new tokens from the file too). Two authenticators on two stores of one file
// stand in for the two processes here.
@Suite("Authenticator: processes sharing a credentials file keep each other signed in")
struct AuthenticatorSharedStoreTests {
    private static func newURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-shared-\(UUID().uuidString).json")
    }

    /// A new credentials file holding ada's stale token and `refresh-1`, and two authenticators
    /// on stores of it with a client each: two processes that have not read it yet.
    private static func twoProcesses(
        on server: AuthTestServer
    ) async throws -> (url: URL, first: Authenticator, second: Authenticator, firstClient: Client, secondClient: Client) {
        let url = newURL()
        try await FileCredentialStore(url: url).save(.bearer("stale", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let (first, second) = (Authenticator(store: FileCredentialStore(url: url)), Authenticator(store: FileCredentialStore(url: url)))
        return (url, first, second, try server.client(first), try server.client(second))
    }

    /// Removes the credentials file at `url` and the lock file beside it.
    private static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(atPath: url.path + ".lock")
    }

    @Test("a refresh token rotated by the other process is read again and used, instead of ending the session")
    func rotatedElsewhere() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        // Tokens that expire within the 30 s leeway: the other process's stored access token is
        // refreshed with its refresh token rather than used as it is.
        server.setExpiresIn(10)
        let (url, first, second, firstClient, secondClient) = try await Self.twoProcesses(on: server)
        defer { Self.remove(url) }
        var (firstEvents, secondEvents) = (firstClient.events().makeAsyncIterator(), secondClient.events().makeAsyncIterator())
        // Both processes have read the file before either refreshes.
        #expect(try await first.credentials(for: "session")?.refreshToken == "refresh-1")
        #expect(try await second.credentials(for: "session")?.refreshToken == "refresh-1")

        let one = try await firstClient.send(dataRequest())  // 401, refresh-1 -> refresh-2, stored
        #expect(one == ["ok": true])
        let two = try await secondClient.send(dataRequest())  // 401, refresh-1 rejected, refresh-2 read and used
        #expect(two == ["ok": true])
        #expect(try await FileCredentialStore(url: url).credentials(for: "session")?.refreshToken == "refresh-3")
        let three = try await firstClient.send(dataRequest())  // 401, refresh-2 rejected, refresh-3 read and used
        #expect(three == ["ok": true])

        let stored = try await FileCredentialStore(url: url).credentials(for: "session")
        #expect(stored?.refreshToken == "refresh-4")
        #expect(stored?.identity == "ada")
        #expect(try await first.credentials(for: "session")?.token == "access-4")
        #expect(try await second.credentials(for: "session")?.identity == "ada", "still the same session")
        #expect(await sessionsEnded(firstClient, &firstEvents) == 0)
        #expect(await sessionsEnded(secondClient, &secondEvents) == 0)
    }

    @Test("the access token the other process's refresh stored is used as it is: no second refresh, and the two stop taking turns")
    func rotatedElsewhereWithTimeLeft() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let (url, first, second, firstClient, secondClient) = try await Self.twoProcesses(on: server)
        defer { Self.remove(url) }
        var secondEvents = secondClient.events().makeAsyncIterator()
        #expect(try await first.credentials(for: "session")?.refreshToken == "refresh-1")
        #expect(try await second.credentials(for: "session")?.refreshToken == "refresh-1")

        let one = try await firstClient.send(dataRequest())  // 401, refresh-1 -> access-2 for an hour, stored
        #expect(one == ["ok": true])
        let two = try await secondClient.send(dataRequest())  // 401, refresh-1 rejected, access-2 read and sent
        #expect(two == ["ok": true])
        let three = try await firstClient.send(dataRequest())  // access-2 still works: no 401
        #expect(three == ["ok": true])

        #expect(server.refreshCount == 2, "one refresh, and the rejected one: nothing rotated access-2 away")
        #expect(server.dataRequests(carrying: "access-2") == 3)
        let stored = try await FileCredentialStore(url: url).credentials(for: "session")
        #expect(stored?.refreshToken == "refresh-2" && stored?.identity == "ada")
        #expect(try await second.credentials(for: "session")?.token == "access-2")
        #expect(await sessionsEnded(secondClient, &secondEvents) == 0)
    }

    @Test("a stored access token the server refuses (revoked, or rotated again since) is refreshed with the refresh token stored beside it; the session lives")
    func adoptedAccessTokenRefused() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let (url, _, second, firstClient, secondClient) = try await Self.twoProcesses(on: server)
        defer { Self.remove(url) }
        var secondEvents = secondClient.events().makeAsyncIterator()
        #expect(try await second.credentials(for: "session")?.refreshToken == "refresh-1")
        #expect(try await firstClient.send(dataRequest()) == ["ok": true])  // refresh-1 -> refresh-2, stored
        // The other process stored an access token the server no longer takes, beside a live refresh token.
        try await FileCredentialStore(url: url).save(
            .bearer("revoked", refreshToken: "refresh-2", expiresAt: Date().addingTimeInterval(3600), identity: "ada"), for: "session")

        // 401, refresh-1 rejected, "revoked" read and sent: 401, refresh-2 -> access-3.
        #expect(try await secondClient.send(dataRequest()) == ["ok": true])
        #expect(server.dataRequests(carrying: "revoked") == 1)
        #expect(try await second.credentials(for: "session")?.token == "access-3")
        #expect(try await FileCredentialStore(url: url).credentials(for: "session")?.refreshToken == "refresh-3")
        #expect(await sessionsEnded(secondClient, &secondEvents) == 0)
    }

    @Test("a rejected refresh token that the file holds too still ends the session")
    func rejectedEverywhere() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let url = Self.newURL()
        defer { Self.remove(url) }
        try await FileCredentialStore(url: url).save(.bearer("stale", refreshToken: "revoked", identity: "ada"), for: "session")
        let auth = Authenticator(store: FileCredentialStore(url: url))
        let client = try server.client(auth)
        let error = await thrownError { _ = try await client.send(dataRequest()) }
        #expect((error as? CourierError)?.kind == .refreshFailed, "\(String(describing: error))")
        #expect(server.refreshCount == 1, "the token the file holds was rejected already: not sent again")
        #expect(try await FileCredentialStore(url: url).credentials(for: "session") == nil)
    }

    @Test("when the other process signed in as someone else, the rejected session ends here and the other sign-in stays in the file")
    func anotherSignIn() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let url = Self.newURL()
        defer { Self.remove(url) }
        try await FileCredentialStore(url: url).save(.bearer("stale", refreshToken: "revoked", identity: "ada"), for: "session")
        let (first, second) = (Authenticator(store: FileCredentialStore(url: url)), Authenticator(store: FileCredentialStore(url: url)))
        let (firstClient, secondClient) = (try server.client(first), try server.client(second))
        #expect(try await second.credentials(for: "session")?.identity == "ada")
        try await first.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "bob"), for: "session")

        let error = await thrownError { _ = try await secondClient.send(dataRequest()) }
        #expect((error as? CourierError)?.kind == .refreshFailed, "\(String(describing: error))")
        #expect(server.refreshCount == 1, "bob's refresh token is not used for ada's session")
        #expect(try await second.credentials(for: "session") == nil, "ada's session is over here")
        let stored = try await FileCredentialStore(url: url).credentials(for: "session")
        #expect(stored?.identity == "bob" && stored?.refreshToken == "refresh-1", "bob's sign-in stays in the file")
        let value = try await firstClient.send(dataRequest())
        #expect(value == ["ok": true])
    }

    @Test("a rejected token without a refresh ends the session here, and leaves the sign-in the other process stored since")
    func rejectedWithoutRefresh() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let url = Self.newURL()
        defer { Self.remove(url) }
        try await FileCredentialStore(url: url).save(.bearer("old", identity: "ada"), for: "session")
        let plainBearer = AuthScheme(name: "session", kind: .bearer)
        let (first, second) = (Authenticator(store: FileCredentialStore(url: url)), Authenticator(store: FileCredentialStore(url: url)))
        let firstClient = try server.client(first, schemes: [plainBearer])
        _ = try server.client(second, schemes: [plainBearer])
        #expect(try await first.credentials(for: "session")?.token == "old")
        try await second.signIn(.bearer("access-1", identity: "bob"), for: "session")

        let error = await thrownError { _ = try await firstClient.send(dataRequest()) }  // "old": 401, no refresh
        #expect((error as? CourierError)?.status?.code == 401, "\(String(describing: error))")
        #expect(try await first.credentials(for: "session") == nil, "ada's session is over here")
        let stored = try await FileCredentialStore(url: url).credentials(for: "session")
        #expect(stored?.identity == "bob" && stored?.token == "access-1", "bob's sign-in stays in the file")
        #expect(try await second.credentials(for: "session")?.token == "access-1")
    }

    @Test("the session's own credentials are removed from the file when the server rejects them")
    func rejectedOwnRemoved() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let url = Self.newURL()
        defer { Self.remove(url) }
        try await FileCredentialStore(url: url).save(.bearer("old", identity: "ada"), for: "session")
        let auth = Authenticator(store: FileCredentialStore(url: url))
        let client = try server.client(auth, schemes: [AuthScheme(name: "session", kind: .bearer)])
        let error = await thrownError { _ = try await client.send(dataRequest()) }
        #expect((error as? CourierError)?.status?.code == 401, "\(String(describing: error))")
        #expect(try await FileCredentialStore(url: url).credentials(for: "session") == nil)
    }
}
