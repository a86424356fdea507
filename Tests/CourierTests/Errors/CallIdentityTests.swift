import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// An error of a ware's own, with a payload the caller wants back.
private struct QuotaExceeded: Error, Equatable { var remaining: Int }

private struct QuotaGuard: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        throw QuotaExceeded(remaining: 0)
    }
}

/// Replays every failure once, so the failing attempt is the second.
private struct ReplayOnce: Ware {
    var position: WarePosition { .retry }
    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        do { return try await next(request, context) } catch {
            var again = context
            again.attempt += 1
            return try await next(request, again)
        }
    }
}

@Suite("Errors say which call failed")
struct CallIdentityTests {
    @Test("a status error names endpoint, method, redacted URL, attempt and kind, and says '404 Not Found'")
    func statusErrorIdentity() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/pets/7") { _ in .text("no such pet", status: 404) } },
            wares: [ReplayOnce()]
        ) { _, client in
            var request = Request<String>(method: .get, path: "/pets/{id}", name: "getPet")
            request.setPathParameter("id", to: 7)
            request.addQuery("expand", "owner")
            request.addQuery("api_key", "s3cr3t-key")
            request.addQuery("Access_Token", "tok-123")
            let error = try #require(await thrownError { _ = try await client.send(request) } as? CourierError)
            let call = try #require(error.call)
            #expect(error.kind == .status)
            #expect(call.endpoint == "getPet")
            #expect(call.method == .get)
            #expect(call.attempt == 2)
            #expect(call.url.hasSuffix("/pets/7?expand=owner&api_key=<redacted>&Access_Token=<redacted>"))
            #expect(call.url.hasPrefix("http://127.0.0.1:"))
            #expect(error.description.contains("404 Not Found"))
            #expect(error.description.contains("no such pet"))
            #expect(!error.description.contains("s3cr3t") && !error.description.contains("tok-123"))
            #expect(error.description.hasPrefix("getPet GET http://127.0.0.1:"))
        }
    }

    @Test("a ware's own error is reachable as itself, typed, with the call's identity around it")
    func wareErrorIsTyped() async throws {
        try await withLoopback(routes: { _ in }, wares: [QuotaGuard()]) { server, client in
            let error = try #require(await thrownError {
                _ = try await client.send(Request<String>(method: .post, path: "/orders", name: "createOrder"))
            } as? CourierError)
            #expect(error.kind == .ware)
            #expect(error.underlying(as: QuotaExceeded.self) == QuotaExceeded(remaining: 0))
            #expect(error.call?.endpoint == "createOrder")
            #expect(error.call?.method == .post)
            #expect(server.requestCount == 0)
        }
    }

    @Test("transport and invalid-request errors carry the identity too; invalid ones show the path template")
    func otherKindsCarryIdentity() async throws {
        try await withLoopback(routes: { _ in }) { _, client in
            let invalid = try #require(await thrownError {
                _ = try await client.send(Request<String>(method: .get, path: "/pets/{id}", name: "getPet"))
            } as? CourierError)
            #expect(invalid.kind == .invalidRequest)
            #expect(invalid.call?.endpoint == "getPet")
            #expect(invalid.call?.url.hasSuffix("/pets/{id}") == true)
        }
        let closed = try ClosedPort()
        defer { withExtendedLifetime(closed) {} }  // held until the test ends
        let url = closed.baseURL
        let client = try Client(service: ServiceConfiguration(name: "gone", baseURL: url, timeout: .seconds(5)))
        let error = try #require(await thrownError {
            _ = try await client.send(Request<String>(method: .delete, path: "/pets/1", name: "deletePet"))
        } as? CourierError)
        #expect(error.kind == .transport)
        #expect(error.call?.endpoint == "deletePet")
        #expect(error.call?.method == .delete)
        #expect(error.call?.attempt == 1)
    }

    @Test("wares can define kinds of their own")
    func customKinds() {
        let offline = CourierError.Kind("offline")
        let error = CourierError.other(offline, "the device is offline")
        #expect(error.kind == offline)
        #expect(error.kind != .transport)
        #expect(error.description == "the device is offline")
    }

    @Test("status phrases fall back to the standard ones when the server's phrase is not known")
    func phrases() {
        #expect(HTTPResponse.Status(code: 404).phrase == "Not Found")
        #expect(HTTPResponse.Status(code: 503).phrase == "Service Unavailable")
        #expect(HTTPResponse.Status(code: 599).phrase == "")
        #expect(HTTPResponse.Status(code: 404, reasonPhrase: "Gone Fishing").phrase == "Gone Fishing")
    }
}
