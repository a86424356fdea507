import Courier
import CourierTestServer
import Foundation
import Testing

// One authenticator given to the clients of two services whose schemes have the same name
// (`bearerAuth`, what the OpenAPI importer names most APIs' scheme) kept one set of credentials
// for both: service B's calls carried A's token, and B's 401 sent A's refresh token to B.
@Suite("Authenticator: one service's credentials never reach another service")
struct AuthenticatorServiceSharingTests {
    /// The test server's service under `name`, with its session scheme as the default.
    private static func service(_ name: String, _ server: AuthTestServer) -> ServiceConfiguration {
        var service = ServiceConfiguration(name: name, baseURL: server.server.baseURL, timeout: .seconds(30))
        service.authSchemes = [AuthTestServer.session]
        service.defaultAuthScheme = AuthTestServer.session.name
        return service
    }

    @Test("a client of a second service whose scheme has the same name is refused when it is made; the first service's token never reaches it")
    func secondServiceRefused() async throws {
        let (first, second) = (try AuthTestServer(), try AuthTestServer())
        defer { first.stop(); second.stop() }
        let auth = Authenticator(store: MemoryCredentialStore())
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let firstClient = try Client(service: Self.service("First", first), wares: [auth])

        var made: Client?
        let error = await thrownError { made = try Client(service: Self.service("Second", second), wares: [auth]) }
        let refusal = try #require(error as? CourierError, "the second service's client was made: \(String(describing: made))")
        #expect(refusal.kind == .invalidRequest)
        #expect(refusal.message.contains("'Second'") && refusal.message.contains("'First'") && refusal.message.contains("'session'"))
        if let made { _ = try? await made.send(dataRequest()) }
        #expect(second.server.requests.isEmpty, "nothing of the first service's session went to the second")

        let value = try await firstClient.send(dataRequest())
        #expect(value == ["ok": true], "the first service still works")
        #expect(first.dataRequests(carrying: "access-1") == 1)
    }

    @Test("given as a request's own ware to another service's call, the authenticator fails the call before anything is sent")
    func requestWareRefused() async throws {
        let (first, second) = (try AuthTestServer(), try AuthTestServer())
        defer { first.stop(); second.stop() }
        let auth = Authenticator(store: MemoryCredentialStore())
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let firstClient = try Client(service: Self.service("First", first), wares: [auth])
        let secondClient = try Client(service: Self.service("Second", second))

        var request = dataRequest()
        request.wares = [auth]
        let error = await thrownError { _ = try await secondClient.send(request) }
        #expect((error as? CourierError)?.kind == .invalidRequest, "\(String(describing: error))")
        #expect(second.server.requests.isEmpty)
        let value = try await firstClient.send(dataRequest())
        #expect(value == ["ok": true])
    }

    @Test("two clients of one service share the authenticator, as before")
    func sameServiceShares() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore())
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let one = try Client(service: Self.service("Same", server), wares: [auth])
        let other = try Client(service: Self.service("Same", server), wares: [auth])
        let first = try await one.send(dataRequest())
        let second = try await other.send(dataRequest())
        #expect(first == ["ok": true] && second == ["ok": true])
        #expect(server.dataRequests(carrying: "access-1") == 2)
    }
}

@Suite("Authenticator: services named in sharedAcross share credentials on purpose")
struct AuthenticatorDeliberateSharingTests {
    @Test("two services named in sharedAcross both send the session's token; a third is still refused")
    func namedServicesShare() async throws {
        let (first, second) = (try AuthTestServer(), try AuthTestServer())
        defer { first.stop(); second.stop() }
        let auth = Authenticator(store: MemoryCredentialStore(), sharedAcross: ["Shop", "Uploads"])
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        func service(_ name: String, _ server: AuthTestServer) -> ServiceConfiguration {
            var service = ServiceConfiguration(name: name, baseURL: server.server.baseURL, timeout: .seconds(30))
            service.authSchemes = [AuthTestServer.session]
            service.defaultAuthScheme = "session"
            return service
        }
        let shop = try Client(service: service("Shop", first), wares: [auth])
        let uploads = try Client(service: service("Uploads", second), wares: [auth])
        let one = try await shop.send(dataRequest())
        let two = try await uploads.send(dataRequest())
        #expect(one == ["ok": true] && two == ["ok": true])
        #expect(first.dataRequests(carrying: "access-1") == 1 && second.dataRequests(carrying: "access-1") == 1)
        let error = await thrownError { _ = try Client(service: service("Other", second), wares: [auth]) }
        #expect((error as? CourierError)?.kind == .invalidRequest)
    }
}
