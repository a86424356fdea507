// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
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

    @Test("a send after shutdown() is a clear transport error")
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
}
#endif
