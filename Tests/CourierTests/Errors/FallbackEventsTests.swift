import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("A stale answer standing in for a failure still raises the failure's service-wide events")
struct FallbackEventsTests {
    @Test("remoteElseLocal answers from the store on a 503 envelope, and the envelope's maintenance event is published")
    func fallbackPublishesTheFailuresEvents() async throws {
        let down = Locked(false)
        try await withLoopback(routes: { server in
            server.route(.get, "/feed") { _ in
                down.withLock { $0 } ? .json(#"{"code":"MAINTENANCE"}"#, status: 503) : .json(#"{"v":1}"#)
            }
        }, service: { service in
            service.errorMapping = ErrorMapping { response, failed, _ in
                let maintenance = failed && response.status.code == 503
                    && String(decoding: response.data ?? Data(), as: UTF8.self).contains("MAINTENANCE")
                return ErrorMapping.Outcome(events: maintenance ? [StandardEvent.maintenance(message: nil)] : [])
            }
        }, wares: [HTTPCache()]) { _, client in
            var request = Request<[String: Int]>(method: .get, path: "/feed", name: "feed")
            request.cachePolicy = CachePolicy(.remoteElseLocal, timeToLive: .seconds(60))
            _ = try await client.send(request)
            down.withLock { $0 = true }
            let events = client.events()
            let response = try await client.response(for: request)
            #expect(response.value == ["v": 1])
            guard case .cache = response.source else {
                Issue.record("expected the stored answer, got \(response.source)")
                return
            }
            client.publish(StandardEvent.obsoleteVersion(message: "sentinel"))
            var iterator = events.makeAsyncIterator()
            let first = await iterator.next()
            #expect(first.map { "\($0)" } == "maintenance", "got \(first.map { "\($0)" } ?? "nothing")")
        }
    }
}
