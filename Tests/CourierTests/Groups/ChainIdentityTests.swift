import Courier
import CourierTestServer
import Foundation
import Testing

/// A chain's steps are built from the answers before them; after an account switch between two
/// steps, the next step would run as the new user with what the old user's answers held.
@Suite("Chain: no step runs as another signed-in user")
struct ChainIdentityTests {
    private func publicRequest() -> Request<[String: Bool]> {
        var request = Request<[String: Bool]>(method: .get, path: "/public", name: "public")
        request.authentication = .none
        return request
    }

    @Test func anAccountSwitchBetweenStepsEndsTheChainBeforeTheNextStepIsSent() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.alsoAccept("access-bob")
        let auth = Authenticator(store: MemoryCredentialStore([
            "session": .bearer("access-1", refreshToken: "refresh-1", identity: "alice"),
        ]))
        let client = try server.client(auth)
        let chain = dataRequest().chain(named: "profile sync")
            .then("details") { _ in
                try await auth.signIn(.bearer("access-bob", refreshToken: "refresh-bob", identity: "bob"), for: "session")
                return dataRequest()
            }
        let error = await thrownError { _ = try await client.run(chain) }
        let failure = try #require(error as? CallGroupFailure, "\(String(describing: error))")
        #expect(failure.member == 1)
        #expect((failure.error as? CourierError)?.kind == .identityChanged, "\(failure.error)")
        #expect("\(failure.error)".contains("profile sync"))
        #expect(server.dataRequests(carrying: "access-1") == 1)
        #expect(server.dataRequests(carrying: "access-bob") == 0, "bob's call was never sent")
    }

    @Test func aSignOutBetweenStepsEndsTheChainAsNotSignedIn() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore([
            "session": .bearer("access-1", refreshToken: "refresh-1", identity: "alice"),
        ]))
        let client = try server.client(auth)
        let chain = dataRequest().chain()
            .then { _ in
                try await auth.signOut()
                return dataRequest()
            }
        let error = await thrownError { _ = try await client.run(chain) }
        let failure = try #require(error as? CallGroupFailure, "\(String(describing: error))")
        #expect((failure.error as? CourierError)?.kind == .notSignedIn, "\(failure.error)")
        #expect(server.server.requests.filter { $0.path == "/data" }.count == 1)
    }

    @Test func aChainMayStartAnonymousSignInAndGoOnAsThatUser() async throws {
        let server = try AuthTestServer()
        defer { server.stop() }
        server.server.route(.get, "/public") { _ in .json(#"{"ok":true}"#) }
        let auth = Authenticator(store: MemoryCredentialStore())
        let client = try server.client(auth)
        let chain = publicRequest().chain()
            .then { _ in
                try await auth.signIn(.bearer("access-1", refreshToken: "refresh-1", identity: "alice"), for: "session")
                return dataRequest()
            }
            .then { _, _ in dataRequest() }
        let (first, second, third) = try await client.run(chain)
        #expect(first == ["ok": true] && second == ["ok": true] && third == ["ok": true])
        #expect(server.dataRequests(carrying: "access-1") == 2)
    }
}
