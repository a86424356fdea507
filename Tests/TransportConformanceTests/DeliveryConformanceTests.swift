import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

@Suite("Every transport delivers what a well-behaved server sends")
struct DeliveryConformanceTests {
    @Test("JSON comes back decoded, and the request went out as built", arguments: TransportUnderTest.allCases)
    func json(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.post, "/echo") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/echo")
            request.addHeader("X-Trace", "abc")
            request.body = .data(Data("hello".utf8), contentType: "text/plain")
            let echo = try await client.send(request)
            #expect(echo.method == "POST")
            #expect(echo.header("X-Trace") == "abc")
            #expect(echo.body == "hello")
        }
    }

    @Test("a 401 with WWW-Authenticate: Basic reaches the caller as a status error", arguments: TransportUnderTest.allCases)
    func basicChallenge(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/secret") { _ in .basicAuthChallenge(realm: "x") } }) { _, client in
            let (error, elapsed) = await failure(of: Request<String>(method: .get, path: "/secret"), on: client)
            let courierError = try #require(error as? CourierError)
            #expect(courierError.status == .unauthorized)
            #expect(courierError.response?.http.headerFields[.wwwAuthenticate] == #"Basic realm="x""#)
            // The service's timeout is 30 s: a transport that waited for it would end far later.
            #expect(elapsed < .seconds(30))
        }
    }

    @Test("a 304 reaches the caller as a response", arguments: TransportUnderTest.allCases)
    func notModified(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/cached") { _ in .status(304) } }) { _, client in
            var request = Request<Void>(method: .get, path: "/cached")
            request.acceptableStatus = StatusAcceptance(200...299, extra: [304])
            let response = try await client.response(for: request)
            #expect(response.http.status.code == 304)
        }
    }

    @Test("a gzip body within the limits arrives inflated", arguments: TransportUnderTest.allCases)
    func gzipWithinLimits(_ transport: TransportUnderTest) async throws {
        // Zeros compress about 160 times: allow that, as a real body of text never needs.
        try await withServer(transport, decompressionRatio: 1000, routes: {
            $0.route(.get, "/zeros") { _ in .gzipZeros(inflatedSize: 300_000) }
        }) { _, client in
            let body = try await client.send(Request<Data>(method: .get, path: "/zeros"))
            #expect(body.count == 300_000)
            #expect(body.allSatisfy { $0 == 0 })
        }
    }

    @Test("a gzip body with its Content-Length, streamed or written to a file, arrives inflated and whole", arguments: TransportUnderTest.allCases)
    func gzipStreamedAndToFile(_ transport: TransportUnderTest) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withServer(transport, decompressionRatio: 1000, routes: {
            $0.route(.get, "/zeros") { _ in .gzipZeros(inflatedSize: 300_000) }
        }) { _, client in
            let streamed = try await client.send(Request<HTTPBody>(method: .get, path: "/zeros"))
            let bytes = try await streamed.collect(upTo: 1 << 20)
            #expect(bytes.count == 300_000 && bytes.allSatisfy { $0 == 0 })
            let destination = directory.appendingPathComponent("zeros.bin")
            _ = try await client.send(Request(method: .get, path: "/zeros", decoding: .file(to: destination)))
            let written = try Data(contentsOf: destination)
            #expect(written.count == 300_000 && written.allSatisfy { $0 == 0 })
        }
    }

    @Test("1xx informational responses before the real one are skipped", arguments: TransportUnderTest.allCases)
    func informationalStorm(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/hints") { _ in HostileScripts.informationalStorm } }) { _, client in
            let text = try await client.send(Request<String>(method: .get, path: "/hints"))
            #expect(text == "ok")
        }
    }

    @Test("header bytes that are not UTF-8 do not cost the response", arguments: TransportUnderTest.allCases.filter { $0 != .urlSession })
    func nonUTF8Header(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/bytes") { _ in HostileScripts.nonUTF8Header } }) { _, client in
            let response = try await client.response(for: Request<String>(method: .get, path: "/bytes"))
            #expect(response.value == "ok")
            #expect(response.http.headerFields[.contentType] == "text/plain")
        }
    }

    #if canImport(FoundationNetworking)
    // swift-corelibs-foundation refuses a header line it cannot read as UTF-8 and fails the
    // whole transfer ("Failed writing header"): the best URLSession can do there is a clear error.
    @Test("URLSession on Linux: header bytes that are not UTF-8 are a clear transport error")
    func nonUTF8HeaderOnLinuxURLSession() async throws {
        try await withServer(.urlSession, routes: { $0.route(.get, "/bytes") { _ in HostileScripts.nonUTF8Header } }) { _, client in
            let (error, _) = await failure(of: Request<String>(method: .get, path: "/bytes"), on: client)
            #expect(transportFailure(error) != nil)
        }
    }
    #endif

    @Test("a port nobody listens on is cannotConnect, with no query value in the message", arguments: TransportUnderTest.allCases)
    func connectionRefused(_ transport: TransportUnderTest) async throws {
        let closed = try ClosedPort()  // refuses, and no other test's server can take it meanwhile
        defer { withExtendedLifetime(closed) {} }  // held until the test ends
        let made = transport.make()
        let client = try Client(
            service: ServiceConfiguration(name: "gone", baseURL: closed.baseURL, timeout: .seconds(60)), transport: made)
        var request = Request<String>(method: .get, path: "/")
        request.addQuery("api_key", "s3cret-key")
        let (error, _) = await failure(of: request, on: client)
        try? await TransportUnderTest.shutDown(made)
        guard case .cannotConnect? = transportFailure(error) else {
            Issue.record("expected cannotConnect, got \(String(describing: error))")
            return
        }
        let text = "\(try #require(error))"
        #expect(!text.contains("s3cret-key"))
        #expect(text.contains("api_key=<redacted>"))
        #expect(!text.contains("userInfo") && !text.contains("UserInfo"))
    }
}
