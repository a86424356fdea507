import Courier
import CourierTestServer
import Foundation
import Testing

/// A store whose saves fail while told to (a full disk, a locked keychain), counting them.
private final class FailingSavesStore: CredentialStore {
    private let inner: MemoryCredentialStore
    private let state = TestLocked((failing: false, saves: 0))

    init(_ initial: [AuthSchemeName: Credentials]) { inner = MemoryCredentialStore(initial) }

    /// Makes every later save fail (`true`) or work again (`false`).
    func failSaves(_ failing: Bool) { state.withLock { $0.failing = failing } }
    /// The saves tried so far, failed or not.
    var saves: Int { state.withLock { $0.saves } }

    func credentials(for scheme: AuthSchemeName) async throws -> Credentials? { try await inner.credentials(for: scheme) }
    func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        let failing = state.withLock { state -> Bool in
            state.saves += 1
            return state.failing
        }
        if failing { throw CredentialStoreError.unwritable(path: "/full", reason: "no space left on device") }
        try await inner.save(credentials, for: scheme)
    }
    func removeCredentials(for scheme: AuthSchemeName) async throws { try await inner.removeCredentials(for: scheme) }
    func removeAll() async throws { try await inner.removeAll() }
}

// A store that could not save a refresh's rotated tokens was only logged: the next launch read the
// old refresh token, which the server had retired, and the user was signed out.
@Suite("Authenticator: refreshed credentials that could not be stored are stored later")
struct AuthenticatorUnsavedRefreshTests {
    /// The standard events `client` published so far, but for the marker.
    private static func published(_ client: Client, _ events: inout ServiceEvents.Iterator) async -> [StandardEvent] {
        client.publish(StandardEvent.maintenance(message: "marker"))
        var seen: [StandardEvent] = []
        while let event = await events.next() {
            if case StandardEvent.maintenance = event { break }
            if let event = event as? StandardEvent { seen.append(event) }
        }
        return seen
    }

    @Test("a failed save is tried again at once and at the next successful call, which stores the rotated refresh token")
    func savedLater() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let store = FailingSavesStore(["session": .bearer("stale", refreshToken: "refresh-1", identity: "ada")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        var events = client.events().makeAsyncIterator()
        _ = try await auth.credentials(for: "session")
        store.failSaves(true)

        let first = try await client.send(dataRequest())  // 401, refresh: refresh-2, not stored
        #expect(first == ["ok": true], "the new tokens work in this process")
        #expect(store.saves == 2, "the save is tried once more at once")
        #expect(try await store.credentials(for: "session")?.refreshToken == "refresh-1")
        #expect(await Self.published(client, &events) == [
            .credentialsNotStored(scheme: "session", reason: "\(CredentialStoreError.unwritable(path: "/full", reason: "no space left on device"))"),
        ], "the app is told")

        let second = try await client.send(dataRequest())  // tried again, fails again: the call is not failed for it
        #expect(second == ["ok": true])
        #expect(store.saves == 3)
        #expect(await Self.published(client, &events) == [], "told once")

        store.failSaves(false)
        let third = try await client.send(dataRequest())
        #expect(third == ["ok": true])
        let stored = try await store.credentials(for: "session")
        #expect(stored?.refreshToken == "refresh-2")
        #expect(stored?.identity == "ada")
        #expect(await Self.published(client, &events) == [.credentialsStored(scheme: "session")])
        let fourth = try await client.send(dataRequest())
        #expect(fourth == ["ok": true])
        #expect(store.saves == 4, "stored once: later calls write nothing")
    }
}
