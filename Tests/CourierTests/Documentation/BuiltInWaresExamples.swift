import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import InMemoryLogging
import Logging
import PetstoreAPI
import Testing

// The examples of `Sources/Courier/Courier.docc/BuiltInWares.md`, run against the loopback
// server. The article copies these lines verbatim (the documentation check finds them here).

/// The article's types, namespaced away from other tests' types.
enum BuiltInDocs {
    /// A reachability source the test sets.
    final class Switch: ReachabilitySource {
        let state = Locked2(ReachabilityStatus.online)
        var status: ReachabilityStatus { state.value }
    }

    /// A tiny lock for the test's switch.
    final class Locked2<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}

@Suite struct BuiltInWaresExamples {
    @Test func authentication() async throws {
        try await withLoopback(routes: { server in
            server.route(.post, "/auth/refresh") { _ in .json(#"{"access_token":"fresh","refresh_token":"r2","expires_in":3600}"#) }
            server.route(.get, "/me") { request in
                request.header("Authorization") == "Bearer fresh" ? .json(#"{"name":"ada"}"#) : .status(401)
            }
            server.route(.get, "/basic") { request in .json(#"{"auth":"\#(request.header("Authorization") ?? "")"}"#) }
            server.route(.get, "/keyed") { request in .json(#"{"auth":"\#(request.header("X-API-Key") ?? "")"}"#) }
        }) { server, loopback in
            var service = loopback.service
            service.authSchemes = [
                AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
                    request: { refreshToken in Petstore.refreshToken(refreshToken: refreshToken) },
                    read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken) })),
                AuthScheme(name: "password", kind: .basic),
                AuthScheme(name: "partnerKey", kind: .apiKeyHeader("X-API-Key")),
            ]
            service.defaultAuthScheme = "session"
            let auth = Authenticator(store: MemoryCredentialStore())   // FileCredentialStore, KeychainCredentialStore…
            let client = try Client(service: service, wares: [auth, Retry()])
            try await auth.signIn(.bearer("stale", refreshToken: "r1", identity: "ada"), for: "session")
            try await auth.signIn(.basic(username: "ada", password: "s3cret-pw"), for: "password")
            try await auth.signIn(.apiKey("k-123456"), for: "partnerKey")
            let me = try await client.send(Request<[String: String]>(method: .get, path: "/me"))   // 401, refresh, replay
            var basic = Request<[String: String]>(method: .get, path: "/basic")
            basic.authentication = .scheme("password")                  // Authorization: Basic YWRhOnMzY3JldC1wdw==
            var keyed = Request<[String: String]>(method: .get, path: "/keyed")
            keyed.authentication = .scheme("partnerKey")                // X-API-Key: k-123456
            #expect(me == ["name": "ada"])
            let basicAnswer = try await client.send(basic)
            let keyedAnswer = try await client.send(keyed)
            #expect(basicAnswer == ["auth": "Basic YWRhOnMzY3JldC1wdw=="])
            #expect(keyedAnswer == ["auth": "k-123456"])
            #expect(server.requests.map(\.path).prefix(3) == ["/me", "/auth/refresh", "/me"])
            let stored = try await auth.credentials(for: "session")
            #expect(stored?.token == "fresh" && stored?.refreshToken == "r2" && stored?.identity == "ada")
            print(stored ?? "none")   // Credentials(token: <redacted>, refreshToken: <redacted>, identity: ada)
            try await auth.signOut()                                    // every scheme's credentials, and their cached answers
            let afterSignOut = try await auth.credentials(for: "session")
            #expect(afterSignOut == nil)
        }
    }

    @Test func cache() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in
                TestServer.Response(status: 200, headers: [
                    .init(name: "Content-Type", value: "application/json"),
                    .init(name: "Cache-Control", value: "max-age=60"),
                ], body: Data(#"["Rex"]"#.utf8))
            }
        }) { server, loopback in
            let cache = HTTPCache()                            // a MemoryCacheStore: 1,000 entries, 32 MB
            let client = try Client(service: loopback.service, wares: [cache])
            let first = try await client.response(for: Request<[String]>(method: .get, path: "/pets"))
            let second = try await client.response(for: Request<[String]>(method: .get, path: "/pets"))
            var fresh = Request<[String]>(method: .get, path: "/pets")
            fresh.cachePolicy = CachePolicy(.remoteOnly)       // this one asks the network
            let third = try await client.response(for: fresh)
            #expect(first.source == .network)
            #expect({ if case .cache = second.source { true } else { false } }())
            #expect(third.source == .network)
            #expect(server.requests.count == 2)
        }
    }

    @Test func stores() throws {
        let cachesDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cachesDirectory) }
        let store = HybridCacheStore(                                     // memory in front of disk
            memory: MemoryCacheStore(countLimit: 500, byteLimit: 8 << 20),
            disk: DiskCacheStore(directory: cachesDirectory.appendingPathComponent("petstore"), byteLimit: 64 << 20))
        let cache = HTTPCache(store: store)
        var service = ServiceConfiguration(name: "docs", baseURL: URL(string: "https://petstore.example.com")!)
        service.cachePolicy = CachePolicy(.localElseRemote, timeToLive: .seconds(300))   // the service's default
        let client = try Client(service: service, wares: [cache])
        #expect(client.service.cachePolicy?.mode == .localElseRemote)
    }

    @Test func logging() async throws {
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let logger = Logger(label: "docs") { [handler] _ in handler }
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in .json(#"["Rex"]"#) }
            server.route(.get, "/gone") { _ in .json(#"{"error":"gone"}"#, status: 410) }
        }) { _, loopback in
            var configuration = RequestLogging.Configuration()
            configuration.successLevel = .debug                 // ✅ lines at debug rather than info
            configuration.includesCurl = true                   // the 🚀 line carries `courier.curl`
            configuration.sensitiveNames = ["x-session-hint"]   // redacted on top of the service's names
            let client = try Client(service: loopback.service, wares: [RequestLogging(configuration)], logger: logger)
            _ = try await client.send(Request<[String]>(method: .get, path: "/pets", name: "listPets"))
            _ = try? await client.send(Request<Data>(method: .get, path: "/gone", name: "getGone"))
            let lines = handler.entries.map(\.message.description)
            #expect(lines.contains { $0.hasPrefix("🚀 GET http://127.0.0.1:") && $0.hasSuffix("/pets (listPets)") })
            #expect(lines.contains { $0.hasPrefix("✅ 200 OK listPets in ") })
            #expect(lines.contains { $0.hasPrefix("🔥 getGone failed after ") && $0.contains("status: status 410") })
        }
    }

    @Test func resilience() async throws {
        let attempts = Recorder<Int>()
        let reachability = BuiltInDocs.Switch()
        try await withLoopback(routes: { server in
            server.route(.get, "/flaky") { _ in attempts.appendCounting(1) < 3 ? .status(503) : .json(#"["ok"]"#) }
        }) { server, loopback in
            let client = try Client(
                service: loopback.service,
                wares: [Retry(RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10))), Coalescing(), OfflineAbort(reachability)]
            )
            let flaky = try await client.send(Request<[String]>(method: .get, path: "/flaky"))
            #expect(flaky == ["ok"])
            #expect(server.requests.count == 3)
            reachability.state.value = .offline
            let error = await thrownError { _ = try await client.send(Request<[String]>(method: .get, path: "/flaky")) }
            #expect((error as? CourierError)?.kind == .offline)
            #expect(server.requests.count == 3)
        }
    }

    @Test func idempotencyKeys() async throws {
        try await withLoopback(routes: { server in
            server.route(.post, "/orders") { _ in .json(#"{"id":1}"#) }
        }) { server, client in
            var order = Request<[String: Int]>(method: .post, path: "/orders", name: "createOrder")
            order.body = .json(["item": 7])
            order.idempotencyKeyHeader = "Idempotency-Key"   // a fresh UUID per call, the same on each retry
            _ = try await client.send(order)
            #expect(server.requests.first?.header("Idempotency-Key")?.count == 36)
        }
    }

    @Test func activity() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in .json("[]") }
        }) { _, loopback in
            let counts = Recorder<Int>()
            let activity = ActivityTracker { inFlight in counts.append(inFlight) }   // hop to the UI's queue to show it
            let client = try Client(service: loopback.service, wares: [activity, BackgroundTaskWare()])
            _ = try await client.send(Request<[String]>(method: .get, path: "/pets"))
            #expect(counts.all == [1, 0])
            #expect(activity.count == 0)
        }
    }
}
