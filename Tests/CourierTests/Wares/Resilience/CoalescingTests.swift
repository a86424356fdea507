import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// Records how the calls that reach it end, just inside the coalescing slot.
private struct CallEnds: Ware {
    var position: WarePosition { .after(.coalescing) }
    let log: Recorder<String>

    func process(_ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext) async throws -> RawResponse {
        switch result {
        case .success: log.append("success")
        case .failure(let error): log.append(error is CancellationError ? "cancelled" : "failed")
        }
        return try result.get()
    }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await process(await next.result(request, context), for: request, context: context)
    }
}

private func request(token: String? = nil) -> Request<[String: Int]> {
    var request = Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")
    if let token { request.addHeader("Authorization", "Bearer \(token)") }
    return request
}

/// Starts `count` identical calls at once and returns their tasks.
private func fire(_ count: Int, _ client: Client, _ make: @escaping @Sendable (Int) -> Request<[String: Int]> = { _ in request() })
    -> [Task<[String: Int], any Error>] {
    (0..<count).map { index in Task { try await client.send(make(index)) } }
}

@Suite("Coalescing: identical in-flight GETs share one call")
struct CoalescingTests {
    @Test("100 concurrent identical GETs: 1 request reaches the server, 100 callers get equal values")
    func hundredShareOne() async throws {
        let coalescing = Coalescing()
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                _ = gate.wait(timeout: .now() + 10)  // answered once every caller has joined
                return .json(#"{"count":3}"#)
            } },
            wares: [coalescing, Arrivals(log: arrived)]
        ) { server, client in
            let tasks = fire(100, client)
            try await releaseWhen(arrived, reach: 100, gate, openings: 1)
            var values: [[String: Int]] = []
            for task in tasks { values.append(try await task.value) }
            #expect(values.count == 100)
            #expect(values.allSatisfy { $0 == ["count": 3] })
            #expect(server.requestCount == 1)
            #expect(coalescing.callsInFlight == 0)
        }
    }

    @Test("different Authorization values are not shared")
    func differentUsers() async throws {
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                _ = gate.wait(timeout: .now() + 10)
                return .json(#"{"count":1}"#)
            } },
            wares: [Coalescing(), Arrivals(log: arrived)]
        ) { server, client in
            let tasks = fire(20, client) { request(token: $0 % 2 == 0 ? "ada" : "bob") }
            try await releaseWhen(arrived, reach: 20, gate, openings: 2)
            for task in tasks { _ = try await task.value }
            #expect(server.requestCount == 2)
            #expect(Set(server.requests.compactMap { $0.header("Authorization") }) == ["Bearer ada", "Bearer bob"])
        }
    }

    @Test("cancelling 99 of 100 waiters leaves the last one answered, and the cancelled ones end at once")
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func cancelMostWaiters() async throws {
        let ends = Recorder<String>()
        let executor = DedicatedExecutor()
        defer { executor.stop() }
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                _ = gate.wait(timeout: .now() + 10)  // held until the waiters are cancelled
                return .json(#"{"count":7}"#)
            } },
            wares: [Coalescing(), CallEnds(log: ends)]
        ) { server, client in
            // On a thread of their own, so the measurement does not count the pool's queue.
            let tasks = (0..<100).map { _ in Task(executorPreference: executor) { try await client.send(request()) } }
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(50))
            let took = await withTaskExecutorPreference(executor) {
                await elapsed {
                    for task in tasks.dropLast() { task.cancel() }
                    for task in tasks.dropLast() {
                        let result = await task.result
                        #expect(result.failureError is CancellationError, "\(result)")
                    }
                }
            }
            #expect(took < .milliseconds(500))
            gate.signal()
            #expect(try await tasks.last?.value == ["count": 7])
            #expect(server.requestCount == 1)
            #expect(ends.all == ["success"])
        }
    }

    @Test("cancelling every waiter cancels the server call")
    func cancelAll() async throws {
        let ends = Recorder<String>()
        let coalescing = Coalescing()
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in .stall } },
            wares: [coalescing, CallEnds(log: ends)]
        ) { server, client in
            let tasks = fire(100, client)
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
            try await Task.sleep(for: .milliseconds(50))
            for task in tasks { task.cancel() }
            for task in tasks { #expect(await task.result.failureError is CancellationError) }
            let deadline = ContinuousClock.now + promptly
            while ends.all.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            #expect(ends.all == ["cancelled"])
            #expect(coalescing.callsInFlight == 0)
            #expect(server.requestCount == 1)
        }
    }

    @Test("POSTs and opted-out requests are never shared; a later call after the first ended is a new call")
    func notShared() async throws {
        try await withLoopback(
            routes: { server in
                server.route(.post, "/pets") { _ in .json(#"{"count":1}"#).delayed(by: .milliseconds(200)) }
                server.route(.get, "/pets") { _ in .json(#"{"count":1}"#).delayed(by: .milliseconds(200)) }
            },
            wares: [Coalescing()]
        ) { server, client in
            let posts = (0..<5).map { _ in Task { try await client.send(Request<[String: Int]>(method: .post, path: "/pets")) } }
            for task in posts { _ = try await task.value }
            #expect(server.requests.filter { $0.method == .post }.count == 5)

            for task in fire(5, client, { _ in var r = request(); r.coalesces = false; return r }) { _ = try await task.value }
            #expect(server.requests.filter { $0.method == .get }.count == 5)

            _ = try await client.send(request())
            _ = try await client.send(request())
            #expect(server.requests.filter { $0.method == .get }.count == 7)
        }
    }

    @Test("every waiter gets the shared error, each naming its own call")
    func sharedError() async throws {
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                _ = gate.wait(timeout: .now() + 10)
                return .text("down", status: 503)
            } },
            wares: [Coalescing(), Arrivals(log: arrived)]
        ) { server, client in
            let tasks = fire(10, client)
            try await releaseWhen(arrived, reach: 10, gate, openings: 1)
            var callIDs: Set<CallID> = []
            for task in tasks {
                let error = try #require(await task.result.failureError as? CourierError)
                #expect(error.status?.code == 503)
                #expect(error.kind == .status)
                if let id = error.call?.callID { callIDs.insert(id) }
            }
            #expect(callIDs.count == 10)
            #expect(server.requestCount == 1)
        }
    }
}

