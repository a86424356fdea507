import Courier
import CourierTestServer
import Foundation
import Testing

/// A service whose answers say `X-App-Obsolete: 1` raises `obsoleteVersion` from each answer the
/// service gives; what the client answers from its store or from a twin's call is not news.
private func announcingObsolete(_ service: inout ServiceConfiguration) {
    service.errorMapping = ErrorMapping { response, _, _ in
        ErrorMapping.Outcome(events: ErrorMapping.carries(response, "X-App-Obsolete") ? [StandardEvent.obsoleteVersion(message: nil)] : [])
    }
}

private func answer(_ fields: [(String, String)], status: Int = 200) -> TestServer.Response {
    .init(
        status: status, headers: fields.map { .init(name: $0.0, value: $0.1) } + [.init(name: "Content-Type", value: "application/json")],
        body: status == 304 ? Data() : Data(#"{"v":1}"#.utf8))
}

/// How many `obsoleteVersion` events `events` held before a sentinel published now.
private func obsoleteCount(_ events: ServiceEvents, client: Client) async -> Int {
    client.publish(StandardEvent.maintenance(message: "sentinel"))
    var count = 0
    for await event in events {
        if case StandardEvent.maintenance(message: "sentinel") = event { break }
        if case StandardEvent.obsoleteVersion = event { count += 1 }
    }
    return count
}

@Suite("Service-wide events: published once per answer the service gave")
struct ServiceEventsOnceTests {
    @Test("a stored answer served again does not announce its events again")
    func cacheHit() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/config") { _ in answer([("Cache-Control", "max-age=60"), ("X-App-Obsolete", "1")]) } },
            service: announcingObsolete, wares: [HTTPCache()]
        ) { server, client in
            let events = client.events()
            let config = Request<[String: Int]>(method: .get, path: "/config", name: "config")
            for _ in 0..<3 {
                let value = try await client.send(config)
                #expect(value == ["v": 1])
            }
            #expect(server.requestCount == 1)
            #expect(await obsoleteCount(events, client: client) == 1)
        }
    }

    @Test("a revalidated answer announces what the 304 said, not what the stored fields said")
    func revalidation() async throws {
        let obsoleteNow = Locked(false)
        try await withLoopback(
            routes: { $0.route(.get, "/config") { request in
                guard request.header("If-None-Match") == #""v1""# else {
                    return answer([("Cache-Control", "no-cache"), ("ETag", #""v1""#), ("X-App-Obsolete", "1")])
                }
                return answer(obsoleteNow.withLock { $0 } ? [("ETag", #""v1""#), ("X-App-Obsolete", "1")] : [("ETag", #""v1""#)], status: 304)
            } },
            service: announcingObsolete, wares: [HTTPCache()]
        ) { server, client in
            let events = client.events()
            let config = Request<[String: Int]>(method: .get, path: "/config", name: "config")
            for _ in 0..<3 {
                let value = try await client.send(config)
                #expect(value == ["v": 1])
            }
            #expect(server.requestCount == 3)
            #expect(await obsoleteCount(events, client: client) == 1, "only the first answer carried it")
            let later = client.events()
            obsoleteNow.withLock { $0 = true }
            let value = try await client.send(config)
            #expect(value == ["v": 1])
            #expect(await obsoleteCount(later, client: client) == 1, "a 304 that carries it is news")
        }
    }

    @Test("calls sharing one network call announce its events once, success or failure")
    func coalesced() async throws {
        let arrived = Recorder<Int>()
        let gate = DispatchSemaphore(value: 0)
        let failing = Locked(false)
        try await withLoopback(
            routes: { $0.route(.get, "/config") { _ in
                _ = gate.wait(timeout: .now() + 10)
                return failing.withLock { $0 } ? answer([("X-App-Obsolete", "1")], status: 503) : answer([("X-App-Obsolete", "1")])
            } },
            service: announcingObsolete, wares: [Coalescing(), Arrivals(log: arrived)]
        ) { server, client in
            let config = Request<[String: Int]>(method: .get, path: "/config", name: "config")
            let events = client.events()
            let calls = (0..<3).map { _ in Task { try await client.send(config) } }
            try await releaseWhen(arrived, reach: 3, gate, openings: 1)
            for call in calls {
                let value = try await call.value
                #expect(value == ["v": 1])
            }
            #expect(await obsoleteCount(events, client: client) == 1)

            failing.withLock { $0 = true }
            let failures = client.events()
            let failed = (0..<3).map { _ in Task { try await client.send(config) } }
            try await releaseWhen(arrived, reach: 6, gate, openings: 1)
            for call in failed { #expect((await thrownError { _ = try await call.value } as? CourierError)?.status == 503) }
            #expect(await obsoleteCount(failures, client: client) == 1)
            #expect(server.requestCount == 2)
        }
    }
}
