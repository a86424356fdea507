import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// The `Authorization` values of the `/data` requests the server saw, in order.
private func dataTokens(_ server: AuthTestServer) -> [String?] {
    server.server.requests.filter { $0.path == "/data" }.map { $0.header("Authorization") }
}

@Suite("Authenticator: sign-out and sign-in during a refresh, passing failures")
struct AuthenticatorSessionRaceTests {
    @Test("signOut while a refresh is in flight: its answer is dropped, the waiting call fails notSignedIn and nothing is sent with the new token")
    func signOutDuringRefresh() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let gate = server.holdRefreshes()
        let store = MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1", identity: "alice")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        let call = Task { try await client.send(dataRequest()) }
        try await server.refreshArrived()

        try await auth.signOut()
        gate.signal()  // the refresh answers with access-2 only now
        let error = try #require(await call.result.failureError as? CourierError)
        #expect(error.kind == .notSignedIn)
        #expect(try await store.credentials(for: "session") == nil, "the refresh's answer was not stored")
        #expect(try await auth.credentials(for: "session") == nil, "the session did not come back")
        #expect(dataTokens(server) == ["Bearer stale"], "no replay with the refreshed token")
        #expect(server.refreshCount == 1)
    }

    @Test("signIn(bob) while alice's refresh is in flight: bob's credentials stay, alice's call fails, bob's calls carry bob's token")
    func signInDuringRefresh() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.alsoAccept("bob-token")
        let gate = server.holdRefreshes()
        let store = MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1", identity: "alice")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        let alices = Task { try await client.send(dataRequest()) }
        try await server.refreshArrived()

        try await auth.signIn(.bearer("bob-token", refreshToken: "bob-refresh", identity: "bob"), for: "session")
        gate.signal()
        let error = try #require(await alices.result.failureError as? CourierError)
        #expect(error.kind == .notSignedIn)
        #expect(error.message.contains("another sign-in"))
        #expect(try await auth.credentials(for: "session")?.token == "bob-token", "memory keeps bob")
        #expect(try await store.credentials(for: "session")?.token == "bob-token", "the store keeps bob")
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(dataTokens(server) == ["Bearer stale", "Bearer bob-token"], "alice's refreshed token never went out")
    }

    @Test("signIn(bob) while alice's call waits for the server: its 401 is not replayed with bob's credentials")
    func rejectionAfterAccountSwitch() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.alsoAccept("bob-token")
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("alice-old", refreshToken: "refresh-1", identity: "alice")]))
        let client = try server.client(auth)
        let alices = Task { try await client.send(dataRequest("/slow")) }  // answered 401 after 400 ms
        try await waitUntil { server.server.requests.contains { $0.path == "/slow" } }
        try await auth.signIn(.bearer("bob-token", identity: "bob"), for: "session")
        let error = try #require(await alices.result.failureError as? CourierError)
        #expect(error.kind == .notSignedIn)
        let slow = server.server.requests.filter { $0.path == "/slow" }.map { $0.header("Authorization") }
        #expect(slow == ["Bearer alice-old"], "sent once, with alice's token only")
        #expect(server.refreshCount == 0)
    }

    @Test("a refresh that fails for a passing reason (500): waiters fail refreshUnavailable, the session and refresh token stay, the next call refreshes")
    func transientRefreshFailure() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.failRefreshes(with: 500)
        let store = MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1", identity: "alice")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        var events = client.events().makeAsyncIterator()

        let results = await (0..<10).asyncMap { _ in Task { try await client.send(dataRequest()) } }
        var kinds: [CourierError.Kind] = []
        for task in results { if let error = await task.result.failureError as? CourierError { kinds.append(error.kind) } }
        #expect(kinds == Array(repeating: .refreshUnavailable, count: 10))
        #expect(try await store.credentials(for: "session")?.refreshToken == "refresh-1", "the refresh token is kept")
        #expect(try await auth.credentials(for: "session") != nil, "still signed in")

        server.failRefreshes(with: nil)
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(try await auth.credentials(for: "session")?.token == "access-2")
        client.publish(StandardEvent.maintenance(message: "marker"))
        let first = await events.next()
        #expect((first as? StandardEvent) == .maintenance(message: "marker"), "no sessionEnded was published before the marker")
    }

    @Test("with Retry, a refresh that times out once is tried again and the call succeeds")
    func transientRefreshRetried() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let refreshes = Recorder<Int>()
        let flaky = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
            request: { refreshToken in
                // The first refresh goes to a route that never answers within its timeout.
                var request = Request<AuthTestServer.Tokens>(
                    method: .post, path: refreshes.all.isEmpty ? "/refresh-hangs" : "/refresh", name: "refresh")
                var fields = FormFields()
                fields.add("refresh_token", refreshToken)
                request.body = .form(fields.items)
                request.authentication = .none
                request.retry = RetryOptions(attempts: 1)
                // The hanging one times out; the real one (the server answers in 150 ms) gets room on a
                // loaded machine, or its answer is lost after the server has rotated the refresh token.
                request.timeout = refreshes.all.isEmpty ? .milliseconds(300) : .seconds(10)
                refreshes.append(1)
                return request
            },
            read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken) }))
        server.server.route(.post, "/refresh-hangs") { _ in .json("{}").delayed(by: .seconds(5)) }
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        var service = ServiceConfiguration(name: "auth", baseURL: server.server.baseURL, timeout: .seconds(60))
        service.authSchemes = [flaky]
        service.defaultAuthScheme = "session"
        let client = try Client(service: service, wares: [auth, Retry(RetryPolicy(baseDelay: .milliseconds(1)))])
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(refreshes.all.count == 2)
        #expect(server.refreshCount == 1)
    }
}

extension AuthenticatorSessionRaceTests {
    @Test("with Retry, a refresh answered 503 with Retry-After: 3 is tried again after the 3 s the auth server asked for")
    func refreshRetryAfterHonoured() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let refreshes = Recorder<Int>()
        let busy = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
            request: { refreshToken in
                var request = Request<AuthTestServer.Tokens>(
                    method: .post, path: refreshes.all.isEmpty ? "/refresh-busy" : "/refresh", name: "refresh")
                var fields = FormFields()
                fields.add("refresh_token", refreshToken)
                request.body = .form(fields.items)
                request.authentication = .none
                request.retry = RetryOptions(attempts: 1)
                refreshes.append(1)
                return request
            },
            read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken) }))
        server.server.route(.post, "/refresh-busy") { _ in
            var response = TestServer.Response.json(#"{"error":"busy"}"#, status: 503)
            response.headers.append(TestServer.Field(name: "Retry-After", value: "3"))
            return response
        }
        server.refreshDelay = .zero
        let clock = ManualClock()
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        var service = ServiceConfiguration(name: "auth", baseURL: server.server.baseURL, timeout: .seconds(60))
        service.authSchemes = [busy]
        service.defaultAuthScheme = "session"
        let client = try Client(
            service: service, wares: [auth, Retry(RetryPolicy(baseDelay: .milliseconds(1)))], clock: clock, wallClock: clock.wallClock)
        let call = Task { try await client.send(dataRequest()) }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(3)], "the auth server's Retry-After, not the 1 ms backoff")
        clock.advance(by: .seconds(3))
        #expect(try await call.value == ["ok": true])
        #expect(refreshes.all.count == 2)
    }
}

extension Range where Bound == Int {
    /// Maps each element in order with an async transform.
    fileprivate func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
