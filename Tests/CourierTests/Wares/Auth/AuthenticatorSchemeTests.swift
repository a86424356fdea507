import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Authenticator: schemes, stores and secrets")
struct AuthenticatorSchemeTests {
    /// A server that accepts basic `ada:lovelace`, the header `X-API-Key: k-123` or the query `api_key=k-123`.
    private func server() throws -> TestServer {
        let server = try TestServer()
        let basic = "Basic " + Data("ada:lovelace".utf8).base64EncodedString()
        server.route(.get, "/basic") { $0.header("Authorization") == basic ? .json("[1]") : .status(401) }
        server.route(.get, "/header") { $0.header("X-API-Key") == "k-123" ? .json("[2]") : .status(401) }
        server.route(.get, "/query") { $0.queryValues("api_key") == ["k-123"] && $0.queryValues("page") == ["2"] ? .json("[3]") : .status(401) }
        server.start()
        return server
    }

    @Test("basic, an API key header and an API key query item are each accepted by the server")
    func schemes() async throws {
        let server = try server()
        defer { server.stop() }
        let schemes = [
            AuthScheme(name: "basic", kind: .basic),
            AuthScheme(name: "keyHeader", kind: .apiKeyHeader("X-API-Key")),
            AuthScheme(name: "keyQuery", kind: .apiKeyQuery("api_key")),
        ]
        let auth = Authenticator()
        try await auth.signIn(.basic(username: "ada", password: "lovelace"), for: "basic")
        try await auth.signIn(.apiKey("k-123"), for: "keyHeader")
        try await auth.signIn(.apiKey("k-123"), for: "keyQuery")
        var service = ServiceConfiguration(name: "s", baseURL: server.baseURL, timeout: .seconds(60))
        service.authSchemes = schemes
        let client = try Client(service: service, wares: [auth])
        func call(_ path: String, _ scheme: AuthSchemeName) async throws -> [Int] {
            var request = Request<[Int]>(method: .get, path: path)
            request.authentication = .scheme(scheme)
            request.addQuery("page", 2)
            return try await client.send(request)
        }
        #expect(try await call("/basic", "basic") == [1])
        #expect(try await call("/header", "keyHeader") == [2])
        #expect(try await call("/query", "keyQuery") == [3])
        // A scheme the service does not declare is a clear error, and nothing is sent.
        let unknown = try #require(await thrownError { _ = try await call("/basic", "Basic") } as? CourierError)
        #expect(unknown.message.contains("no auth scheme 'Basic'"))
        #expect(server.requestCount == 3)
        // The API key never shows in an error's URL.
        let rejected = try #require(await thrownError {
            try await auth.signIn(.apiKey("wrong-key"), for: "keyQuery")
            _ = try await call("/query", "keyQuery")
        } as? CourierError)
        #expect(rejected.call?.url.contains("api_key=<redacted>") == true)
        #expect(!rejected.description.contains("wrong-key"))
    }

    @Test("an endpoint marked `none` goes without credentials; the default scheme applies otherwise")
    func noneAndDefault() async throws {
        let server = try TestServer()
        server.route(.get, "/echo") { .echo($0) }
        server.start()
        defer { server.stop() }
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("t-1")]))
        var service = ServiceConfiguration(name: "s", baseURL: server.baseURL, timeout: .seconds(60))
        service.authSchemes = [AuthScheme(name: "session", kind: .bearer)]
        service.defaultAuthScheme = "session"
        let client = try Client(service: service, wares: [auth])
        var open = Request<TestServer.Echo>(method: .get, path: "/echo")
        #expect(try await client.send(open).header("Authorization") == "Bearer t-1")
        open.authentication = .none
        #expect(try await client.send(open).header("Authorization") == nil)
    }

    @Test("the file store survives a new authenticator, is readable by its owner only, and a truncated file is a clear error")
    func fileStore() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("credentials.json")
        let expiry = Date(timeIntervalSince1970: 1_800_000_000)

        try await Authenticator(store: FileCredentialStore(url: url))
            .signIn(.bearer("a-1", refreshToken: "r-1", expiresAt: expiry, identity: "ada"), for: "session")
        let reopened = try await Authenticator(store: FileCredentialStore(url: url)).credentials(for: "session")
        #expect(reopened == .bearer("a-1", refreshToken: "r-1", expiresAt: expiry, identity: "ada"), "the session's identity is kept too")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["credentials.json", "credentials.json.lock"],
            "no temporary file left, only the lock file the changes take")

        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count / 2).write(to: url)
        let error = await thrownError { _ = try await FileCredentialStore(url: url).credentials(for: "session") }
        guard case .unreadable(let path, let reason)? = error as? CredentialStoreError else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(reason.contains("truncated or corrupted"))
        #expect(!"\(String(describing: error))".contains("a-1"))

        // Through a client the failure names the call, and the store's error stays reachable.
        let server = try TestServer()
        server.start()
        defer { server.stop() }
        var service = ServiceConfiguration(name: "s", baseURL: server.baseURL)
        service.authSchemes = [AuthScheme(name: "session", kind: .bearer)]
        service.defaultAuthScheme = "session"
        let client = try Client(service: service, wares: [Authenticator(store: FileCredentialStore(url: url))])
        let callError = try #require(await thrownError { _ = try await client.send(dataRequest()) } as? CourierError)
        #expect(callError.underlying(as: CredentialStoreError.self) != nil)
        #expect(callError.call?.endpoint == "data")
        #expect(server.requestCount == 0)
    }

    @Test("credentials never print their secrets")
    func credentialsPrintNoSecrets() {
        let credentials = Credentials(token: "tok-SECRET", refreshToken: "ref-SECRET", username: "ada", password: "pw-SECRET")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in ["\(credentials)", String(reflecting: credentials), dumped] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect("\(credentials)".contains("username: ada"))
    }
}
