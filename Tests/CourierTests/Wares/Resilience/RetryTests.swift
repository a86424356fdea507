import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// Answers with `failures` in turn, then with 200 and the attempt number; records each request.
private func flaky(_ failures: [TestServer.Response], seen: Recorder<TestServer.Request>) -> TestServer.Handler {
    { request in
        let count = seen.appendCounting(request)
        return count <= failures.count ? failures[count - 1] : .json("\(count)")
    }
}

private func retryAfter(_ value: String, status: Int = 503) -> TestServer.Response {
    TestServer.Response(status: status, headers: [.init(name: "Retry-After", value: value)], body: Data("wait".utf8))
}

/// Runs `body` with a loopback server, a client with `Retry(policy)` on a manual clock.
private func withRetry(
    _ policy: RetryPolicy = RetryPolicy(),
    routes: (TestServer) -> Void,
    _ body: (TestServer, Client, ManualClock) async throws -> Void
) async throws {
    let clock = ManualClock()
    try await withLoopback(
        routes: routes, wares: [Retry(policy)], clock: clock, wallClock: clock.wallClock, random: .seeded(11)
    ) { server, client in
        try await body(server, client, clock)
    }
}

@Suite("Retry: backoff with full jitter, Retry-After, idempotency, budget, cancellation")
struct RetryTests {
    @Test("503 twice then 200: success on the third attempt, each wait within its backoff bound")
    func backoffThenSuccess() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { $0.route(.get, "/x", flaky([.status(503), .status(503)], seen: seen)) }) { _, client, clock in
            let call = Task { try await client.send(Request<Int>(method: .get, path: "/x", name: "x")) }
            for bound in [Duration.milliseconds(500), .seconds(1)] {
                #expect(await clock.waitForSleepers(1))
                let wait = try #require(clock.pendingWaits.first)
                #expect(wait >= .zero && wait <= bound)
                clock.advance(by: wait)
            }
            #expect(try await call.value == 3)
            #expect(seen.all.count == 3)
        }
    }

    @Test("Retry-After in seconds and as an HTTP date is waited exactly")
    func honoursRetryAfter() async throws {
        let seen = Recorder<TestServer.Request>()
        let clock = ManualClock(epoch: Date(timeIntervalSince1970: 1_700_000_000))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let inFive = formatter.string(from: Date(timeIntervalSince1970: 1_700_000_005))
        try await withLoopback(
            routes: { $0.route(.get, "/x", flaky([retryAfter("2"), retryAfter(inFive, status: 429)], seen: seen)) },
            wares: [Retry()], clock: clock, wallClock: clock.wallClock
        ) { _, client in
            let call = Task { try await client.send(Request<Int>(method: .get, path: "/x")) }
            #expect(await clock.waitForSleepers(1))
            #expect(clock.pendingWaits == [.seconds(2)])
            clock.advance(by: .seconds(2))
            #expect(await clock.waitForSleepers(1))
            // The date is 5 s after the epoch and 2 s have passed on the wall clock.
            #expect(clock.pendingWaits == [.seconds(3)])
            clock.advance(by: .seconds(3))
            let value = try await call.value
            #expect(value == 3)
        }
    }

    @Test("429 asking for longer than the maximum fails at once with the server's answer")
    func retryAfterBeyondMaximum() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { $0.route(.get, "/x", flaky([retryAfter("120", status: 429)], seen: seen)) }) { _, client, clock in
            let error = try #require(await thrownError { _ = try await client.send(Request<Int>(method: .get, path: "/x")) } as? CourierError)
            #expect(error.status?.code == 429)
            #expect(error.response?.http.headerFields[.retryAfter] == "120")
            #expect(error.call?.attempt == 1)
            #expect(seen.all.count == 1)
            #expect(clock.sleepsStarted == 0)
        }
    }

    @Test("a Retry-After of more seconds than an Int holds is longer than the maximum, not missing: the answer comes back at once")
    func retryAfterBeyondCounting() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { $0.route(.get, "/x", flaky([retryAfter("99999999999999999999", status: 429)], seen: seen)) }) {
            _, client, clock in
            let call = Task { try await client.send(Request<Int>(method: .get, path: "/x")) }
            // A backoff wait would sleep on the manual clock for ever: cancel the call then, so
            // that the test fails instead of hanging.
            let watchdog = Task {
                while clock.sleepsStarted == 0 { try await Task.sleep(for: .milliseconds(5)) }
                call.cancel()
            }
            let outcome = await call.result
            watchdog.cancel()
            #expect(clock.sleepsStarted == 0, "no backoff wait")
            let error = try #require(outcome.failureError as? CourierError)
            #expect(error.status?.code == 429)
            #expect(seen.all.count == 1)
        }
    }

    @Test("a retry runs no longer than what is left of the budget: a server that answered 503 and then hangs does not hold the call a whole timeout more")
    func budgetBoundsTheRetry() async throws {
        let seen = Recorder<TestServer.Request>()
        let answers: TestServer.Handler = { request in seen.appendCounting(request) == 1 ? .status(503) : .stall }
        // A real clock: the transports time calls out on the client's clock.
        let policy = RetryPolicy(baseDelay: .milliseconds(20), budget: .seconds(2))
        try await withLoopback(routes: { $0.route(.get, "/x", answers) }, wares: [Retry(policy)]) { _, client in
            var request = Request<Int>(method: .get, path: "/x")
            request.timeout = .seconds(30)
            let started = ContinuousClock.now
            let error = await thrownError { _ = try await client.send(request) } as? CourierError
            #expect(ContinuousClock.now - started < .seconds(15), "not the request's 30 s")
            guard case .transport(.timedOut(let after))? = error?.reason else {
                Issue.record("expected a timeout, got \(String(describing: error))")
                return
            }
            #expect(after < .seconds(2) && after > .seconds(1), "what was left of the budget after the wait: \(after)")
            #expect(error?.call?.attempt == 2)
            #expect(seen.all.count == 2)
        }
    }

    @Test("POST without an idempotency key is sent once; with one it is retried and every attempt carries the same key")
    func postNeedsKey() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { $0.route(.post, "/orders", flaky([.status(503), .status(503)], seen: seen)) }) { _, client, clock in
            let error = try #require(await thrownError {
                _ = try await client.send(Request<Int>(method: .post, path: "/orders", name: "createOrder"))
            } as? CourierError)
            #expect(error.status?.code == 503)
            #expect(seen.all.count == 1)

            var keyed = Request<Int>(method: .post, path: "/orders", name: "createOrder")
            keyed.idempotencyKeyHeader = "Idempotency-Key"
            let call = Task { try await client.send(keyed) }
            #expect(await clock.waitForSleepers(1))
            clock.advance(by: .seconds(30))
            #expect(try await call.value == 3)
            let keys = seen.all.dropFirst().map { $0.header("Idempotency-Key") }
            #expect(keys.count == 2)
            #expect(Set(keys).count == 1)
            #expect(UUID(uuidString: keys.first.flatMap { $0 } ?? "") != nil)
        }
    }

    @Test("a new call gets a new idempotency key")
    func keyPerCall() async throws {
        try await withLoopback(routes: { $0.route(.post, "/orders") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/orders")
            request.idempotencyKeyHeader = "Idempotency-Key"
            let first = try await client.send(request).header("Idempotency-Key")
            let second = try await client.send(request).header("Idempotency-Key")
            #expect(first != nil && second != nil && first != second)
        }
    }

    @Test("the final error names the last attempt; statuses not in the policy are not retried")
    func exhausted() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { server in
            server.route(.get, "/down", flaky(Array(repeating: .status(502), count: 5), seen: seen))
            server.route(.get, "/missing") { _ in .status(404) }
        }) { server, client, clock in
            let call = Task { try await client.send(Request<Int>(method: .get, path: "/down", name: "down")) }
            for _ in 0..<2 {
                #expect(await clock.waitForSleepers(1))
                clock.advance(by: try #require(clock.pendingWaits.first))
            }
            let error = try #require(await call.result.failureError as? CourierError)
            #expect(error.status?.code == 502)
            #expect(error.call?.attempt == 3)
            #expect(error.description.contains("attempt 3"))
            #expect(seen.all.count == 3)

            await #expect(throws: CourierError.self) { _ = try await client.send(Request<Int>(method: .get, path: "/missing")) }
            #expect(server.requests.filter { $0.path == "/missing" }.count == 1)
        }
    }

    @Test("a request's retry options win: `never` sends once, its own statuses and attempts apply")
    func requestOptions() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { $0.route(.get, "/x", flaky(Array(repeating: .status(418), count: 3), seen: seen)) }) { _, client, clock in
            var never = Request<Int>(method: .get, path: "/x")
            never.retry = .never
            await #expect(throws: CourierError.self) { _ = try await client.send(never) }
            #expect(seen.all.count == 1)

            var teapot = Request<Int>(method: .get, path: "/x")
            teapot.retry = RetryOptions(attempts: 2, statuses: [418])
            let call = Task { try await client.send(teapot) }
            #expect(await clock.waitForSleepers(1))
            clock.advance(by: .seconds(30))
            let error = try #require(await call.result.failureError as? CourierError)
            #expect(error.call?.attempt == 2)
            #expect(seen.all.count == 3)
        }
    }

    @Test("no retry starts whose wait would end past the budget")
    func budget() async throws {
        let seen = Recorder<TestServer.Request>()
        let policy = RetryPolicy(maxAttempts: 10, budget: .seconds(3))
        try await withRetry(policy, routes: { $0.route(.get, "/x", flaky([retryAfter("2"), retryAfter("2")], seen: seen)) }) { _, client, clock in
            let call = Task { try await client.send(Request<Int>(method: .get, path: "/x")) }
            #expect(await clock.waitForSleepers(1))
            clock.advance(by: .seconds(2))
            let error = try #require(await call.result.failureError as? CourierError)
            #expect(error.call?.attempt == 2)
            #expect(seen.all.count == 2)
        }
    }

    @Test("a transport failure is retried")
    func transportFailure() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withRetry(routes: { $0.route(.get, "/x", flaky([.closeWithoutResponse], seen: seen)) }) { _, client, clock in
            let call = Task { try await client.send(Request<Int>(method: .get, path: "/x")) }
            #expect(await clock.waitForSleepers(1))
            clock.advance(by: .seconds(1))
            let value = try await call.value
            #expect(value == 2)
        }
    }

    @Test("cancelling during a backoff ends the call within 50 ms")
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func cancelDuringBackoff() async throws {
        let seen = Recorder<TestServer.Request>()
        let executor = DedicatedExecutor()
        defer { executor.stop() }
        try await withRetry(routes: { $0.route(.get, "/x", flaky([retryAfter("30")], seen: seen)) }) { _, client, clock in
            await withTaskExecutorPreference(executor) {
                let call = Task(executorPreference: executor) { try await client.send(Request<Int>(method: .get, path: "/x")) }
                #expect(await clock.waitForSleepers(1))
                let took = await elapsed {
                    call.cancel()
                    _ = await call.result
                }
                #expect(await call.result.failureError is CancellationError)
                #expect(took < .milliseconds(50))
                #expect(seen.all.count == 1)
            }
        }
    }
}

extension Result {
    /// The error, when this is a failure.
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
