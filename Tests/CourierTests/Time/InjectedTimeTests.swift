import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// Retries a 503 after a jittered backoff slept on the client's clock, recording its waits.
private struct JitteredBackoff: Ware {
    var position: WarePosition { .retry }
    let base: Duration
    let waits: Recorder<Duration>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        var attempt = context
        while true {
            do {
                return try await next(request, attempt)
            } catch let error as CourierError where error.status?.code == 503 && attempt.attempt < 3 {
                let cap = base * (1 << (attempt.attempt - 1))
                let wait = context.random.duration(upTo: cap)
                waits.append(wait)
                try await context.sleep(for: wait)
                attempt.attempt += 1
            }
        }
    }
}

/// Stamps the wall-clock date it reads into a header, as a TTL or expiry check would read it.
private struct DateStamp: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        request.http.headerFields[.init("X-Now")!] = String(Int(context.wallClock.now.timeIntervalSince1970))
        return try await next(request, context)
    }
}

@Suite("Injected time and randomness: backoff, dates and jitter without sleeping")
struct InjectedTimeTests {
    @Test("a backoff sleeps on the manual clock: nothing happens until the test advances it")
    func backoffOnManualClock() async throws {
        let clock = ManualClock()
        let waits = Recorder<Duration>()
        let hits = Recorder<Int>()
        try await withLoopback(
            routes: { $0.route(.get, "/flaky") { _ in hits.appendCounting(1) < 3 ? .text("busy", status: 503) : .json("[]") } },
            wares: [JitteredBackoff(base: .seconds(10), waits: waits)],
            clock: clock, random: .seeded(7)
        ) { server, client in
            let call = Task { try await client.send(Request<[Int]>(method: .get, path: "/flaky", name: "flaky")) }

            #expect(await clock.waitForSleepers(1))
            #expect(server.requestCount == 1)
            let first = try #require(waits.all.first)
            #expect(first >= .zero && first <= .seconds(10))
            clock.advance(by: first - .milliseconds(1))
            try await Task.sleep(for: .milliseconds(50))  // give a wrongly woken call time to show itself
            #expect(server.requestCount == 1)
            #expect(clock.sleeperCount == 1)
            clock.advance(by: .milliseconds(1))

            #expect(await clock.waitForSleepers(1))
            #expect(server.requestCount == 2)
            let second = waits.all[1]
            #expect(second <= .seconds(20))
            clock.advance(by: second)

            #expect(try await call.value == [])
            #expect(server.requestCount == 3)
        }
        // The same seed draws the same jitter.
        let again = RandomSource.seeded(7)
        #expect(waits.all == [again.duration(upTo: .seconds(10)), again.duration(upTo: .seconds(20))])
    }

    @Test("cancelling a call during its backoff ends it at once")
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func cancelDuringBackoff() async throws {
        let clock = ManualClock()
        let executor = DedicatedExecutor()
        defer { executor.stop() }
        try await withLoopback(
            routes: { $0.route(.get, "/down") { _ in .text("busy", status: 503) } },
            wares: [JitteredBackoff(base: .seconds(60), waits: Recorder())],
            clock: clock
        ) { _, client in
            // On a thread of their own, so the measurement does not count the pool's queue, which
            // the other suites' start-up fills.
            await withTaskExecutorPreference(executor) {
                let call = Task(executorPreference: executor) {
                    try await client.send(Request<[Int]>(method: .get, path: "/down"))
                }
                #expect(await clock.waitForSleepers(1))
                let took = await elapsed {
                    call.cancel()
                    let result = await call.result
                    #expect(throws: CancellationError.self) { try result.get() }
                }
                #expect(took < .seconds(1))
                #expect(clock.now == ManualClock.Instant(offset: .zero), "the backoff's clock never moved: only the cancellation ended the call")
            }
        }
    }

    @Test("wares read dates from the injected wall clock, which moves with the manual clock")
    func wallClock() async throws {
        let clock = ManualClock(epoch: Date(timeIntervalSince1970: 1_000_000))
        try await withLoopback(
            routes: { $0.route(.get, "/now") { .echo($0) } },
            wares: [DateStamp()],
            clock: clock, wallClock: clock.wallClock
        ) { _, client in
            let before = try await client.send(Request<TestServer.Echo>(method: .get, path: "/now"))
            clock.advance(by: .seconds(90))
            let after = try await client.send(Request<TestServer.Echo>(method: .get, path: "/now"))
            #expect(before.header("X-Now") == "1000000")
            #expect(after.header("X-Now") == "1000090")
        }
    }

    @Test("response metrics come from the injected clocks")
    func metricsFromInjectedClocks() async throws {
        let frozen = Date(timeIntervalSince1970: 42)
        try await withLoopback(
            routes: { $0.route(.get, "/x") { _ in .json("[]") } },
            clock: ManualClock(), wallClock: WallClock { frozen }
        ) { _, client in
            let response = try await client.response(for: Request<[Int]>(method: .get, path: "/x"))
            #expect(response.metrics.start == frozen)
            #expect(response.metrics.end == frozen)
            #expect(response.metrics.duration == .zero)
        }
    }
}
