// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing

/// An API key sent as the query item `pk`, a name only the auth scheme makes sensitive.
private let partnerKey = "sk_live_SECRETVALUE123"

// URLSession's side of these cases is in CourierTests' SecretRedactionTests.
@Suite("AsyncHTTPClientTransport's errors keep no key and no URL")
struct AsyncHTTPClientSecretTests {
    /// A client on a fresh AsyncHTTPClient transport for `baseURL`, sending `partnerKey` as `pk`.
    private func partnerClient(_ baseURL: URL) throws -> (Client, AsyncHTTPClientTransport) {
        var service = ServiceConfiguration(name: "partner", baseURL: baseURL, timeout: .seconds(60))
        service.authSchemes = [AuthScheme(name: "partner", kind: .apiKeyQuery("pk"))]
        service.defaultAuthScheme = "partner"
        let transport = AsyncHTTPClientTransport()
        let auth = Authenticator(store: MemoryCredentialStore(["partner": .apiKey(partnerKey)]))
        return (try Client(service: service, transport: transport, wares: [auth]), transport)
    }

    /// What `client` threw for `GET path`; the transport is shut down whatever happened.
    private func failure(of client: Client, _ path: String, transport: AsyncHTTPClientTransport) async throws -> CourierError {
        let thrown: (any Error)?
        do {
            _ = try await client.send(Request<String>(method: .get, path: path))
            thrown = nil
        } catch {
            thrown = error
        }
        try await transport.shutdown()
        return try #require(thrown as? CourierError, "GET \(path) did not fail with a CourierError")
    }

    /// `error`, printed every way an app might print it, names neither the key nor its URL.
    private func expectNoKey(in error: CourierError, sourceLocation: SourceLocation = #_sourceLocation) {
        var dumped = ""
        dump(error, to: &dumped)
        let text = [
            error.description, error.message, "\(error)", String(reflecting: error), dumped,
            String(describing: error.reason), String(describing: error.underlying),
        ].joined(separator: "\n")
        #expect(!text.contains(partnerKey), "the key leaked:\n\(text)", sourceLocation: sourceLocation)
        #expect(text.components(separatedBy: "pk=").dropFirst().allSatisfy { $0.hasPrefix("<redacted>") }, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("a gzip body that does not inflate fails without the key in the error or its dump")
    func corruptGzip() async throws {
        let server = try TestServer()
        server.route(.get, "/zipped") { _ in
            TestServer.Response(
                status: 200, headers: [.init(name: "Content-Encoding", value: "gzip"), .init(name: "Content-Type", value: "application/json")],
                body: Data("this is not gzip at all, not even close".utf8))
        }
        server.start()
        defer { server.stop() }
        let (client, transport) = try partnerClient(server.baseURL)
        let error = try await failure(of: client, "/zipped", transport: transport)
        #expect(server.requests.first?.queryValues("pk") == [partnerKey], "the key went out")
        #expect(error.kind == .transport)
        expectNoKey(in: error)
    }

    @Test("a refused connection fails without the key in the error or its dump")
    func refusedConnection() async throws {
        let closed = try ClosedPort()  // refuses, and no other test's server can take it meanwhile
        defer { withExtendedLifetime(closed) {} }  // held until the test ends
        let (client, transport) = try partnerClient(closed.baseURL)
        let error = try await failure(of: client, "/any", transport: transport)
        #expect(error.kind == .transport)
        expectNoKey(in: error)
    }
}

#endif
