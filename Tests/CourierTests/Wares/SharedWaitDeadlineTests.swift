import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// Waits on shared work (a token refresh, a coalesced call) end at each caller's own timeout,
/// while the work goes on for the others. The shared work is held at a gate the test opens only
/// after the short-timeout caller has returned, so these tests prove the caller did not wait for
/// it without timing anything finely.
@Suite("Shared work: every wait ends at the caller's own deadline")
struct SharedWaitDeadlineTests {
    @Test("a call with a 2 s timeout stops waiting for a hanging refresh after 2 s; the refresh goes on for a call that waits longer")
    func refreshWaitEndsAtTheCallersDeadline() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let gate = server.holdRefreshes()
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        let patient = Task { try await client.send(dataRequest()) }
        try await server.refreshArrived()

        var hurried = dataRequest()
        hurried.timeout = .seconds(2)
        var error: (any Error)?
        let took = await elapsed { error = await thrownError { _ = try await client.send(hurried) } }
        let failure = try #require(error as? CourierError)
        guard case .transport(.timedOut) = failure.reason else {
            Issue.record("expected timedOut, got \(failure)")
            return
        }
        #expect(took >= .milliseconds(1_900))
        #expect(took < .seconds(9), "it did not wait for the refresh's own 10 s timeout")
        #expect(server.refreshCount == 1)

        gate.signal()
        #expect(try await patient.value == ["ok": true], "the refresh went on for the patient call")
        #expect(server.refreshCount == 1)
    }

    @Test("a coalesced joiner with a 1 s timeout returns timedOut while the shared call goes on; the starter gets the answer")
    func coalescedWaitEndsAtTheJoinersDeadline() async throws {
        let gate = DispatchSemaphore(value: 0)
        let coalescing = Coalescing()
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                _ = gate.wait(timeout: .now() + 20)
                return .json(#"{"count":3}"#)
            } },
            wares: [coalescing]
        ) { server, client in
            let starter = Task { try await client.send(Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")) }
            try await waitUntil { server.requestCount == 1 }
            var joiner = Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")
            joiner.timeout = .seconds(1)
            var error: (any Error)?
            let took = await elapsed { error = await thrownError { _ = try await client.send(joiner) } }
            let failure = try #require(error as? CourierError)
            guard case .transport(.timedOut) = failure.reason else {
                Issue.record("expected timedOut, got \(failure)")
                return
            }
            #expect(took < .seconds(15), "it did not wait for the gate")
            #expect(coalescing.callsInFlight == 1, "the shared call goes on")
            gate.signal()
            #expect(try await starter.value == ["count": 3])
            #expect(server.requestCount == 1, "the joiner joined: one request reached the server")
        }
    }

    @Test("a coalesced remoteElseLocal joiner whose own timeout passes gets the stored answer, as it would alone; the starter gets the server's")
    func coalescedFallbackJoinerGetsTheStoredAnswer() async throws {
        let gate = DispatchSemaphore(value: 0)
        let coalescing = Coalescing()
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { request in
                if request.header("If-None-Match") == nil {
                    return .init(
                        status: 200, headers: [.init(name: "ETag", value: #""v1""#), .init(name: "Content-Type", value: "application/json")],
                        body: Data(#"{"count":1}"#.utf8))
                }
                _ = gate.wait(timeout: .now() + 20)
                return .json(#"{"count":3}"#)
            } },
            wares: [coalescing, HTTPCache(store: MemoryCacheStore())]
        ) { server, client in
            var pets = Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")
            pets.cachePolicy = CachePolicy(.remoteElseLocal)
            #expect(try await client.send(pets) == ["count": 1])
            let starter = Task { [pets] in try await client.send(pets) }
            try await waitUntil { server.requestCount == 2 }
            var joiner = pets
            joiner.timeout = .seconds(1)
            let answer = try await client.response(for: joiner)
            #expect(answer.value == ["count": 1])
            guard case .cache = answer.raw.source else {
                Issue.record("expected the stored answer, got one from \(answer.raw.source)")
                gate.signal()
                return
            }
            #expect(coalescing.callsInFlight == 1, "the shared call goes on")
            gate.signal()
            #expect(try await starter.value == ["count": 3])
            #expect(server.requestCount == 2, "the joiner joined: it sent nothing of its own")
        }
    }

    @Test("a caller with a later deadline does not join a call in flight bounded by an earlier one: it gets its answer when that call times out")
    func patientCallerDoesNotJoinAHurriedCall() async throws {
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                _ = gate.wait(timeout: .now() + 20)
                return .json(#"{"count":3}"#)
            } },
            wares: [Coalescing()]
        ) { server, client in
            var hurried = Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")
            hurried.timeout = .seconds(1)
            let starter = Task { try await client.send(hurried) }
            try await waitUntil { server.requestCount == 1 }
            let patient = Task { try await client.send(Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")) }
            let starterError = await thrownError { _ = try await starter.value }
            guard case .transport(.timedOut)? = (starterError as? CourierError)?.reason else {
                Issue.record("expected the hurried call to time out, got \(String(describing: starterError))")
                gate.signal()
                gate.signal()
                return
            }
            gate.signal()
            gate.signal()
            let answer = try await patient.value
            #expect(answer == ["count": 3], "the patient call was not ended by the hurried call's timeout")
        }
    }

    @Test("a refresh whose only waiter timed out still finishes and is kept: a rotated refresh token is not lost")
    func abandonedRefreshFinishes() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let gate = server.holdRefreshes()
        let store = MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")])
        let auth = Authenticator(store: store)
        let client = try server.client(auth)
        var hurried = dataRequest()
        // Room for the first attempt on a machine also building a package: the wait must be the refresh.
        hurried.timeout = .seconds(10)
        let call = Task { try await client.send(hurried) }
        try await server.refreshArrived()
        let error = try #require(await call.result.failureError as? CourierError)
        guard case .transport(.timedOut) = error.reason else {
            Issue.record("expected timedOut, got \(error)")
            return
        }
        gate.signal()  // the server has rotated refresh-1 into refresh-2 by now
        let deadline = ContinuousClock.now + promptly
        while try await store.credentials(for: "session")?.refreshToken != "refresh-2", ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(try await store.credentials(for: "session")?.refreshToken == "refresh-2", "the abandoned refresh was kept")
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(server.refreshCount == 1, "no second refresh with the rotated-away token")
    }
}