/// Once `count` calls have arrived (and a moment more, for the last to join), lets the server
/// answer `openings` held requests.
func releaseWhen(_ arrived: Recorder<Int>, reach count: Int, _ gate: DispatchSemaphore, openings: Int) async throws {
    let deadline = ContinuousClock.now + promptly
    while arrived.all.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    try await Task.sleep(for: .milliseconds(50))
    for _ in 0..<openings { gate.signal() }
}

@Suite("OfflineAbort: fails fast when the device is offline")
struct OfflineAbortTests {
    private struct FixedReachability: ReachabilitySource {
        let status: ReachabilityStatus
    }

    @Test("offline: a clear error and nothing sent; online or unknown: the request goes")
    func offline() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in .json(#"{"count":1}"#) } },
            wares: [Retry(), OfflineAbort(FixedReachability(status: .offline))]
        ) { server, client in
            let error = try #require(await thrownError { _ = try await client.send(request()) } as? CourierError)
            #expect(error.kind == .offline)
            #expect(error.call?.endpoint == "listPets")
            #expect(error.description.contains("offline"))
            #expect(server.requestCount == 0)
        }
        for status in [ReachabilityStatus.online, .unknown] {
            try await withLoopback(
                routes: { $0.route(.get, "/pets") { _ in .json(#"{"count":1}"#) } },
                wares: [OfflineAbort(FixedReachability(status: status))]
            ) { server, client in
                let value = try await client.send(request())
                #expect(value == ["count": 1])
                #expect(server.requestCount == 1)
            }
        }
    }
}
