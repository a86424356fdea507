import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("HTTPCache partitions: users never see each other's answers")
struct CachePartitionTests {
    @Test("two users asking for the same URL each get their own answer; wiping a partition empties memory and disk")
    func twoUsers() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = HybridCacheStore(disk: DiskCacheStore(directory: directory))
        let cache = HTTPCache(store: store)
        let client = try cachingClient(server, cache, clock: ManualClock())

        cache.partition = "ada"
        #expect(try await client.send(item(token: "ada-token")).user == "Bearer ada-token")
        cache.partition = "bob"
        #expect(try await client.send(item(token: "bob-token")).user == "Bearer bob-token")
        #expect(try await client.response(for: item(token: "bob-token")).source == .cache(age: .zero))
        cache.partition = "ada"
        let ada = try await client.response(for: item(token: "ada-token-refreshed"))
        #expect(ada.value.user == "Bearer ada-token", "a refreshed token keeps ada's cache")
        #expect(ada.source == .cache(age: .zero))
        #expect(server.hits == 2)
        #expect(store.memory.usage.entries == 2)
        #expect(store.disk.usage.entries == 2)

        await cache.wipe(partition: "ada")
        #expect(store.memory.usage.entries == 1)
        #expect(store.disk.usage.entries == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        #expect(try await client.response(for: item(token: "ada-token")).source == .network)
        cache.partition = "bob"
        #expect(try await client.response(for: item(token: "bob-token")).source == .cache(age: .zero))
    }

    @Test("under the app's partition, URLs that differ only in a sensitive query value (`?key=`) keep their own answers; wiping the partition takes them")
    func sensitiveQueryValuesUnderTheAppsPartition() async throws {
        let server = try TestServer()
        server.route(.get, "/settings") { request in
            var response = TestServer.Response.json(#"{"version":1,"user":"\#(request.queryValues("key").first ?? "")"}"#)
            response.headers.append(.init(name: "Cache-Control", value: "max-age=600"))
            return response
        }
        server.start()
        defer { server.stop() }
        let store = MemoryCacheStore()
        let cache = HTTPCache(store: store)
        let client = try Client(
            service: ServiceConfiguration(name: "cache", baseURL: server.baseURL, timeout: .seconds(60)), wares: [cache],
            clock: ManualClock(), wallClock: ManualClock().wallClock)
        func settings(_ key: String) -> Request<Item> {
            var request = Request<Item>(method: .get, path: "/settings", name: "settings")
            request.addQuery("key", key)
            return request
        }
        cache.partition = "ada"
        #expect(try await client.send(settings("theme")).user == "theme")
        let locale = try await client.response(for: settings("locale"))
        #expect(locale.value.user == "locale")
        #expect(locale.source == .network)
        #expect(try await client.response(for: settings("theme")).source == .cache(age: .zero))
        #expect(store.usage.entries == 2)
        await cache.wipe(partition: "ada")
        #expect(store.usage.entries == 0)
    }

    @Test("sessionEnded wipes the app's own partition and clears it")
    func sessionEndedWipes() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let store = MemoryCacheStore()
        let cache = HTTPCache(store: store)
        let client = try cachingClient(server, cache, clock: ManualClock())
        cache.partition = "ada"
        _ = try await client.send(item(token: "t"))
        _ = try await client.send(item())  // no credentials: the shared partition
        #expect(store.usage.entries == 2)

        client.publish(StandardEvent.sessionEnded(reason: "signed out", principal: Principal("user:ada")))
        #expect(cache.partition == nil)
        let deadline = ContinuousClock.now + promptly
        while store.usage.entries > 1, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
        #expect(store.usage.entries == 1, "only the shared answer is left")
        #expect(try await client.response(for: item()).source == .cache(age: .zero))
    }

    @Test("sign-out in a later launch wipes alice's answers filed with credentials of the call's own (an API key) as well")
    func signOutWipesCombinedPartitionsOfAnEarlierLaunch() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        auth.server.route(.get, "/profile") { _ in
            var response = TestServer.Response.json(#"{"name":"alice"}"#)
            response.headers.append(TestServer.Field(name: "Cache-Control", value: "private, max-age=600"))
            return response
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-combined-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var profile = Request<[String: String]>(method: .get, path: "/profile", name: "profile")
        profile.addHeader("X-API-Key", "app-key-1")  // the app's key, beside alice's token: a combined principal
        let clock = ManualClock()
        func launch() throws -> (Client, Authenticator, HybridCacheStore) {
            let store = HybridCacheStore(disk: DiskCacheStore(directory: directory))
            let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("access-1", identity: "alice")]))
            var service = ServiceConfiguration(name: "auth", baseURL: auth.server.baseURL, timeout: .seconds(30))
            service.authSchemes = [AuthTestServer.session]
            service.defaultAuthScheme = "session"
            let client = try Client(service: service, wares: [HTTPCache(store: store), authenticator], clock: clock, wallClock: clock.wallClock)
            return (client, authenticator, store)
        }
        do {
            let (client, _, store) = try launch()
            #expect(try await client.send(profile) == ["name": "alice"])
            #expect(try await client.response(for: profile).source == .cache(age: .zero))
            #expect(store.disk.usage.entries == 1)
        }
        let (client, authenticator, store) = try launch()
        _ = try await client.send(dataRequest())  // this launch's first call: alice's session is in use
        try await authenticator.signOut()
        #expect(store.disk.usage.entries == 0, "nothing of alice's is left on disk")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

