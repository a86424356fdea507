import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// The schemes of the identity tests: a bearer session (the default) and a partner API key.
private let schemes = [
    AuthScheme(name: "session", kind: .bearer),
    AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner")),
]

/// A client over `server` with `cache` and `auth`, both schemes declared.
private func client(_ server: CacheTestServer, _ cache: HTTPCache, _ auth: Authenticator, clock: ManualClock) throws -> Client {
    var service = ServiceConfiguration(name: "cache", baseURL: server.server.baseURL, timeout: .seconds(60))  // not under test: room for a loaded run
    service.authSchemes = schemes
    service.defaultAuthScheme = "session"
    return try Client(service: service, wares: [cache, auth], clock: clock, wallClock: clock.wallClock)
}

/// A memory store, an authenticator and a client over `server` with both.
private func signedClient(_ server: CacheTestServer) throws -> (MemoryCacheStore, Authenticator, Client) {
    let store = MemoryCacheStore()
    let auth = Authenticator()
    return (store, auth, try client(server, HTTPCache(store: store), auth, clock: ManualClock()))
}

/// `GET /item` authenticated by the service's default scheme, or by `scheme`.
private func signedItem(_ scheme: AuthSchemeName? = nil) -> Request<Item> {
    var request = Request<Item>(method: .get, path: "/item", name: "item")
    if let scheme { request.authentication = .scheme(scheme) }
    return request
}

