import Courier
import CourierTestServer
import Foundation
import Testing

private func count(range: String? = nil, ifNoneMatch: String? = nil, policy: CachePolicy? = nil) -> Request<[String: Int]> {
    var request = Request<[String: Int]>(method: .get, path: "/count", name: "count")
    if let range { request.addHeader("Range", range) }
    if let ifNoneMatch { request.addHeader("If-None-Match", ifNoneMatch) }
    request.cachePolicy = policy
    return request
}

/// Calls that ask for another answer than their twin in flight (a part of it, a conditional one,
/// or one from elsewhere than the cache) must not be handed the twin's.
@Suite("Coalescing: calls asking for different answers never share")
struct CoalescingRepresentationTests {
    @Test("a Range GET and a conditional GET beside a plain one each get their own request and answer")
    func rangeAndConditional() async throws {
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/count") { request in
                _ = gate.wait(timeout: .now() + 10)
                if request.header("Range") != nil { return .json(#"{"count":2}"#, status: 206) }
                if request.header("If-None-Match") != nil { return .json(#"{"count":3}"#) }
                return .json(#"{"count":1}"#)
            } },
            wares: [Coalescing(), Arrivals(log: arrived)]
        ) { server, client in
            let plain = (0..<3).map { _ in Task { try await client.send(count()) } }
            let ranged = (0..<3).map { _ in Task { try await client.send(count(range: "bytes=0-9")) } }
            let conditional = (0..<3).map { _ in Task { try await client.send(count(ifNoneMatch: #""v1""#)) } }
            try await releaseWhen(arrived, reach: 9, gate, openings: 3)
            for task in plain { #expect(try await task.value == ["count": 1]) }
            for task in ranged { #expect(try await task.value == ["count": 2]) }
            for task in conditional { #expect(try await task.value == ["count": 3]) }
            #expect(server.requestCount == 3)
        }
    }

    @Test("a network-only call beside a call that may fall back to the cache gets the server's failure, not the stored answer")
    func cachePolicies() async throws {
        let arrived = Recorder<Int>()
        let served = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/count") { _ in
                served.append(1)
                if served.all.count == 1 {
                    return .init(status: 200, headers: [.init(name: "Cache-Control", value: "max-age=600"), .init(name: "Content-Type", value: "application/json")], body: Data(#"{"count":1}"#.utf8))
                }
                _ = gate.wait(timeout: .now() + 10)
                return .json(#"{"error":"down"}"#, status: 503)
            } },
            wares: [Coalescing(), HTTPCache(store: MemoryCacheStore()), Arrivals(log: arrived)]
        ) { server, client in
            #expect(try await client.send(count(policy: CachePolicy(.localElseRemote))) == ["count": 1])
            let fallback = (0..<2).map { _ in Task { try await client.send(count(policy: CachePolicy(.remoteElseLocal))) } }
            let networkOnly = (0..<2).map { _ in Task { try await client.send(count(policy: CachePolicy(.remoteOnly))) } }
            try await releaseWhen(arrived, reach: 5, gate, openings: 2)
            for task in fallback { #expect(try await task.value == ["count": 1]) }
            for task in networkOnly {
                let error = await thrownError { _ = try await task.value } as? CourierError
                #expect(error?.status == 503)
            }
            #expect(server.requestCount == 3)
        }
    }
    @Test("calls with other status rules or size limits than their twin each get their own call and outcome")
    func statusRulesAndLimits() async throws {
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/count") { _ in
                _ = gate.wait(timeout: .now() + 10)
                return .json(#"{"count":404}"#, status: 404)
            } },
            wares: [Coalescing(), Arrivals(log: arrived)]
        ) { server, client in
            var lenient = count()
            lenient.acceptableStatus = StatusAcceptance(200...299, extra: [404])
            var small = lenient
            small.maximumResponseSize = 4
            let lenients = (0..<2).map { _ in Task { [lenient] in try await client.send(lenient) } }
            let plains = (0..<2).map { _ in Task { try await client.send(count()) } }
            let smalls = (0..<2).map { _ in Task { [small] in try await client.send(small) } }
            try await releaseWhen(arrived, reach: 6, gate, openings: 3)
            for task in lenients { #expect(try await task.value == ["count": 404]) }
            for task in plains {
                let error = await thrownError { _ = try await task.value } as? CourierError
                #expect(error?.status == 404)
            }
            for task in smalls {
                let error = await thrownError { _ = try await task.value } as? CourierError
                #expect(error?.kind == .responseTooLarge)
            }
            #expect(server.requestCount == 3)
        }
    }

    @Test("an only-if-cached call beside a plain one in flight gets its cacheMiss at once, not its twin's network answer")
    func ownCacheControlDoesNotJoin() async throws {
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        try await withLoopback(
            routes: { $0.route(.get, "/count") { _ in
                _ = gate.wait(timeout: .now() + 10)
                return .json(#"{"count":1}"#)
            } },
            wares: [Coalescing(), HTTPCache(store: MemoryCacheStore()), Arrivals(log: arrived)]
        ) { server, client in
            let plain = Task { try await client.send(count()) }
            try await waitUntil { arrived.all.count == 1 }
            var cachedOnly = count()
            cachedOnly.addHeader("Cache-Control", "only-if-cached")
            let started = ContinuousClock.now
            let error = await thrownError { _ = try await client.send(cachedOnly) }
            #expect((error as? CourierError)?.kind == .cacheMiss)
            #expect(ContinuousClock.now - started < .seconds(5), "it did not wait for the twin's network call")
            gate.signal()
            #expect(try await plain.value == ["count": 1])
            #expect(server.requestCount == 1)
        }
    }
}

