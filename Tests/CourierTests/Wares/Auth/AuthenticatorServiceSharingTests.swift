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
        sessionService(name, at: server.server.baseURL)
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
            sessionService(name, at: server.server.baseURL)
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

// One authenticator given to a service's production client and then to its staging client (an
// app's environment switch) sent production's token to the staging server, and its refresh
// token to staging's refresh endpoint.
@Suite("Authenticator: one environment's credentials never reach another")
struct AuthenticatorEnvironmentTests {
    private static func service(_ baseURL: URL) -> ServiceConfiguration {
        sessionService("Shop", at: baseURL)
    }

    @Test("a client of the same service at another origin is refused when it is made; production's token never reaches it")
    func otherOriginRefused() async throws {
        let (production, staging) = (try AuthTestServer(), try AuthTestServer())
        defer { production.stop(); staging.stop() }
        let auth = Authenticator(store: MemoryCredentialStore())
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let productionClient = try Client(service: Self.service(production.server.baseURL), wares: [auth])

        var made: Client?
        let error = await thrownError { made = try Client(service: Self.service(staging.server.baseURL), wares: [auth]) }
        let refusal = try #require(error as? CourierError, "the staging client was made: \(String(describing: made))")
        #expect(refusal.kind == .invalidRequest)
        #expect(refusal.message.contains(":\(staging.server.port)") && refusal.message.contains(":\(production.server.port)"))
        if let made { _ = try? await made.send(dataRequest()) }
        #expect(staging.server.requests.isEmpty, "nothing of production's session went to staging")

        // Given as a request's own ware to a staging client made without it: failed before sending.
        let bare = try Client(service: Self.service(staging.server.baseURL))
        var request = dataRequest()
        request.wares = [auth]
        let perCall = await thrownError { _ = try await bare.send(request) }
        #expect((perCall as? CourierError)?.kind == .invalidRequest)
        #expect(staging.server.requests.isEmpty)

        #expect(try await productionClient.send(dataRequest()) == ["ok": true])
    }

    @Test("another path on the same origin is the same server; with the service in sharedAcross its environments share on purpose")
    func sameOriginAndDeliberateSharing() async throws {
        let (production, staging) = (try AuthTestServer(), try AuthTestServer())
        defer { production.stop(); staging.stop() }
        let auth = Authenticator(store: MemoryCredentialStore())
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        _ = try Client(service: Self.service(production.server.baseURL), wares: [auth])
        let versioned = production.server.baseURL.appendingPathComponent("v2")
        _ = try Client(service: Self.service(versioned), wares: [auth])

        let shared = Authenticator(store: MemoryCredentialStore(), sharedAcross: ["Shop"])
        try await shared.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let one = try Client(service: Self.service(production.server.baseURL), wares: [shared])
        let other = try Client(service: Self.service(staging.server.baseURL), wares: [shared])
        #expect(try await one.send(dataRequest()) == ["ok": true])
        #expect(try await other.send(dataRequest()) == ["ok": true])
        #expect(staging.dataRequests(carrying: "access-1") == 1)
    }

    @Test("switching environment: refused while production's client lives or its session is signed in; accepted once signed out and let go")
    func switchingEnvironment() async throws {
        let (production, staging) = (try AuthTestServer(), try AuthTestServer())
        defer { production.stop(); staging.stop() }
        staging.alsoAccept("staging-access")
        let auth = Authenticator(store: MemoryCredentialStore())
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        var productionClient: Client? = try Client(service: Self.service(production.server.baseURL), wares: [auth])
        #expect(try await productionClient?.send(dataRequest()) == ["ok": true])

        try await auth.signOut()
        let whileAlive = await thrownError { _ = try Client(service: Self.service(staging.server.baseURL), wares: [auth]) }
        #expect((whileAlive as? CourierError)?.kind == .invalidRequest, "production's client still lives")

        productionClient = nil
        try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "ada"), for: "session")
        let whileSignedIn = await thrownError { _ = try Client(service: Self.service(staging.server.baseURL), wares: [auth]) }
        #expect((whileSignedIn as? CourierError)?.kind == .invalidRequest, "production's session is still signed in")

        try await auth.signOut()
        let stagingClient = try Client(service: Self.service(staging.server.baseURL), wares: [auth])
        try await auth.signIn(.bearer("staging-access", refreshToken: "staging-refresh", identity: "ada"), for: "session")
        #expect(try await stagingClient.send(dataRequest()) == ["ok": true])
        #expect(staging.dataRequests(carrying: "access-1") == 0, "production's token never went to staging")
        let back = await thrownError { _ = try Client(service: Self.service(production.server.baseURL), wares: [auth]) }
        #expect((back as? CourierError)?.kind == .invalidRequest, "now staging owns the scheme")
    }
}

/// Service `name` at `baseURL`, with the test server's session scheme as the default.
private func sessionService(_ name: String, at baseURL: URL) -> ServiceConfiguration {
    var service = ServiceConfiguration(name: name, baseURL: baseURL, timeout: .seconds(30))
    service.authSchemes = [AuthTestServer.session]
    service.defaultAuthScheme = AuthTestServer.session.name
    return service
}