/// A fresh directory for one test, removed afterwards.
private func withDirectory(_ body: (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-identity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}

@Suite("HTTPCache: whose answer it is (principals), with no configuration by the app")
struct CacheIdentityTests {
    @Test("signOut + signIn(bob) without a manual wipe: bob gets his own answer, never alice's (private, max-age=60, Vary: Authorization)")
    func accountSwitch() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "private, max-age=60"), ("Vary", "Authorization")])
        let auth = Authenticator()
        let cache = HTTPCache()
        let client = try client(server, cache, auth, clock: ManualClock())

        try await auth.signIn(.bearer("alice-token"), for: "session")
        #expect(try await client.send(signedItem()).user == "Bearer alice-token")
        #expect(try await client.response(for: signedItem()).source == .cache(age: .zero), "alice's own answer is cached")
        try await auth.signOut()
        try await auth.signIn(.bearer("bob-token"), for: "session")
        let bobs = try await client.response(for: signedItem())
        #expect(bobs.value.user == "Bearer bob-token")
        #expect(bobs.source == .network)
        #expect(server.hits == 2)
    }

    @Test("signOut wipes the signed-out session's answers from memory and disk before it returns; anonymous answers stay")
    func signOutWipesAtOnce() async throws {
        try await withDirectory { directory in
            let server = try CacheTestServer()
            defer { server.stop() }
            server.respond(with: [("Cache-Control", "max-age=600")])
            let store = HybridCacheStore(disk: DiskCacheStore(directory: directory))
            let auth = Authenticator()
            let client = try client(server, HTTPCache(store: store), auth, clock: ManualClock())
            try await auth.signIn(.bearer("alice-token"), for: "session")
            _ = try await client.send(signedItem())
            _ = try await client.send(item())  // anonymous
            #expect(store.memory.usage.entries == 2)
            #expect(store.disk.usage.entries == 2)

            try await auth.signOut()
            #expect(store.memory.usage.entries == 1, "wiped before signOut returned")
            #expect(store.disk.usage.entries == 1)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
            #expect(try await client.response(for: item()).source == .cache(age: .zero), "the anonymous answer stays")
        }
    }

    @Test("signing in as another user ends the previous session's answers too; the same user signing in again keeps them")
    func signInReplacesOrKeeps() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let (store, auth, client) = try signedClient(server)

        try await auth.signIn(.bearer("alice-1", identity: "alice"), for: "session")
        _ = try await client.send(signedItem())
        try await auth.signIn(.bearer("alice-2", identity: "alice"), for: "session")
        let again = try await client.response(for: signedItem())
        #expect(again.source == .cache(age: .zero), "same identity: the cache is kept")
        #expect(again.value.user == "Bearer alice-1")

        try await auth.signIn(.bearer("bob-1", identity: "bob"), for: "session")
        #expect(store.usage.entries == 0, "alice's answer went when bob signed in")
        #expect(try await client.send(signedItem()).user == "Bearer bob-1")
    }

    @Test("an anonymous call and a signed-in call to the same URL never share an answer, either way round")
    func anonymousAndSignedIn() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let (_, auth, client) = try signedClient(server)
        try await auth.signIn(.bearer("alice-token"), for: "session")

        #expect(try await client.send(item()).user == "none")
        #expect(try await client.send(signedItem()).user == "Bearer alice-token", "not the anonymous answer")
        #expect(try await client.send(item()).user == "none", "not alice's answer")
        #expect(try await client.response(for: signedItem()).source == .cache(age: .zero))
        #expect(server.hits == 2)
    }

    @Test("two schemes on one client never share an answer")
    func twoSchemes() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let (_, auth, client) = try signedClient(server)
        try await auth.signIn(.bearer("alice-token"), for: "session")
        try await auth.signIn(.apiKey("partner-key-1234"), for: "partner")

        #expect(try await client.response(for: signedItem()).source == .network)
        #expect(try await client.response(for: signedItem("partner")).source == .network)
        #expect(try await client.response(for: signedItem("partner")).source == .cache(age: .zero))
        #expect(server.hits == 2)
        let partnerKeys = server.server.requests.compactMap { $0.header("X-Partner") }
        #expect(partnerKeys == ["partner-key-1234"])
    }

    @Test("two clients on one disk store never share credentialed answers, even with the same token; anonymous ones they do")
    func twoClientsOneDisk() async throws {
        try await withDirectory { directory in
            let server = try CacheTestServer()
            defer { server.stop() }
            server.respond(with: [("Cache-Control", "max-age=600")])
            let disk = DiskCacheStore(directory: directory)
            let (firstAuth, secondAuth) = (Authenticator(), Authenticator())
            let first = try client(server, HTTPCache(store: disk), firstAuth, clock: ManualClock())
            let second = try client(server, HTTPCache(store: DiskCacheStore(directory: directory)), secondAuth, clock: ManualClock())
            try await firstAuth.signIn(.bearer("shared-token"), for: "session")
            try await secondAuth.signIn(.bearer("shared-token"), for: "session")

            _ = try await first.send(signedItem())
            #expect(try await second.response(for: signedItem()).source == .network, "another client's session")
            _ = try await first.send(item())
            #expect(try await second.response(for: item()).source == .cache(age: .zero), "anonymous answers are shared")
            #expect(server.hits == 3)
        }
    }

    @Test("an answer for alice that arrives after she signed out is not stored")
    func lateAnswerAfterSignOut() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        let gate = DispatchSemaphore(value: 0)
        server.server.route(.get, "/late") { request in
            _ = gate.wait(timeout: .now() + 10)
            var response = TestServer.Response.json(#"{"version":1,"user":"\#(request.header("Authorization") ?? "none")"}"#)
            response.headers.append(.init(name: "Cache-Control", value: "max-age=600"))
            return response
        }
        let (store, auth, client) = try signedClient(server)
        try await auth.signIn(.bearer("alice-token"), for: "session")
        let call = Task { try await client.send(Request<Item>(method: .get, path: "/late", name: "late")) }
        try await waitUntil { server.server.requests.contains { $0.path == "/late" } }
        try await auth.signOut()
        gate.signal()
        #expect(try await call.value.user == "Bearer alice-token", "the call itself was alice's and gets her answer")
        #expect(store.usage.entries == 0, "but it is not kept after her session ended")
    }

    @Test("requests carrying their own Authorization: different tokens never share; Vary keeps no token in the stored entry")
    func explicitCredentials() async throws {
        try await withDirectory { directory in
            let server = try CacheTestServer()
            defer { server.stop() }
            server.respond(with: [("Cache-Control", "private, max-age=600"), ("Vary", "Authorization")])
            let cache = HTTPCache(store: DiskCacheStore(directory: directory))
            let client = try cachingClient(server, cache, clock: ManualClock())

            #expect(try await client.send(item(token: "explicit-SECRET-one")).user == "Bearer explicit-SECRET-one")
            #expect(try await client.send(item(token: "explicit-SECRET-two")).user == "Bearer explicit-SECRET-two")
            #expect(try await client.response(for: item(token: "explicit-SECRET-one")).source == .cache(age: .zero))
            #expect(try await client.response(for: item()).source == .network, "anonymous gets neither")
            #expect(server.hits == 3)
            // The server echoes the token in the body it sent; the entry's own metadata (its Vary
            // values) must not hold a second copy.
            var copies = 0
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                let text = String(decoding: try Data(contentsOf: directory.appendingPathComponent(file)), as: UTF8.self)
                let count = text.components(separatedBy: "explicit-SECRET").count - 1
                #expect(count <= 1, "\(file): only the body's echo")
                copies += count
            }
            #expect(copies == 2, "the two signed answers' bodies, and nothing else")
        }
    }

    @Test("a 304 carrying no-store answers the call from the stored entry and removes it")
    func notModifiedNoStore() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "no-cache"), ("ETag", "")])
        let store = MemoryCacheStore()
        let client = try cachingClient(server, HTTPCache(store: store), clock: ManualClock())
        _ = try await client.send(item())
        #expect(store.usage.entries == 1)
        server.respond(with: [("Cache-Control", "no-store"), ("ETag", "")])
        let revalidated = try await client.response(for: item())
        #expect(revalidated.source == .revalidated)
        #expect(revalidated.value.version == 1)
        #expect(store.usage.entries == 0)
        #expect(server.server.requests.last?.header("If-None-Match") == "\"v1\"")
    }
}

