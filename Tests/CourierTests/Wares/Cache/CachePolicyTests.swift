import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("HTTPCache: the five policies, freshness and revalidation against a loopback server")
struct CachePolicyTests {
    @Test("localElseRemote with a TTL: a fresh entry answers without the network until the manual clock passes the TTL")
    func localElseRemoteTTL() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        let policy = CachePolicy(.localElseRemote, timeToLive: .seconds(60))

        let first = try await client.response(for: item(policy))
        #expect(first.source == .network)
        clock.advance(by: .seconds(59))
        server.change()
        let second = try await client.response(for: item(policy))
        #expect(second.value.version == 1)
        #expect(second.source == .cache(age: .seconds(59)))
        #expect(server.hits == 1)
        clock.advance(by: .seconds(2))
        #expect(try await client.send(item(policy)).version == 2)
        #expect(server.hits == 2)
    }

    @Test("the server's max-age decides freshness when the policy has no TTL")
    func maxAge() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "private, max-age=30")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item())
        clock.advance(by: .seconds(29))
        #expect(try await client.response(for: item()).source == .cache(age: .seconds(29)))
        clock.advance(by: .seconds(2))
        #expect(try await client.response(for: item()).source == .network)
        #expect(server.hits == 2)
    }

    @Test("remoteOnly always asks and stores nothing; localOnly serves what is stored, stale too, and a miss is a cacheMiss error")
    func remoteOnlyAndLocalOnly() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item(CachePolicy(.remoteOnly)))
        _ = try await client.send(item(CachePolicy(.remoteOnly)))
        #expect(server.hits == 2)
        let miss = try #require(await thrownError { _ = try await client.send(item(CachePolicy(.localOnly))) } as? CourierError)
        #expect(miss.kind == .cacheMiss)
        #expect(miss.call?.endpoint == "item")
        #expect(server.hits == 2, "localOnly never touches the network")

        _ = try await client.send(item(CachePolicy(.localElseRemote, timeToLive: .seconds(10))))
        clock.advance(by: .seconds(3600))
        let stale = try await client.response(for: item(CachePolicy(.localOnly)))
        #expect(stale.source == .cache(age: .seconds(3600)))
        #expect(server.hits == 3)
    }

    @Test("remoteElseLocal: the network's answer while it works, the stored one (stale, with its age) on a 5xx or no connection")
    func remoteElseLocal() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        let policy = CachePolicy(.remoteElseLocal)
        #expect(try await client.response(for: item(policy)).source == .network)
        server.change()
        #expect(try await client.send(item(policy)).version == 2)
        clock.advance(by: .seconds(120))
        server.fail(with: 503)
        let fallback = try await client.response(for: item(policy))
        #expect(fallback.value.version == 2)
        #expect(fallback.source == .cache(age: .seconds(120)))
        server.fail(with: 404)
        let notFound = try #require(await thrownError { _ = try await client.send(item(policy)) } as? CourierError)
        #expect(notFound.status?.code == 404, "only failures of the network or the server fall back")

        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }  // held until the test ends
        let gone = closed.baseURL
        let cache = HTTPCache()
        let offline = try Client(service: ServiceConfiguration(name: "x", baseURL: gone, timeout: .seconds(5)), wares: [cache])
        let key = CacheKey(partition: CacheKey.sharedPartition, method: "GET", url: gone.absoluteString + "/item")
        await cache.store.store(CachedResponse(
            key: key, status: 200, headers: [.init(name: "Content-Type", value: "application/json")],
            body: Data(#"{"version":9,"user":"none"}"#.utf8), storedAt: Date(), initialAge: 0, freshnessLifetime: 0,
            vary: [:], mustRevalidate: false))
        #expect(try await offline.send(item(policy)).version == 9)
    }

    @Test("must-revalidate: a stale entry is never served unrevalidated")
    func mustRevalidate() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=10, must-revalidate")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item(CachePolicy(.remoteElseLocal)))
        clock.advance(by: .seconds(11))
        server.fail(with: 500)
        let error = try #require(await thrownError { _ = try await client.send(item(CachePolicy(.remoteElseLocal))) } as? CourierError)
        #expect(error.status?.code == 500)
        await #expect(throws: CourierError.self) { _ = try await client.send(item(CachePolicy(.localOnly))) }
    }

    @Test("localThenRemote through updates(for:): stored then fresh when changed, once when unchanged (304), once when nothing is stored")
    func localThenRemote() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("ETag", "")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        let policy = CachePolicy(.localThenRemote)
        func updates() async throws -> [(Int, ResponseSource)] {
            var seen: [(Int, ResponseSource)] = []
            for try await response in client.updates(for: item(policy)) { seen.append((response.value.version, response.source)) }
            return seen
        }
        let empty = try await updates()
        #expect(empty.map(\.0) == [1] && empty.map(\.1) == [.network])
        server.change()
        clock.advance(by: .seconds(5))
        let changed = try await updates()
        #expect(changed.map(\.0) == [1, 2])
        #expect(changed.map(\.1) == [.cache(age: .seconds(5)), .network])
        let unchanged = try await updates()
        #expect(unchanged.map(\.0) == [2], "the 304 answer is the stored one: not yielded twice")
        #expect(server.server.requests.last?.header("If-None-Match") == "\"v2\"")
        #expect(try await client.send(item(policy)).version == 2, "send gets the network's answer")
        #expect(server.hits == 4)
    }

    @Test("ETag and Last-Modified: a stale entry is revalidated, the 304 returns the stored value marked revalidated")
    func revalidation() async throws {
        for validator in ["ETag", "Last-Modified"] {
            let server = try CacheTestServer()
            defer { server.stop() }
            server.respond(with: [("Cache-Control", "no-cache"), (validator, "")])
            let clock = ManualClock()
            let client = try cachingClient(server, HTTPCache(), clock: clock)
            #expect(try await client.response(for: item()).source == .network)
            let again = try await client.response(for: item())
            #expect(again.source == .revalidated)
            #expect(again.value.version == 1)
            #expect(again.http.status.code == 200)
            let sent = try #require(server.server.requests.last)
            if validator == "ETag" {
                #expect(sent.header("If-None-Match") == "\"v1\"")
            } else {
                #expect(sent.header("If-Modified-Since") == "Tue, 14 Nov 2023 22:13:20 GMT")
            }
            #expect(server.hits == 2)
        }
    }

    @Test("no-store is never stored; Vary values must match; a POST to the URL removes its stored answer")
    func storageRules() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        server.respond(with: [("Cache-Control", "no-store")])
        _ = try await client.send(item())
        _ = try await client.send(item())
        #expect(server.hits == 2)

        server.respond(with: [("Cache-Control", "max-age=60"), ("Vary", "Accept-Language")])
        var french = item()
        french.addHeader("Accept-Language", "fr")
        var german = item()
        german.addHeader("Accept-Language", "de")
        _ = try await client.send(french)
        #expect(try await client.response(for: french).source == .cache(age: .zero))
        #expect(try await client.response(for: german).source == .network)
        #expect(server.hits == 4)

        _ = try await client.send(Request<Void>(method: .post, path: "/item"))
        #expect(try await client.response(for: german).source == .network, "the POST removed the stored answer")
    }

    @Test("a wall clock set back (by the user, or a sync) makes a stored answer stale, not fresh for the time it went back")
    func wallClockSetBack() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600"), ("ETag", "")])
        let date = TestLocked(Date(timeIntervalSince1970: 1_800_000_000))
        let client = try Client(
            service: ServiceConfiguration(name: "cache", baseURL: server.server.baseURL, timeout: .seconds(60)),
            wares: [HTTPCache()], wallClock: WallClock { date.withLock { $0 } })
        _ = try await client.send(item())
        #expect(try await client.response(for: item()).source == .cache(age: .zero))
        date.withLock { $0 -= 86_400 }
        server.change()
        let answer = try await client.response(for: item())
        #expect(answer.source == .network && answer.value.version == 2, "a day 'before' it was stored, its age is unknown")
        #expect(server.hits == 2)
    }
}
