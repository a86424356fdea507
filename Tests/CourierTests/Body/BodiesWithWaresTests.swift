import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// `count` bytes as one-shot chunks of 1 KB, or as a sequence that starts over on each iteration.
private func upload(_ count: Int, replayable: Bool) -> RequestBody {
    let chunks = stride(from: 0, to: count, by: 1024).map { Data(repeating: 7, count: Swift.min(1024, count - $0)) }
    if replayable {
        return .stream(ReplayableChunks(chunks: chunks), length: count, replayable: true, contentType: "application/octet-stream")
    }
    let stream = AsyncStream<Data> { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
    }
    return .stream(stream, length: count, contentType: "application/octet-stream")
}

/// An array's elements as an `AsyncSequence` that starts over on each iteration.
private struct ReplayableChunks: AsyncSequence, Sendable {
    let chunks: [Data]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [Data]
        var index = 0
        mutating func next() async -> Data? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

private struct Received: Decodable, Equatable { var received: Int }

@Suite("Bodies where wares meet them: auth replays, coalescing and the cache")
struct BodiesWithWaresTests {
    @Test("a one-shot upload rejected for a stale token is not sent again; the token is renewed for the next call")
    func oneShotUploadAfterRefresh() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        var request = Request<Received>(method: .put, path: "/upload")
        request.body = upload(10_000, replayable: false)
        let error = try #require(await thrownError { _ = try await client.send(request) } as? CourierError)
        #expect(error.status == .unauthorized, "the 401 comes back: the body cannot be sent again")
        #expect(server.server.requests.filter { $0.path == "/upload" }.count == 1)
        #expect(server.refreshCount == 1, "the credentials were renewed anyway")
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(server.refreshCount == 1, "the next call used the renewed token")
    }

    @Test("a one-shot upload whose call failed before its body was read (a refresh that failed for now) is retried, whole")
    func unreadOneShotUploadRetried() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.failRefreshes(with: 503)
        server.refreshDelay = .zero
        let clock = ManualClock()
        let auth = Authenticator(store: MemoryCredentialStore([
            "session": .bearer("access-1", refreshToken: "refresh-1", expiresAt: clock.wallClock.now.addingTimeInterval(-1)),
        ]))
        var service = ServiceConfiguration(name: "auth", baseURL: server.server.baseURL, timeout: .seconds(30))
        service.authSchemes = [AuthTestServer.session]
        service.defaultAuthScheme = "session"
        let client = try Client(
            service: service, wares: [auth, Retry(RetryPolicy(baseDelay: .milliseconds(1)))], clock: clock, wallClock: clock.wallClock)
        var request = Request<Received>(method: .put, path: "/upload")
        request.body = upload(10_000, replayable: false)
        let call = Task { try await client.send(request) }
        #expect(await clock.waitForSleepers(1), "Retry waits: the expired token's refresh failed before anything was sent")
        server.failRefreshes(with: nil)
        clock.advance(by: .seconds(1))
        #expect(try await call.value == Received(received: 10_000))
        #expect(server.server.requests.filter { $0.path == "/upload" }.map(\.body.count) == [10_000])
        #expect(server.refreshCount == 2)
    }

    @Test("a replayable upload is sent again, whole, with the renewed token")
    func replayableUploadAfterRefresh() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "refresh-1")]))
        let client = try server.client(auth)
        var request = Request<Received>(method: .put, path: "/upload")
        request.body = upload(10_000, replayable: true)
        #expect(try await client.send(request) == Received(received: 10_000))
        let uploads = server.server.requests.filter { $0.path == "/upload" }
        #expect(uploads.map(\.body.count) == [10_000, 10_000])
        #expect(uploads.map { $0.header("Authorization") } == ["Bearer stale", "Bearer access-2"])
    }

    @Test("streamed responses are never shared by coalescing nor stored by the cache")
    func streamsBypassSharing() async throws {
        let cache = HTTPCache()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/feed") { _ in
                    TestServer.Response(status: 200, headers: [.init(name: "Cache-Control", value: "max-age=600")], body: Data(count: 50_000))
                        .delayed(by: .milliseconds(100))
                }
            },
            wares: [Coalescing(), cache]
        ) { server, client in
            async let first = client.send(Request<HTTPBody>(method: .get, path: "/feed"))
            async let second = client.send(Request<HTTPBody>(method: .get, path: "/feed"))
            let bodies = try await [first, second]
            for body in bodies { #expect(try await body.collect(upTo: 1 << 20).count == 50_000) }
            #expect(server.requestCount == 2, "each stream has its own call")

            let collected = try await client.response(for: Request<Data>(method: .get, path: "/feed"))
            #expect(collected.source == .network, "nothing was stored from the streams")
            #expect(server.requestCount == 3)
            let again = try await client.response(for: Request<Data>(method: .get, path: "/feed"))
            #expect(again.source != .network, "a collected answer is stored as usual")
        }
    }
}