@Suite("HTTPCache: a user who signs in again under the same identity")
struct CacheReturningUserTests {
    @Test("signOut wipes alice's answers; when she signs in again as the same identity, her new answers are cached again")
    func sameIdentityAfterSignOut() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let (store, auth, client) = try signedClient(server)
        try await auth.signIn(.bearer("alice-1", identity: "alice"), for: "session")
        _ = try await client.send(signedItem())
        try await auth.signOut()
        #expect(store.usage.entries == 0)
        try await auth.signIn(.bearer("alice-2", identity: "alice"), for: "session")
        #expect(try await client.response(for: signedItem()).source == .network, "nothing of the ended session is served")
        #expect(try await client.response(for: signedItem()).source == .cache(age: .zero), "the new session's answer is kept")
        #expect(server.hits == 2)
    }
}

/// Puts `Authorization: Bearer <token>` on its request from the standard slot, outside the cache,
/// without saying whose it is (its `principal(for:context:)` says nothing), as an app's own ware might.
private struct HandMadeAuthorization: Ware {
    let token: String
    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        var request = request
        request.http.headerFields[.authorization] = "Bearer \(token)"
        return try await next(request, context)
    }
}

/// Adds `api_key=<key>` to its request's query, outside the cache, without saying whose it is,
/// as an app's own ware signing every call with a key might.
private struct HandMadeQueryKey: Ware {
    let key: String
    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        var request = request
        let path = request.http.path ?? "/"
        request.http.path = path + (path.contains("?") ? "&" : "?") + "api_key=" + key
        return try await next(request, context)
    }
}

