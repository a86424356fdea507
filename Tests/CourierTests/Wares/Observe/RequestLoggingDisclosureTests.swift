import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

/// Every message and metadata value `handler` kept.
private func disclosedText(_ handler: InMemoryLogHandler) -> String {
    handler.entries.map { entry in
        "\(entry.message) " + entry.metadata.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }.joined(separator: "\n")
}

/// The documented limits of redaction (``RequestLogging``'s "printed as it is" list): what is
/// not sensitive by name and not one of the call's secret values shows in the log, so that the
/// documentation claims no more than this.
@Suite("RequestLogging: what is printed as it is, as documented")
struct RequestLoggingDisclosureTests {
    @Test("path segments, fields under names not sensitive, text bodies and unsent tokens under other names are printed; sensitive names are not")
    func printedAsItIs() async throws {
        let server = try TestServer()
        server.route(.get, "/users/{id}") { _ in
            .json(#"{"jwt":"JWT-VALUE-1","access_token":"ACCESS-VALUE-2"}"#)
        }
        server.route(.get, "/notes") { _ in .text("plain NOTE-VALUE-3", status: 500) }
        server.start()
        defer { server.stop() }
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        var configuration = RequestLogging.Configuration()
        configuration.includesCurl = true
        let client = try Client(
            service: ServiceConfiguration(name: "log", baseURL: server.baseURL, timeout: .seconds(60)),
            transport: URLSessionTransport(), wares: [RequestLogging(configuration)],
            logger: Logger(label: "disclosure-test") { [handler] _ in handler })

        var user = Request<[String: String]>(method: .get, path: "/users/{id}", name: "getUser")
        user.setPathParameter("id", to: "PATH-VALUE-4")
        user.addHeader("X-Session", "SESSION-VALUE-5")
        user.addQuery("token", "QUERY-VALUE-6")
        _ = try await client.send(user)
        _ = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/notes", name: "getNotes")) }

        let text = disclosedText(handler)
        for printed in ["PATH-VALUE-4", "SESSION-VALUE-5", "JWT-VALUE-1", "NOTE-VALUE-3"] {
            #expect(text.contains(printed), "\(printed) is documented as printed:\n\(text)")
        }
        for redacted in ["QUERY-VALUE-6", "ACCESS-VALUE-2"] {
            #expect(!text.contains(redacted), "\(redacted) is documented as redacted:\n\(text)")
        }
        #expect(text.contains("🔥 getNotes failed") && text.contains("plain NOTE-VALUE-3"), "a failed call's text body is on its 🔥 line")
    }
}
