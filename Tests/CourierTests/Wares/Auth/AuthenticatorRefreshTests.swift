import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// Runs `count` identical data calls at once and returns their results.
private func fire(_ count: Int, _ client: Client) async -> [Result<[String: Bool], any Error>] {
    await withTaskGroup(of: Result<[String: Bool], any Error>.self) { group in
        for _ in 0..<count {
            group.addTask {
                do { return .success(try await client.send(dataRequest())) } catch { return .failure(error) }
            }
        }
        var results: [Result<[String: Bool], any Error>] = []
        for await result in group { results.append(result) }
        return results
    }
}

@Suite("Authenticator: one refresh for many waiting calls")
struct AuthenticatorRefreshTests {
    @Test("100 concurrent calls with an expired token: exactly 1 refresh reaches the server, 100 calls succeed")
    func proactiveSingleFlight() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore([
            "session": .bearer("access-1", refreshToken: "refresh-1", expiresAt: Date(timeIntervalSinceNow: -10)),
        ]))
        let client = try server.client(auth)
        let results = await fire(100, client)
        #expect(results.filter { (try? $0.get()) == ["ok": true] }.count == 100)
        #expect(server.refreshCount == 1)
        #expect(server.dataRequests(carrying: "access-1") == 0, "an expired token is never sent")
        #expect(try await auth.credentials(for: "session")?.token == "access-2")
    }

    @Test("100 concurrent calls whose token the server rejects: 1 refresh, 100 successes")
    func reactiveSingleFlight() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        let clock = ContinuousClock()
        let start = clock.now
        let results = await fire(100, client)
        let took = clock.now - start
        #expect(results.filter { (try? $0.get()) == ["ok": true] }.count == 100)
        #expect(server.refreshCount == 1)
        #expect(server.dataRequests(carrying: "stale") == 100, "each call sent the stale token once, and no more")
        #expect(server.dataRequests(carrying: "access-2") == 100)
        print("reactive refresh: 100 calls rejected, refreshed once and replayed in \(took)")
    }

    @Test("a late 401 for a call sent with the previous token is replayed at once, without a second refresh")
    func lateRejectionReplays() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        let slow = Task { try await client.send(dataRequest("/slow")) }
        while !server.server.requests.contains(where: { $0.path == "/slow" }) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(try await client.send(dataRequest()) == ["ok": true])  // refreshes while /slow waits
        #expect(server.refreshCount == 1)
        #expect(try await slow.value == ["ok": true])
        #expect(server.refreshCount == 1)
        let slowCalls = server.server.requests.filter { $0.path == "/slow" }.map { $0.header("Authorization") }
        #expect(slowCalls == ["Bearer stale", "Bearer access-2"])
    }

    @Test("a rejected refresh token: every waiter fails with the same error, one sessionEnded, the store cleared, no replay with the old token")
    func refreshFailure() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.failRefreshes(with: 400)  // OAuth's invalid_grant
        let store = MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        var events = client.events().makeAsyncIterator()

        let results = await fire(100, client)
        let errors = results.compactMap { result -> CourierError? in
            if case .failure(let error as CourierError) = result { return error }
            return nil
        }
        #expect(errors.count == 100)
        #expect(errors.allSatisfy { $0.kind == .refreshFailed })
        #expect(Set(errors.map(\.message)).count == 1, "the same error for every waiter")
        #expect(errors.first?.message.contains("400") == true)
        #expect(server.refreshCount == 1)
        #expect(server.dataRequests(carrying: "stale") == 100, "nothing was replayed with the old token")
        #expect(try await store.credentials(for: "session") == nil)

        let later = try #require(await thrownError { _ = try await client.send(dataRequest()) } as? CourierError)
        #expect(later.kind == .refreshFailed)
        #expect(server.server.requests.filter { $0.path == "/data" }.count == 100, "a later call sends nothing")

        client.publish(StandardEvent.maintenance(message: "marker"))
        var ended: [String] = []
        while let event = await events.next() {
            if case StandardEvent.maintenance = event { break }
            if case StandardEvent.sessionEnded(let reason, _) = event { ended.append(reason) }
        }
        #expect(ended.count == 1)
        #expect(ended.first?.contains("session") == true)
        for text in errors.map(\.description) + ended {
            #expect(!text.contains("refresh-1") && !text.contains("stale"), "no secret in \(text)")
        }
    }

    @Test("cancelling one waiter leaves the refresh running for the others")
    func cancelOneWaiter() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let gate = DispatchSemaphore(value: 0)
        server.refreshGate = gate
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        let calls = (0..<10).map { _ in Task { try await client.send(dataRequest()) } }
        while !server.server.requests.contains(where: { $0.path == "/refresh" }) { try await Task.sleep(for: .milliseconds(5)) }
        calls[0].cancel()
        #expect(await calls[0].result.failureError is CancellationError)
        gate.signal()
        for call in calls.dropFirst() { #expect(try await call.value == ["ok": true]) }
        #expect(server.refreshCount == 1)
    }

    @Test("a token that is a JWT is refreshed before its exp claim, as the manual clock moves")
    func proactiveFromJWT() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let epoch = Date(timeIntervalSince1970: 1_700_000_000)
        let payload = Data(#"{"sub":"ada","exp":\#(Int(epoch.timeIntervalSince1970) + 100)}"#.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let jwt = "eyJhbGciOiJIUzI1NiJ9.\(payload).c2lnbmF0dXJl"
        let clock = ManualClock(epoch: epoch)
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer(jwt, refreshToken: "refresh-1")]), leeway: .seconds(30))
        let client = try server.client(auth, clock: clock, wallClock: clock.wallClock)
        server.alsoAccept(jwt)

        _ = try? await client.send(dataRequest())
        #expect(server.refreshCount == 0, "100 s left, more than the 30 s leeway")
        clock.advance(by: .seconds(75))
        _ = try? await client.send(dataRequest())
        #expect(server.refreshCount == 1, "25 s left: refreshed before sending")
        #expect(server.server.requests.filter { $0.path == "/data" }.map { $0.header("Authorization") } == [
            "Bearer \(jwt)", "Bearer access-2",
        ])
    }

    @Test("the loop guard stops a scheme that keeps needing refreshes")
    func loopGuard() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.setExpiresIn(0)  // every new token is already due for a refresh
        let auth = Authenticator(
            store: MemoryCredentialStore(["session": .bearer("access-1", refreshToken: "refresh-1", expiresAt: .distantPast)]),
            refreshLimit: 2, refreshWindow: .seconds(60))
        let client = try server.client(auth)
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(try await client.send(dataRequest()) == ["ok": true])
        let error = try #require(await thrownError { _ = try await client.send(dataRequest()) } as? CourierError)
        #expect(error.kind == .refreshFailed)
        #expect(error.message.contains("more than 2 times"))
        #expect(server.refreshCount == 2)
    }

    @Test("a rejected token that cannot be refreshed ends the session")
    func sessionValidation() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let store = MemoryCredentialStore(["bearer": .bearer("stale")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth, schemes: [AuthScheme(name: "bearer", kind: .bearer)])
        var events = client.events().makeAsyncIterator()
        let error = try #require(await thrownError { _ = try await client.send(dataRequest()) } as? CourierError)
        #expect(error.status?.code == 401)
        #expect(try await store.credentials(for: "bearer") == nil)
        guard case StandardEvent.sessionEnded? = await events.next() else { Issue.record("no sessionEnded"); return }
        let next = try #require(await thrownError { _ = try await client.send(dataRequest()) } as? CourierError)
        #expect(next.kind == .notSignedIn)
        #expect(server.server.requests.count == 1)
    }
}
