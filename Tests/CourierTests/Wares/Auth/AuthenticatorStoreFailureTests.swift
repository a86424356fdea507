import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

/// A store on a disk that refuses every change (full, read-only, a keychain that is locked):
/// it reads what it holds but saves and removes nothing.
private final class RefusingStore: CredentialStore {
    private let held: TestLocked<[AuthSchemeName: Credentials]>
    init(_ held: [AuthSchemeName: Credentials]) { self.held = TestLocked(held) }
    func credentials(for scheme: AuthSchemeName) async throws -> Credentials? { held.withLock { $0[scheme] } }
    func save(_ credentials: Credentials, for scheme: AuthSchemeName) async throws {
        throw CredentialStoreError.unwritable(path: "/refusing", reason: "the disk refused")
    }
    func removeCredentials(for scheme: AuthSchemeName) async throws {
        throw CredentialStoreError.unwritable(path: "/refusing", reason: "the disk refused")
    }
    func removeAll() async throws {
        throw CredentialStoreError.unwritable(path: "/refusing", reason: "the disk refused")
    }
}

@Suite("Authenticator: a credential store that fails never keeps a user signed in, or out")
struct AuthenticatorStoreFailureTests {
    @Test("signOut with a store that cannot remove: the session still ends in memory and its cached answers go; the store's error is thrown after")
    func signOutEndsDespiteTheStore() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        auth.server.route(.get, "/profile") { request in
            var response = TestServer.Response.json(#"{"user":"\#(request.header("Authorization") ?? "none")"}"#)
            response.headers.append(TestServer.Field(name: "Cache-Control", value: "private, max-age=600"))
            return response
        }
        let authenticator = Authenticator(store: RefusingStore(["session": .bearer("access-1", identity: "alice")]))
        let cache = HTTPCache()
        var service = ServiceConfiguration(name: "auth", baseURL: auth.server.baseURL, timeout: .seconds(30))
        service.authSchemes = [AuthTestServer.session]
        service.defaultAuthScheme = "session"
        // A manual clock: the stored answer's age is exactly zero however slowly the run goes.
        let clock = ManualClock()
        let client = try Client(service: service, wares: [cache, authenticator], clock: clock, wallClock: clock.wallClock)
        let profile = Request<[String: String]>(method: .get, path: "/profile", name: "profile")
        #expect(try await client.send(profile) == ["user": "Bearer access-1"])
        #expect(try await client.response(for: profile).source == .cache(age: .zero))

        let error = await thrownError { try await authenticator.signOut() }
        #expect(error as? CredentialStoreError == .unwritable(path: "/refusing", reason: "the disk refused"))
        #expect(try await authenticator.credentials(for: "session") == nil, "signed out in memory")
        let after = await thrownError { _ = try await client.send(profile) }
        #expect((after as? CourierError)?.kind == .notSignedIn, "alice's answer is not served after she signed out")
        #expect(auth.server.requests.filter { $0.path == "/profile" }.count == 1)
    }

    @Test("a corrupt credentials file does not lock the user out: signIn replaces it and signOut clears it")
    func corruptFileRecovers() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-corrupt-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"session": {"token": "acc"#.utf8).write(to: url)

        let authenticator = Authenticator(store: FileCredentialStore(url: url))
        let client = try auth.client(authenticator)
        try await authenticator.signIn(.bearer("access-1", identity: "bob"), for: "session")
        #expect(try await client.send(dataRequest()) == ["ok": true])
        #expect(auth.dataRequests(carrying: "access-1") == 1)
        #expect(try await FileCredentialStore(url: url).credentials(for: "session") == .bearer("access-1", identity: "bob"))

        try Data("not json at all".utf8).write(to: url)
        try await Authenticator(store: FileCredentialStore(url: url)).signOut()
        #expect(try await FileCredentialStore(url: url).credentials(for: "session") == nil)
    }
}
