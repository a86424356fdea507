import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

/// A client logging to a fresh in-memory handler at `level`, against `server`.
private func loggingClient(
    _ server: TestServer, level: Logger.Level = .trace, configuration: RequestLogging.Configuration = .init(), wares: [any Ware] = []
) throws -> (Client, InMemoryLogHandler) {
    var handler = InMemoryLogHandler()
    handler.logLevel = level
    let logger = Logger(label: "logging-test") { [handler] _ in handler }
    let client = try Client(
        service: ServiceConfiguration(name: "log", baseURL: server.baseURL, timeout: .seconds(60)),
        wares: [RequestLogging(configuration)] + wares, logger: logger)
    return (client, handler)
}

private struct Session: Codable, Sendable { var user: String; var password: String; var token: String? }

@Suite("RequestLogging: lines for success, failure and cache hits, and no secret at any level")
struct RequestLoggingTests {
    @Test("a success logs 🚀 and ✅ with status, duration, bytes and source; a failure logs 🔥 with kind and reason")
    func lines() async throws {
        let server = try TestServer()
        server.route(.get, "/pets") { _ in .json(#"[{"id":1}]"#) }
        server.route(.get, "/missing") { _ in .text("nope", status: 404) }
        server.route(.get, "/bad") { _ in .json(#"{"id":"x"}"#) }
        server.start()
        defer { server.stop() }
        let (client, handler) = try loggingClient(server, level: .debug)
        _ = try await client.send(Request<[[String: Int]]>(method: .get, path: "/pets", name: "listPets"))
        _ = try? await client.send(Request<String>(method: .get, path: "/missing", name: "getMissing"))
        _ = try? await client.send(Request<[String: Int]>(method: .get, path: "/bad", name: "getBad"))
        let lines = handler.entries.map { "\($0.level) \($0.message)" }
        #expect(lines.count == 6)
        #expect(lines[0].hasPrefix("debug 🚀 GET http://127.0.0.1:") && lines[0].hasSuffix("/pets (listPets)"))
        #expect(lines[1].hasPrefix("info ✅ 200 OK listPets in ") && lines[1].hasSuffix(" ms, 10 bytes from network"))
        #expect(lines[3].hasPrefix("error 🔥 getMissing failed after ") && lines[3].hasSuffix("status: status 404 Not Found: nope"))
        #expect(lines[5].contains("🔥 getBad failed") && lines[5].contains("decoding: could not decode"), "decoding failures are seen")
        #expect(handler.entries.allSatisfy { $0.metadata["courier.endpoint"] != nil })
    }

    @Test("no secret appears at any level: headers, query items, JSON and form fields, cookies, cURL, error bodies")
    func redaction() async throws {
        let server = try TestServer()
        server.route(.post, "/login") { _ in
            TestServer.Response(
                status: 200, headers: [.init(name: "Set-Cookie", value: "sid=COOKIE-SECRET"), .init(name: "Content-Type", value: "application/json")],
                body: Data(#"{"user":"ada","password":"PASSWORD-SECRET","token":"TOKEN-SECRET"}"#.utf8))
        }
        server.route(.post, "/form") { _ in .json(#"{"refresh_token":"REFRESH-SECRET""#, status: 500) }  // cut short
        server.start()
        defer { server.stop() }
        var configuration = RequestLogging.Configuration()
        configuration.includesCurl = true
        configuration.sensitiveNames = ["pin"]
        let (client, handler) = try loggingClient(server, configuration: configuration)

        var login = Request<Session>(method: .post, path: "/login", name: "login")
        login.addQuery("api_key", "KEY-SECRET")
        login.addQuery("pin", "PIN-SECRET")
        login.addHeader("Authorization", "Bearer BEARER-SECRET")
        login.addHeader("Cookie", "sid=COOKIE2-SECRET")
        login.body = .json(Session(user: "ada", password: "PASSWORD-SECRET", token: "TOKEN-SECRET"))
        _ = try await client.send(login)

        var form = Request<String>(method: .post, path: "/form", name: "form")
        var fields = FormFields()
        fields.add("user", "ada")
        fields.add("password", "FORM-SECRET")
        form.body = .form(fields.items)
        let error = await thrownError { _ = try await client.send(form) }

        var everything = handler.entries.map { entry in
            "\(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        everything.append("\(String(describing: error))")
        let text = everything.joined(separator: "\n")
        for secret in ["BEARER", "KEY", "PIN", "PASSWORD", "TOKEN", "COOKIE", "COOKIE2", "FORM", "REFRESH"] {
            #expect(!text.contains("\(secret)-SECRET"), "\(secret) leaked:\n\(text)")
        }
        #expect(text.contains("curl -X POST"))
        #expect(text.contains("Authorization: <redacted>"))
        #expect(text.contains("api_key=<redacted>"))
        #expect(text.contains(#""user":"ada""#), "what is not secret is still shown")
        #expect(text.contains("user=ada&password=<redacted>"))
    }

    /// A finding of the redaction property (#28): the first call of a session logged its 🚀 and
    /// cURL lines before the ``Authenticator`` had loaded the credential, so a key the app also
    /// put in the query or a body (an echo field, a signed URL) showed there in full.
    @Test("the first call of a session: a credential repeated in the query and the body never shows in the start or cURL line")
    func credentialRepeatedOnFirstCall() async throws {
        let server = try TestServer()
        server.route(.post, "/echo") { _ in .json(#"{"ok":true}"#) }
        server.start()
        defer { server.stop() }
        var service = ServiceConfiguration(name: "log", baseURL: server.baseURL, timeout: .seconds(60))
        service.authSchemes = [AuthScheme(name: "partner", kind: .apiKeyHeader("X-Partner")), AuthScheme(name: "user", kind: .basic)]
        service.defaultAuthScheme = "partner"
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        var configuration = RequestLogging.Configuration()
        configuration.includesCurl = true
        let store = MemoryCredentialStore(["partner": .apiKey("PARTNERKEY9"), "user": .basic(username: "ada", password: "LOVELACE7")])
        let client = try Client(
            service: service, wares: [RequestLogging(configuration), Authenticator(store: store)],
            logger: Logger(label: "logging-test") { [handler] _ in handler })

        var keyed = Request<[String: Bool]>(method: .post, path: "/echo", name: "echoKey")
        keyed.addQuery("signature", "PARTNERKEY9")
        keyed.body = .json(["note": "PARTNERKEY9"])
        _ = try await client.send(keyed)
        var basic = Request<[String: Bool]>(method: .post, path: "/echo", name: "echoBasic")
        basic.authentication = .scheme("user")
        basic.addQuery("p", "LOVELACE7")
        basic.addHeader("X-Echo", Data("ada:LOVELACE7".utf8).base64EncodedString())
        _ = try await client.send(basic)

        let text = handler.entries.map { entry in
            "\(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }.joined(separator: "\n")
        #expect(text.contains("🚀 POST") && text.contains("curl -X POST"), "the lines under test were written:\n\(text)")
        for secret in ["PARTNERKEY9", "LOVELACE7", Data("ada:LOVELACE7".utf8).base64EncodedString()] {
            #expect(!text.contains(secret), "\(secret) leaked:\n\(text)")
        }
        #expect(server.requests.count == 2)
    }

    @Test("a cache hit is logged with its source")
    func cacheHit() async throws {
        let server = try TestServer()
        server.route(.get, "/pets") { _ in
            TestServer.Response(status: 200, headers: [.init(name: "Cache-Control", value: "max-age=60")], body: Data("[1]".utf8))
        }
        server.start()
        defer { server.stop() }
        let (client, handler) = try loggingClient(server, level: .info, wares: [HTTPCache()])
        var request = Request<[Int]>(method: .get, path: "/pets", name: "listPets")
        request.authentication = .none
        _ = try await client.send(request)
        _ = try await client.send(request)
        let successes = handler.entries.map(\.message.description).filter { $0.hasPrefix("✅") }
        #expect(successes.count == 2)
        #expect(successes[0].hasSuffix("from network"))
        #expect(successes[1].contains("from cache (age"))
    }
}
