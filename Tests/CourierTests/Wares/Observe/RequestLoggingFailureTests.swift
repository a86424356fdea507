import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

/// A client logging everything (trace) to a fresh in-memory handler, against `baseURL`.
private func tracingClient(_ baseURL: URL) throws -> (Client, InMemoryLogHandler) {
    var handler = InMemoryLogHandler()
    handler.logLevel = .trace
    let client = try Client(
        service: ServiceConfiguration(name: "log", baseURL: baseURL, timeout: .seconds(60)),
        transport: URLSessionTransport(), wares: [RequestLogging()],
        logger: Logger(label: "logging-failure-test") { [handler] _ in handler })
    return (client, handler)
}

/// The lines logged about the outcome: everything but the 🚀 lines written before it was known.
private func outcomeLines(_ handler: InMemoryLogHandler) -> [String] {
    handler.entries.map(\.message.description).filter { !$0.hasPrefix("🚀") }
}

@Suite("RequestLogging: every line about a failed call's outcome starts with 🔥, at every level")
struct RequestLoggingFailureTests {
    @Test("a 500 answer: the 🔥 line and the trace line of its response both start with 🔥")
    func serverError() async throws {
        let server = try TestServer()
        server.route(.get, "/broken") { _ in .text("it broke", status: 500) }
        server.start()
        defer { server.stop() }
        let (client, handler) = try tracingClient(server.baseURL)
        let error = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/broken", name: "getBroken")) }
        #expect((error as? CourierError)?.status?.code == 500)
        let lines = outcomeLines(handler)
        #expect(lines.count == 2, "the failure and, at trace, the response:\n\(lines)")
        #expect(lines.contains { $0.hasPrefix("🔥 getBroken failed after ") })
        #expect(lines.contains { $0 == "🔥 response of getBroken" }, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("🔥") }, "\(lines)")
    }

    @Test("a 200 answer that does not decode: its trace response line starts with 🔥 too")
    func decodingFailure() async throws {
        let server = try TestServer()
        server.route(.get, "/odd") { _ in .json(#"{"id":"x"}"#) }
        server.start()
        defer { server.stop() }
        let (client, handler) = try tracingClient(server.baseURL)
        _ = await thrownError { _ = try await client.send(Request<[String: Int]>(method: .get, path: "/odd", name: "getOdd")) }
        let lines = outcomeLines(handler)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("🔥") }, "\(lines)")
    }

    @Test("a transport failure (connection refused): one 🔥 line, no ✅ anywhere")
    func transportFailure() async throws {
        let closed = try ClosedPort()  // refuses, and no other test's server can take it meanwhile
        let (client, handler) = try tracingClient(closed.baseURL)
        let error = await thrownError { _ = try await client.send(Request<String>(method: .get, path: "/gone", name: "getGone")) }
        #expect((error as? CourierError)?.kind == .transport)
        let lines = outcomeLines(handler)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.allSatisfy { $0.hasPrefix("🔥 getGone failed after ") }, "\(lines)")
        #expect(!handler.entries.contains { $0.message.description.contains("✅") })
    }
}
