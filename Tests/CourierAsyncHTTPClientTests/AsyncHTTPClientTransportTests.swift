// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

// The cases every transport must pass run in TransportConformanceTests; these are the
// transport's own: its lifecycle.
@Suite("AsyncHTTPClientTransport's lifecycle")
struct AsyncHTTPClientTransportTests {
    private func server() throws -> TestServer {
        let server = try TestServer()
        server.route(.get, "/pet") { _ in .json(#"{"name":"Rex"}"#) }
        server.start()
        return server
    }

    @Test("a transport released without shutdown() shuts its client down itself, without a crash")
    func releasedWithoutShutdown() async throws {
        let server = try server()
        defer { server.stop() }
        try await sendOnce(to: server)
        // Both are gone now; the client's shutdown runs in the background. A client still up at
        // its deinit would trap here in a debug build.
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.requestCount == 1)
    }

    /// Sends one request with a transport and client that live only in this call.
    private func sendOnce(to server: TestServer) async throws {
        let transport = AsyncHTTPClientTransport()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        #expect(try await client.send(Request<String>(method: .get, path: "/pet")) == #"{"name":"Rex"}"#)
    }

    // A regression here hangs the call (no deadline runs for a task AsyncHTTPClient refused):
    // the time limit turns it into a failure.
    @Test("a send after shutdown() is a clear transport error", .timeLimit(.minutes(1)))
    func sendAfterShutdown() async throws {
        let server = try server()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        try await transport.shutdown()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        do {
            _ = try await client.send(Request<String>(method: .get, path: "/pet"))
            Issue.record("a shut-down transport sent a request")
        } catch let error as CourierError {
            #expect(error.kind == .transport)
            #expect(server.requestCount == 0)
        }
    }

    @Test("a call from a task already cancelled ends cancelled at once and sends nothing", .timeLimit(.minutes(1)))
    func alreadyCancelled() async throws {
        let server = try server()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        let url = try #require(URL(string: server.baseURL.absoluteString + "/pet"))
        for _ in 0..<20 {
            // The transport itself: a `Client` checks for cancellation before it gets there.
            let call = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                let request = PreparedRequest(http: HTTPRequest(method: .get, url: url), timeout: .seconds(30), maximumResponseSize: 1 << 20)
                return try await transport.send(request, context: TransportContext(endpoint: "GET /pet", timeout: .seconds(30)))
            }
            await #expect(throws: CancellationError.self) { _ = try await call.value }
        }
        // One sent after them all still goes out and is answered: nothing was left holding a loop.
        #expect(try await client.send(Request<String>(method: .get, path: "/pet")) == #"{"name":"Rex"}"#)
        #expect(server.requestCount == 1)
        try await transport.shutdown()
    }

    @Test(
        "shutdown() while calls are in flight and more are being sent ends every one of them promptly, none at its timeout",
        .timeLimit(.minutes(1)))
    func shutdownRacingSends() async throws {
        let server = try TestServer()
        server.route(.get, "/slow") { _ in TestServer.Response.json("{}").delayed(by: .seconds(3)) }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(60)), transport: transport)
        await PoolLatency.settle()  // timed against a bound: not while the run's start holds the pool
        let clock = ContinuousClock()
        let start = clock.now
        let ended = await withTaskGroup(of: Duration?.self) { group -> [Duration?] in
            // Calls sent before, around and after the shutdown: a call AsyncHTTPClient refuses
            // because its client is shutting down gets a task failed at once, without its
            // delegate being told, and must end all the same.
            for index in 0..<40 {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(5 * index))
                    do {
                        _ = try await client.send(Request<String>(method: .get, path: "/slow"))
                        return nil
                    } catch {
                        return clock.now - start
                    }
                }
            }
            try? await Task.sleep(for: .milliseconds(100))
            try? await transport.shutdown()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(ended.count == 40)
        // Each failed, long before its 60 s timeout (or the 3 s answer): the slack is for a
        // loaded machine.
        for end in ended {
            guard let end else {
                Issue.record("a call was answered although its transport shut down under it")
                continue
            }
            #expect(end < .seconds(2), "ended after \(end)")
        }
    }
}
#endif
