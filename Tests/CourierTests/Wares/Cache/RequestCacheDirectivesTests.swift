import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// `GET /item` carrying `Cache-Control: <directives>`, with `policy`.
private func item(asking directives: String, _ policy: CachePolicy? = nil) -> Request<Item> {
    var request = item(policy)
    request.addHeader("Cache-Control", directives)
    return request
}

// RFC 9111 §5.2.1: what a request's own Cache-Control asks of a cache. A pull-to-refresh sends
// `no-cache` and must see the server's answer; these were ignored, and the stored one came back.
@Suite("HTTPCache: the request's own Cache-Control (no-cache, no-store, max-age, min-fresh, max-stale, only-if-cached)")
struct RequestCacheDirectivesTests {
    @Test("no-cache: a fresh stored answer is revalidated with the server before it is used")
    func noCacheRevalidates() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600"), ("ETag", "")])
        let client = try cachingClient(server, HTTPCache(), clock: ManualClock())
        _ = try await client.send(item())
        #expect(try await client.response(for: item()).source == .cache(age: .zero))
        #expect(try await client.response(for: item(asking: "no-cache")).source == .revalidated)
        server.change()
        let changed = try await client.response(for: item(asking: "no-cache"))
        #expect(changed.source == .network && changed.value.version == 2)
        #expect(server.hits == 3)
        #expect(server.server.requests.last?.header("If-None-Match") == "\"v1\"")
    }

    @Test("max-age: a stored answer older than the request allows is fetched again; min-fresh: one fresh for too short a time too")
    func maxAgeAndMinFresh() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=120")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item())
        clock.advance(by: .seconds(30))
        #expect(try await client.response(for: item(asking: "max-age=60")).source == .cache(age: .seconds(30)))
        #expect(try await client.response(for: item(asking: "min-fresh=60")).source == .cache(age: .seconds(30)))
        #expect(server.hits == 1)
        #expect(try await client.response(for: item(asking: "max-age=10")).source == .network)
        clock.advance(by: .seconds(30))
        #expect(try await client.response(for: item(asking: "min-fresh=100")).source == .network, "30 s old of 120: 90 s left")
        #expect(server.hits == 3)
    }

    @Test("max-stale: a stale answer within the allowance is served; past it, or must-revalidate, it is not")
    func maxStale() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=10")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item())
        clock.advance(by: .seconds(50))
        #expect(try await client.response(for: item(asking: "max-stale=60")).source == .cache(age: .seconds(50)))
        #expect(try await client.response(for: item(asking: "max-stale")).source == .cache(age: .seconds(50)))
        #expect(try await client.response(for: item(asking: "max-stale=20")).source == .network)
        #expect(server.hits == 2)

        server.respond(with: [("Cache-Control", "max-age=10, must-revalidate")])
        clock.advance(by: .seconds(20))
        #expect(try await client.response(for: item()).source == .network, "stored again, with must-revalidate")
        clock.advance(by: .seconds(50))
        #expect(try await client.response(for: item(asking: "max-stale")).source == .network)
    }

    @Test("no-store: the answer is fetched and not stored, and nothing stored is served")
    func noStore() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let client = try cachingClient(server, HTTPCache(), clock: ManualClock())
        #expect(try await client.response(for: item(asking: "no-store")).source == .network)
        #expect(try await client.response(for: item()).source == .network, "the no-store answer was not kept")
        #expect(try await client.response(for: item(asking: "no-store")).source == .network)
        #expect(try await client.response(for: item()).source == .cache(age: .zero))
        #expect(server.hits == 3)
    }

    @Test("only-if-cached: a stored answer, else a cacheMiss without asking the network")
    func onlyIfCached() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let client = try cachingClient(server, HTTPCache(), clock: ManualClock())
        let miss = await thrownError { _ = try await client.send(item(asking: "only-if-cached")) }
        #expect((miss as? CourierError)?.kind == .cacheMiss)
        #expect(server.hits == 0)
        _ = try await client.send(item())
        #expect(try await client.response(for: item(asking: "only-if-cached")).source == .cache(age: .zero))
        #expect(server.hits == 1)
    }

    @Test("remoteElseLocal with no-cache or max-age: a 503 is not covered by a stored answer the request refused")
    func fallbackHonoursTheRequest() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item())
        clock.advance(by: .seconds(30))
        server.fail(with: 503)
        let policy = CachePolicy(.remoteElseLocal)
        #expect(try await client.response(for: item(asking: "max-age=60", policy)).source == .cache(age: .seconds(30)))
        for directives in ["no-cache", "max-age=10"] {
            let error = await thrownError { _ = try await client.send(item(asking: directives, policy)) }
            #expect((error as? CourierError)?.status?.code == 503, "\(directives)")
        }
    }
}
