import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// Copies the request's `Idempotency-Key` into `X-Seen-Key`, so the server sees what an
/// observation ware (the outermost slot) saw.
private struct KeyWatcher: Ware {
    var position: WarePosition { .observation }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let key = HTTPField.Name("Idempotency-Key"), let seen = HTTPField.Name("X-Seen-Key") {
            request.http.headerFields[seen] = request.http.headerFields[key] ?? "none"
        }
        return try await next(request, context)
    }
}

@Suite("IdempotencyKey: one key per call, for requests that name its header")
struct IdempotencyKeyTests {
    @Test("setting the header adds the ware once; nil takes it out")
    func setterManagesTheWare() {
        var request = Request<Data>(method: .post, path: "/orders")
        request.idempotencyKeyHeader = "Idempotency-Key"
        request.idempotencyKeyHeader = "X-Request-Key"
        #expect(request.wares.count == 1 && request.wares.first is IdempotencyKey)
        #expect(request.idempotencyKeyHeader == "X-Request-Key")
        request.idempotencyKeyHeader = nil
        #expect(request.wares.isEmpty && request.idempotencyKeyHeader == nil)
    }

    @Test("the key is made before every other ware, observation included, and a key the caller set is kept")
    func outermostAndCallerKeyKept() async throws {
        try await withLoopback(routes: { $0.route(.post, "/orders") { .echo($0) } }, wares: [KeyWatcher()]) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/orders")
            request.idempotencyKeyHeader = "Idempotency-Key"
            let echo = try await client.send(request)
            let key = try #require(echo.header("Idempotency-Key"))
            #expect(UUID(uuidString: key) != nil)
            #expect(echo.header("X-Seen-Key") == key)

            request.addHeader("Idempotency-Key", "mine-1")
            #expect(try await client.send(request).header("Idempotency-Key") == "mine-1")
        }
    }

    @Test("keys differ between calls and clients even when the client's RandomSource is seeded or fixed (to pin jitter)")
    func keysAreUniqueWhateverTheRandomSource() async throws {
        var keys: [String] = []
        for random in [RandomSource.seeded(7), .seeded(7), RandomSource { 0 }] {
            try await withLoopback(routes: { $0.route(.post, "/orders") { .echo($0) } }, random: random) { _, client in
                var request = Request<TestServer.Echo>(method: .post, path: "/orders")
                request.idempotencyKeyHeader = "Idempotency-Key"
                for _ in 0..<2 { keys.append(try #require(try await client.send(request).header("Idempotency-Key"))) }
            }
        }
        // Two orders with one key are one order to the server: the second would be dropped.
        #expect(Set(keys).count == keys.count, "\(keys)")
    }

    @Test("an invalid header name fails the call as an invalid request, before anything is sent")
    func invalidHeaderName() async throws {
        try await withLoopback(routes: { $0.route(.post, "/orders") { .echo($0) } }) { server, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/orders")
            request.idempotencyKeyHeader = "Bad Name"
            let error = try #require(await thrownError { _ = try await client.send(request) } as? CourierError)
            guard case .invalidRequest(.invalidHeaderName("Bad Name")) = error.reason else {
                Issue.record("\(error.reason)")
                return
            }
            #expect(error.call?.method == .post)
            #expect(server.requestCount == 0)
        }
    }
}
