// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing

/// Where the event loop executor meets the wares that share work between calls: a token refresh,
/// a coalesced call and the cache's store, with one caller reading on the loop and one off it.
@Suite("Reading on the event loop, with wares that share work between calls")
struct LoopExecutorWaresTests {
    /// The bytes the `/archive` route streams.
    private static let archive = PatternedBytes.make(3 << 20 + 321)

    /// A body read whole, and whether every chunk of it arrived on `loop`'s thread.
    private struct Read: Sendable {
        var bytes = Data()
        var onLoop = true
    }

    private static func read(_ body: HTTPBody, checking executor: EventLoopTaskExecutor) async throws -> Read {
        var read = Read()
        for try await chunk in body.chunks() {
            read.bytes += chunk
            read.onLoop = read.onLoop && executor.loop.inEventLoop
        }
        return read
    }

    /// `body` with a transport and a client to `server` carrying `wares`; the transport is shut
    /// down after, whatever happens.
    private static func withClient<T>(
        _ server: TestServer, wares: [any Ware], configure: (inout ServiceConfiguration) -> Void = { _ in },
        _ body: (AsyncHTTPClientTransport, Client) async throws -> T
    ) async throws -> T {
        var service = ServiceConfiguration(name: "loop-wares", baseURL: server.baseURL, timeout: .seconds(30))
        configure(&service)
        let transport = AsyncHTTPClientTransport()
        let outcome = await Result(catching: {
            try await body(transport, Client(service: service, transport: transport, wares: wares))
        })
        try await transport.shutdown()
        return try outcome.get()
    }

    private struct Tokens: Codable, Sendable {
        var accessToken: String
        var refreshToken: String
    }

    @Test("one token refresh serves a caller reading on the loop and one reading off it; both streamed bodies arrive whole")
    func refreshSharedAcrossExecutors() async throws {
        let refreshes = Locked(0)
        let server = try TestServer()
        server.route(.get, "/archive") { request in
            guard request.header("Authorization") == "Bearer fresh" else { return .json(#"{"error":"stale"}"#, status: 401) }
            return TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/octet-stream")], body: Self.archive)
        }
        server.route(.post, "/refresh") { request in
            refreshes.withLock { $0 += 1 }
            guard request.bodyText.contains(#""refreshToken":"r1""#) else { return .json(#"{"error":"bad refresh token"}"#, status: 401) }
            // Slow enough that the second caller's 401 arrives while the refresh is still out.
            return TestServer.Response.json(#"{"accessToken":"fresh","refreshToken":"r2"}"#).delayed(by: .milliseconds(300))
        }
        server.start()
        defer { server.stop() }
        let session = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
            request: { refreshToken in
                // Sent without credentials, by whichever caller's task hit the 401 first.
                var refresh = Request<Tokens>(method: .post, path: "/refresh", name: "refresh")
                refresh.body = .json(["refreshToken": refreshToken])
                refresh.authentication = .none
                return refresh
            },
            read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken) }
        ))
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "r1")]))
        let (onLoop, offLoop) = try await Self.withClient(server, wares: [auth], configure: { service in
            service.authSchemes = [session]
            service.defaultAuthScheme = "session"
        }) { transport, client in
            let executor = transport.eventLoopExecutor()
            let request = Request<HTTPBody>(method: .get, path: "/archive")
            async let onLoop = withTaskExecutorPreference(executor) {
                try await Self.read(client.send(request), checking: executor)
            }
            async let offLoop = Self.read(client.send(request), checking: executor)
            return try await (onLoop, offLoop)
        }
        #expect(onLoop.bytes == Self.archive)
        #expect(offLoop.bytes == Self.archive)
        #expect(onLoop.onLoop, "the caller under the executor read every chunk on its loop")
        #expect(!offLoop.onLoop)
        #expect(refreshes.withLock { $0 } == 1, "one refresh for both callers")
        #expect(server.requests.filter { $0.path == "/archive" && $0.header("Authorization") == "Bearer fresh" }.count == 2)
    }

    @Test("a caller on the loop joins a caller's call off it (coalescing), and a later call on the loop revalidates the cached answer (304)")
    func coalescingAndCacheAcrossExecutors() async throws {
        let gate = DispatchSemaphore(value: 0)
        let server = try TestServer()
        server.route(.get, "/catalog") { request in
            let tag = TestServer.Field(name: "ETag", value: #""v1""#)
            if request.header("If-None-Match") == #""v1""# { return TestServer.Response(status: 304, headers: [tag]) }
            _ = gate.wait(timeout: .now() + 20)  // held until both callers wait on this one request
            var response = TestServer.Response.json(#"{"items":"three"}"#)
            response.headers += [tag, .init(name: "Cache-Control", value: "no-cache")]
            return response
        }
        server.start()
        defer { server.stop() }
        let arrivals = Locked(0)
        let (first, joined, revalidated) = try await Self.withClient(
            server, wares: [HTTPCache(), Coalescing(), CountArrivals(count: arrivals)]
        ) { transport, client in
            let executor = transport.eventLoopExecutor()
            let request = Request<[String: String]>(method: .get, path: "/catalog")
            let first = Task { try await client.send(request) }
            try await Self.waitUntil { server.requestCount == 1 }
            let joined = Task(executorPreference: executor) { try await client.send(request) }
            try await Self.waitUntil { arrivals.withLock { $0 } == 2 }
            gate.signal()
            let values = try await (first.value, joined.value)
            let revalidated = try await withTaskExecutorPreference(executor) { try await client.send(request) }
            return (values.0, values.1, revalidated)
        }
        #expect(first == ["items": "three"])
        #expect(joined == first)
        #expect(revalidated == first)
        let asked = server.requests.filter { $0.path == "/catalog" }
        #expect(asked.count == 2, "the joined call sent nothing; the third revalidated")
        #expect(asked.last?.header("If-None-Match") == #""v1""#)
    }

    @Test("a streamed download retried after a 503 reads on the loop, whole")
    func retryOnTheLoop() async throws {
        let attempts = Locked(0)
        let server = try TestServer()
        server.route(.get, "/archive") { _ in
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            if attempt == 1 { return .json(#"{"error":"busy"}"#, status: 503) }
            return TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/octet-stream")], body: Self.archive)
        }
        server.start()
        defer { server.stop() }
        let read = try await Self.withClient(server, wares: [Retry(RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10)))]) { transport, client in
            let executor = transport.eventLoopExecutor()
            return try await withTaskExecutorPreference(executor) {
                try await Self.read(client.send(Request<HTTPBody>(method: .get, path: "/archive")), checking: executor)
            }
        }
        #expect(read.bytes == Self.archive)
        #expect(read.onLoop)
        #expect(attempts.withLock { $0 } == 2)
    }

    /// Waits until `condition` holds, up to 30 s: a guard against a hang, as the other suites'
    /// `promptly` is (10 s ran out twice at the start of a full run on a 2-core machine, while
    /// every suite starts at once and the generator's typechecks run swiftc beside them).
    private static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition did not hold within 30 s")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// Counts the calls that reach the coalescing ware.
private struct CountArrivals: Ware {
    var position: WarePosition { .before(.coalescing) }
    let count: Locked<Int>

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        count.withLock { $0 += 1 }
        return try await next(request, context)
    }
}
#endif
