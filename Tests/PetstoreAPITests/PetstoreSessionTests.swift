import Courier
import Foundation
import PetstoreAPI
import PetstoreServer
import Testing

/// The generated session scheme end to end: login, refresh on an expired token, session end.
@Suite struct PetstoreSessionTests {
    @Test func bearerWithRefreshEndToEnd() async throws {
        let server = try PetstoreServer()
        defer { server.stop() }
        let auth = Authenticator()
        let client = try Client(service: Petstore.service(.local).with(baseURL: server.baseURL), wares: [auth])
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: AddSignature()))
        var events = client.events().makeAsyncIterator()

        let tokens = try await petstore.login(username: PetstoreServer.username, password: PetstoreServer.password)
        try await auth.signIn(
            .bearer(tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: Date().addingTimeInterval(Double(tokens.expiresIn))),
            for: Petstore.AuthSchemes.session)
        try await auth.signIn(.apiKey(PetstoreServer.apiKey), for: Petstore.AuthSchemes.apiKey)
        #expect(try await petstore.listPets().count == 3)
        #expect(try await !petstore.petExport().isEmpty, "the apiKey scheme")

        server.expireAccessToken()
        #expect(try await petstore.listPets().count == 3, "refreshed and replayed")
        #expect(server.refreshCount == 1)
        #expect(try await auth.credentials(for: Petstore.AuthSchemes.session)?.token == server.accessToken)

        server.expireAccessToken()
        server.revokeRefreshTokens()
        let error = try #require(await thrownError { _ = try await petstore.listPets() } as? CourierError)
        #expect(error.kind == .refreshFailed)
        #expect(error.call?.endpoint == "listPets")
        // The refresh's own failure, the backend's envelope, is reachable typed through it.
        let refusal = try #require(error.serviceError(as: Petstore.ServiceError.self), "\(error)")
        guard case .apiError(let envelope) = refusal.body else { Issue.record("\(refusal.body)"); return }
        #expect(envelope.code == "BAD_REFRESH_TOKEN")
        guard case StandardEvent.sessionEnded? = await events.next() else { Issue.record("no sessionEnded"); return }
        #expect(try await auth.credentials(for: Petstore.AuthSchemes.session) == nil)
    }
}

/// Runs `body` and returns what it threw, or `nil`.
private func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
