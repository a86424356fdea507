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
