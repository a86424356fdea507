import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

/// The cURL line of one call to `/pets` made with `authentication`, the service declaring a
/// bearer, a basic, a header API-key and a query API-key scheme, signed in to those in `store`;
/// and what the server received.
private func curlLine(
    _ authentication: Authentication, store: MemoryCredentialStore
) async throws -> (curl: String, received: TestServer.Request?) {
    let server = try TestServer()
    server.route(.get, "/pets") { _ in .json("[]") }
    server.start()
    defer { server.stop() }
    var service = ServiceConfiguration(name: "log", baseURL: server.baseURL, timeout: .seconds(60))
    service.authSchemes = [
        AuthScheme(name: "session", kind: .bearer),
        AuthScheme(name: "user", kind: .basic),
        AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner-Key")),
        AuthScheme(name: "legacy", kind: .apiKeyQuery("api_key")),
    ]
    service.defaultAuthScheme = "session"
    var handler = InMemoryLogHandler()
    handler.logLevel = .debug
    var configuration = RequestLogging.Configuration()
    configuration.includesCurl = true
    let client = try Client(
        service: service, transport: URLSessionTransport(), wares: [RequestLogging(configuration), Authenticator(store: store)],
        logger: Logger(label: "curl-test") { [handler] _ in handler })
    var request = Request<[Int]>(method: .get, path: "/pets", name: "listPets")
    request.authentication = authentication
    _ = try? await client.send(request)
    let curl = handler.entries.compactMap { $0.metadata["courier.curl"].map { "\($0)" } }
    #expect(curl.count == 1, "one cURL line per call")
    return (curl.first ?? "", server.requests.first)
}

private let signedIn = MemoryCredentialStore([
    "session": .bearer("BEARER-TOKEN-1"),
    "user": .basic(username: "ada", password: "LOVELACE-2"),
    "partner": .apiKey("PARTNER-KEY-3"),
    "legacy": .apiKey("LEGACY-KEY-4"),
])

@Suite("RequestLogging: the cURL line shows the credentials the authenticator sends, redacted, and only those")
struct RequestLoggingCurlTests {
    @Test("bearer: -H 'Authorization: <redacted>'")
    func bearer() async throws {
        let (curl, received) = try await curlLine(.service, store: signedIn)
        #expect(received?.header("Authorization") == "Bearer BEARER-TOKEN-1", "the call did send credentials")
        #expect(curl.contains("-H 'Authorization: <redacted>'"), "\(curl)")
        #expect(!curl.contains("BEARER-TOKEN-1"))
    }

    @Test("basic: -H 'Authorization: <redacted>'")
    func basic() async throws {
        let (curl, received) = try await curlLine(.scheme("user"), store: signedIn)
        #expect(received?.header("Authorization")?.hasPrefix("Basic ") == true)
        #expect(curl.contains("-H 'Authorization: <redacted>'"), "\(curl)")
        #expect(!curl.contains("LOVELACE-2") && !curl.contains("ada:"))
    }

    @Test("an API key in a header: -H '<its name>: <redacted>'")
    func apiKeyHeader() async throws {
        let (curl, received) = try await curlLine(.scheme("partner"), store: signedIn)
        #expect(received?.header("X-Partner-Key") == "PARTNER-KEY-3")
        #expect(curl.contains("-H 'X-Partner-Key: <redacted>'"), "\(curl)")
        #expect(!curl.contains("Authorization"), "\(curl)")
        #expect(!curl.contains("PARTNER-KEY-3"))
    }

    @Test("an API key in the query: the query item, its value redacted")
    func apiKeyQuery() async throws {
        let (curl, received) = try await curlLine(.scheme("legacy"), store: signedIn)
        #expect(received?.queryValues("api_key") == ["LEGACY-KEY-4"])
        #expect(curl.hasSuffix("/pets?api_key=<redacted>'"), "\(curl)")
        #expect(!curl.contains("Authorization"), "\(curl)")
        #expect(!curl.contains("LEGACY-KEY-4"))
    }

    @Test("no authentication, or no credentials to send: nothing about credentials")
    func none() async throws {
        let (anonymous, received) = try await curlLine(.none, store: signedIn)
        #expect(received?.header("Authorization") == nil)
        #expect(!anonymous.contains("Authorization") && !anonymous.contains("<redacted>"), "\(anonymous)")
        // Signed out: the call fails before it is sent, with no credentials to show.
        let (signedOut, sent) = try await curlLine(.service, store: MemoryCredentialStore())
        #expect(sent == nil)
        #expect(!signedOut.contains("Authorization") && !signedOut.contains("<redacted>"), "\(signedOut)")
    }
}
