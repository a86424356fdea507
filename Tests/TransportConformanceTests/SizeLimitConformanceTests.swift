import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Every transport holds the body to the request's size limit, compressed or not")
struct SizeLimitConformanceTests {
    private func request(_ path: String, limit: Int) -> Request<Data> {
        var request = Request<Data>(method: .get, path: path)
        request.maximumResponseSize = limit
        // Roomy: the limit answers in milliseconds, but a fresh-clone CI run of 945 tests starved
        // the cooperative pool for over 20 s at its start and these timed out before the head.
        request.timeout = .seconds(60)
        return request
    }

    private func expectTooLarge(_ error: (any Error)?, sourceLocation: SourceLocation = #_sourceLocation) {
        let courierError = error as? CourierError
        #expect(courierError?.kind == .responseTooLarge, "got \(String(describing: error))", sourceLocation: sourceLocation)
    }

    // URLSession on Linux is left out: see `boundingMemoryUnderFlood`.
    @Test("an endless body at loopback speed fails once it passes the limit", arguments: TransportUnderTest.boundingMemoryUnderFlood)
    func endlessFlood(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/flood") { _ in HostileScripts.endlessBody(every: .zero) } }) { _, client in
            let (error, _) = await failure(of: request("/flood", limit: 1 << 20), on: client)
            guard case .responseTooLarge(let limit)? = transportFailure(error) else {
                Issue.record("expected .responseTooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == 1 << 20)
            expectTooLarge(error)
        }
    }

    @Test("an endless body at network speed fails once it passes the limit", arguments: TransportUnderTest.allCases)
    func endlessBody(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/stream") { _ in HostileScripts.endlessBody(every: .milliseconds(1)) }
        }) { _, client in
            let (error, _) = await failure(of: request("/stream", limit: 200_000), on: client)
            guard case .responseTooLarge(200_000)? = transportFailure(error) else {
                Issue.record("expected .responseTooLarge(200_000), got \(String(describing: error))")
                return
            }
            expectTooLarge(error)
        }
    }

    @Test("a Content-Length over the limit fails before the body is read", arguments: TransportUnderTest.allCases)
    func declaredTooLarge(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/huge") { _ in HostileScripts.declaring(length: 1 << 30) }
        }) { _, client in
            let (error, elapsed) = await failure(of: request("/huge", limit: 1 << 20), on: client)
            expectTooLarge(error)
            // The body never comes: only the declared length can have failed the call this soon.
            #expect(elapsed < .seconds(30))
        }
    }

    @Test("a HEAD or a 304 whose Content-Length (of the body it has not) is over the limit is answered, not refused", arguments: TransportUnderTest.allCases)
    func bodilessAnswersDeclaringALength(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route("HEAD", "/big") { _ in .raw([.text("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\nConnection: close\r\n\r\n")]) }
            server.route(.get, "/big") { _ in
                .raw([.text("HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\nContent-Length: 5000\r\nConnection: close\r\n\r\n")])
            }
        }) { _, client in
            var head = Request<Data>(method: .head, path: "/big")
            head.maximumResponseSize = 1_000
            let headResponse = try await client.response(for: head)
            #expect(headResponse.http.status.code == 200)
            #expect(headResponse.http.headerFields[.contentLength] == "5000")
            var revalidation = Request<Data>(method: .get, path: "/big")
            revalidation.maximumResponseSize = 1_000
            revalidation.acceptableStatus = StatusAcceptance(200...299, extra: [304])
            revalidation.addHeader("If-None-Match", "\"a\"")
            let notModified = try await client.response(for: revalidation)
            #expect(notModified.http.status.code == 304)
        }
    }

    @Test("a gzip bomb fails as too large, long before it is inflated", arguments: TransportUnderTest.allCases)
    func gzipBomb(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, decompressionRatio: 1000, routes: {
            $0.route(.get, "/bomb") { _ in .gzipZeros(inflatedSize: 64 << 20) }
        }) { _, client in
            let (error, _) = await failure(of: request("/bomb", limit: 4 << 20), on: client)
            expectTooLarge(error)
        }
    }

    #if AsyncHTTPClient
    @Test("AsyncHTTPClient refuses a body that inflates beyond its ratio")
    func decompressionRatio() async throws {
        try await withServer(.asyncHTTPClient, decompressionRatio: 20, routes: {
            $0.route(.get, "/bomb") { _ in .gzipZeros(inflatedSize: 8 << 20) }
        }) { _, client in
            let (error, _) = await failure(of: request("/bomb", limit: 64 << 20), on: client)
            guard case .compressionRatioExceeded(20)? = transportFailure(error) else {
                Issue.record("expected .compressionRatioExceeded(20), got \(String(describing: error))")
                return
            }
            expectTooLarge(error)
        }
    }
    #endif

    @Test("the service's default limit applies when the request sets none", arguments: TransportUnderTest.allCases)
    func serviceDefault(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/big") { _ in TestServer.Response(status: 200, body: Data(count: 300_000)) }
        }, service: { $0.maximumResponseSize = 200_000 }) { _, client in
            let (error, _) = await failure(of: Request<Data>(method: .get, path: "/big"), on: client)
            expectTooLarge(error)
            var generous = Request<Data>(method: .get, path: "/big")
            generous.maximumResponseSize = 400_000
            let body = try await client.send(generous)
            #expect(body.count == 300_000)
        }
    }
}
