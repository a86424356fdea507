import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

// The examples of `Sources/Courier/Courier.docc/Transports.md`, run against the loopback
// server. The article copies these lines verbatim (the documentation check finds them here).

/// The article's transports, namespaced away from other tests' types.
enum TransportDocs {
    /// Answers every request with its own body: the smallest transport there is.
    struct EchoTransport: Transport {
        func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
            RawResponse(http: HTTPResponse(status: .ok), body: request.body ?? .empty)
        }
    }

    /// Wraps another transport: a place to count, trace or fault-inject below every ware.
    struct CountingTransport: Transport {
        let base: any Transport
        let sent = Counter()
        func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
            sent.increment()
            context.logger.trace("sending \(request.http.method) attempt \(context.attempt), \(context.remaining) left")
            return try await base.send(request, context: context)
        }
    }

    /// A thread-safe count.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    static func routes(_ server: TestServer) {
        server.route(.get, "/reports/7") { _ in
            TestServer.Response(status: 302, headers: [.init(name: "Location", value: "/files/7.pdf")])
        }
        server.route(.get, "/files/7.pdf") { _ in .text(String(repeating: "%", count: 4_096)) }
        server.route(.get, "/slow") { _ in .stall }
    }
}

@Suite struct TransportsExamples {
    @Test func aTransportOfYourOwn() async throws {
        let client = try Client(
            service: ServiceConfiguration(name: "echo", baseURL: URL(string: "https://echo.example")!),
            transport: TransportDocs.EchoTransport())
        var request = Request<[String: String]>(method: .post, path: "/anything")
        request.body = .json(["hello": "world"])
        #expect(try await client.send(request) == ["hello": "world"])
    }

    @Test func wrappingATransport() async throws {
        try await withLoopback(routes: TransportDocs.routes) { _, loopback in
            let counting = TransportDocs.CountingTransport(base: URLSessionTransport())
            let client = try Client(service: loopback.service, transport: counting, wares: [Retry()])
            _ = try await client.send(Request<Data>(method: .get, path: "/reports/7"))
            #expect(counting.sent.value == 1)
        }
    }

    @Test func redirectsFollowedAndRefused() async throws {
        try await withLoopback(routes: TransportDocs.routes) { server, client in
            let followed = try await client.send(Request<Data>(method: .get, path: "/reports/7"))
            #expect(followed.count == 4_096)
            var refused: RawResponse?
            var request = Request<Data>(method: .get, path: "/reports/7")
            request.redirects = .refuse                                    // the 302 is not followed…
            do {
                _ = try await client.send(request)
            } catch let error as CourierError where error.kind == .status {
                refused = error.response                                   // …and fails the call, carrying the 302
            }
            request.acceptableStatus = StatusAcceptance(200...299, extra: [301, 302, 303, 307, 308])
            let redirect = try await client.raw(request)                   // unless the request accepts it
            let location = redirect.http.headerFields[.location]           // "/files/7.pdf": yours to follow
            #expect(refused?.status.code == 302)
            #expect(refused?.http.headerFields[.location] == "/files/7.pdf")
            #expect(redirect.status.code == 302)
            #expect(location == "/files/7.pdf")
            #expect(server.requests.map(\.path) == ["/reports/7", "/files/7.pdf", "/reports/7", "/reports/7"])
        }
    }

    @Test func limits() async throws {
        try await withLoopback(routes: TransportDocs.routes, service: { service in
            service.timeout = .seconds(30)                     // every request of the service…
            service.maximumResponseSize = 16 << 20             // …64 MB unless set
            service.redirects = .follow(upTo: 3)               // …10 unless set
        }) { _, client in
            var request = Request<Data>(method: .get, path: "/files/7.pdf")
            request.maximumResponseSize = 1_024                // this one may not be large
            var slow = Request<Data>(method: .get, path: "/slow")
            slow.timeout = .milliseconds(200)                  // the whole exchange, body included
            let tooLarge = await thrownError { _ = try await client.send(request) }
            #expect((tooLarge as? CourierError)?.kind == .responseTooLarge)
            let timedOut = await thrownError { _ = try await client.send(slow) }
            #expect((timedOut as? CourierError)?.kind == .transport)
            guard case .transport(.timedOut)? = (timedOut as? CourierError)?.reason else {
                Issue.record("not a timeout: \(String(describing: timedOut))")
                return
            }
        }
    }
}
