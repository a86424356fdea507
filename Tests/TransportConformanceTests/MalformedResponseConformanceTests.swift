import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("Every transport turns a malformed response into a clear transport error")
struct MalformedResponseConformanceTests {
    @Test("a body shorter than its Content-Length is connectionLost", arguments: TransportUnderTest.allCases)
    func truncatedBody(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/cut") { _ in .truncated(body: Data(#"{"name":"Re"#.utf8), declaredLength: 200) }
        }) { _, client in
            await expectConnectionLost(Request<String>(method: .get, path: "/cut"), on: client)
        }
    }

    @Test("a body longer than its Content-Length is cut to it", arguments: TransportUnderTest.allCases)
    func contentLengthTooShort(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/short") { _ in HostileScripts.contentLengthTooShort } }) { _, client in
            let text = try await client.send(Request<String>(method: .get, path: "/short"))
            #expect(text == "hello")
        }
    }

    @Test("a connection closed without a response is connectionLost", arguments: TransportUnderTest.allCases)
    func closedWithoutResponse(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/drop") { _ in .closeWithoutResponse } }) { _, client in
            await expectConnectionLost(Request<String>(method: .get, path: "/drop"), on: client)
        }
    }

    // URLSession on Linux is left out: swift-corelibs-foundation ends the process here.
    @Test("a connection closed in the middle of the headers is connectionLost", arguments: TransportUnderTest.survivingClosedMidHeaders)
    func closedMidHeaders(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/half") { _ in HostileScripts.closedMidHeaders } }) { _, client in
            await expectConnectionLost(Request<String>(method: .get, path: "/half"), on: client)
        }
    }

    @Test("a chunk size that is not hexadecimal is a transport error", arguments: TransportUnderTest.allCases)
    func badChunkedEncoding(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/chunks") { _ in HostileScripts.badChunk } }) { _, client in
            let (error, _) = await failure(of: Request<String>(method: .get, path: "/chunks"), on: client)
            #expect(transportFailure(error) != nil)
        }
    }

    @Test("a header line of a megabyte is a transport error, promptly", arguments: TransportUnderTest.allCases)
    func hugeHeader(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/huge") { _ in HostileScripts.hugeHeader } }) { _, client in
            let (error, elapsed) = await failure(of: Request<String>(method: .get, path: "/huge"), on: client)
            #expect(transportFailure(error) != nil)
            #expect(elapsed < .seconds(30))
        }
    }

    @Test("a GET with a body is an invalid request, and nothing is sent", arguments: TransportUnderTest.allCases)
    func getWithBody(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/echo") { .echo($0) } }) { server, client in
            var request = Request<String>(method: .get, path: "/echo")
            request.body = .data(Data("x".utf8), contentType: "text/plain")
            let (error, _) = await failure(of: request, on: client)
            guard case .invalidRequest(.bodyNotAllowed(method: "GET"))? = (error as? CourierError)?.reason else {
                Issue.record("expected bodyNotAllowed, got \(String(describing: error))")
                return
            }
            #expect(server.requestCount == 0)
            // The transport refuses it too, whoever built the request.
            let prepared = PreparedRequest(
                http: .init(method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/echo"),
                body: .bytes(Data("x".utf8)), timeout: .seconds(5))
            let made = transport.make()
            let direct = await thrownError { _ = try await made.send(prepared, context: .testing()) }
            try? await TransportUnderTest.shutDown(made)
            guard case .invalidRequest(.bodyNotAllowed)? = (direct as? CourierError)?.reason else {
                Issue.record("expected bodyNotAllowed from the transport, got \(String(describing: direct))")
                return
            }
            #expect(server.requestCount == 0)
        }
    }
}

/// Expects `request` to end in ``TransportFailure/connectionLost(message:)``.
private func expectConnectionLost(
    _ request: Request<String>, on client: Client, sourceLocation: SourceLocation = #_sourceLocation
) async {
    let (error, _) = await failure(of: request, on: client)
    guard case .connectionLost? = transportFailure(error, sourceLocation: sourceLocation) else {
        Issue.record("expected connectionLost, got \(String(describing: error))", sourceLocation: sourceLocation)
        return
    }
}