@Suite("HTTPCache: credentials added by other wares and hostile numbers")
struct CacheCredentialEdgeTests {
    @Test("credentials a ware of the app's adds outside the cache still keep users apart, with Vary: Authorization too")
    func credentialsAddedOutsideTheCache() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "private, max-age=600"), ("Vary", "Authorization")])
        let client = try cachingClient(server, HTTPCache(), clock: ManualClock())
        func asUser(_ token: String) -> Request<Item> {
            var request = item()
            request.wares = [HandMadeAuthorization(token: token)]
            return request
        }
        #expect(try await client.send(asUser("alice-token")).user == "Bearer alice-token")
        #expect(try await client.send(asUser("bob-token")).user == "Bearer bob-token", "not alice's answer")
        #expect(try await client.response(for: asUser("alice-token")).source == .cache(age: .zero))
        #expect(server.hits == 2)
    }

    @Test("an API key a ware of the app's adds to the query outside the cache keeps two keys apart")
    func queryKeyAddedOutsideTheCache() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let client = try cachingClient(server, HTTPCache(), clock: ManualClock())
        func withKey(_ key: String) -> Request<Item> {
            var request = item()
            request.wares = [HandMadeQueryKey(key: key)]
            return request
        }
        #expect(try await client.response(for: withKey("key-one")).source == .network)
        #expect(try await client.response(for: withKey("key-two")).source == .network, "not key-one's answer")
        #expect(try await client.response(for: withKey("key-one")).source == .cache(age: .zero))
        #expect(server.hits == 2)
        #expect(server.server.requests.filter { $0.target.contains("api_key=key-two") }.count == 1)
    }

    @Test("an API key in a query item is not written into the disk entry; two keys never share")
    func queryKeyStaysOffDisk() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600")])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-querykey-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try cachingClient(server, HTTPCache(store: DiskCacheStore(directory: directory)), clock: ManualClock())
        func keyed(_ key: String) -> Request<Item> {
            var request = item()
            request.addQuery("api_key", key)
            return request
        }
        _ = try await client.send(keyed("KEY-one-0123456789"))
        #expect(try await client.response(for: keyed("KEY-two-0123456789")).source == .network)
        #expect(try await client.response(for: keyed("KEY-one-0123456789")).source == .cache(age: .zero))
        for (file, text) in try filesAndTexts(in: directory) {
            #expect(!text.contains("0123456789"), "\(file) holds no key")
            #expect(text.contains("api_key=<redacted>"))
        }
    }

    @Test("a Set-Cookie answer is stored without its cookie: not on disk, not replayed from the cache")
    func cookieStaysOffDisk() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=600"), ("Set-Cookie", "sid=SECRET-0123; HttpOnly")])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cookie-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try cachingClient(server, HTTPCache(store: DiskCacheStore(directory: directory)), clock: ManualClock())
        let first = try await client.response(for: item())
        #expect(first.source == .network && first.http.headerFields[.setCookie] == "sid=SECRET-0123; HttpOnly")
        let second = try await client.response(for: item())
        #expect(second.source == .cache(age: .zero))
        #expect(second.http.headerFields[.setCookie] == nil)
        let files = try filesAndTexts(in: directory)
        #expect(!files.isEmpty)
        for (file, text) in files { #expect(!text.contains("SECRET-0123"), "\(file) holds no cookie") }
    }

    @Test("a 304's Set-Cookie reaches its caller but is not kept with the entry")
    func revalidationCookieReachesCaller() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "no-cache"), ("ETag", "-"), ("Set-Cookie", "sid=SECRET-4567")])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cookie-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = try cachingClient(server, HTTPCache(store: DiskCacheStore(directory: directory)), clock: ManualClock())
        _ = try await client.response(for: item())
        let revalidated = try await client.response(for: item())
        #expect(revalidated.source == .revalidated)
        #expect(revalidated.http.headerFields[.setCookie] == "sid=SECRET-4567")
        for (file, text) in try filesAndTexts(in: directory) { #expect(!text.contains("SECRET-4567"), "\(file) holds no cookie") }
    }

    @Test("Age: inf and max-age=1e400 are stored and served without trapping")
    func absurdNumbers() async throws {
        let server = try CacheTestServer()
        defer { server.stop() }
        server.respond(with: [("Cache-Control", "max-age=1e400"), ("Age", "inf")])
        let clock = ManualClock()
        let client = try cachingClient(server, HTTPCache(), clock: clock)
        _ = try await client.send(item())
        let stale = try await client.response(for: item(CachePolicy(.localOnly)))
        #expect(stale.value.version == 1)
        if case .cache(let age) = stale.source { #expect(age > .seconds(1_000_000)) } else { Issue.record("not from the cache") }
    }
}
