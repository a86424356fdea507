import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

private struct Chunk: Decodable, Sendable, Equatable {
    var text: String
}

/// A ware that keeps every note its watch is told of, and the connects it saw.
private final class WatchingWare: Ware, @unchecked Sendable {
    private let lock = NSLock()
    private var _notes: [StreamElementNote] = []
    private var _connections: [StreamConnection?] = []

    var notes: [StreamElementNote] { lock.withLock { _notes } }
    var connections: [StreamConnection?] { lock.withLock { _connections } }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        lock.withLock { _connections.append(request.streamConnection) }
        var response = try await next(request, context)
        response.watchStream(StreamWatch { [self] note in lock.withLock { _notes.append(note) } })
        return response
    }
}

@Suite("Streams tell the wares of each element, and refuse an answer that is not a stream")
struct StreamWatchTests {
    @Test("a ware's watch hears each event once it is read, with its connection across a reconnect; plain calls carry no stream connection")
    func watchAcrossReconnect() async throws {
        let watcher = WatchingWare()
        try await withLoopback(routes: { server in
            server.route(.get, "/chat") { request in
                request.header("Last-Event-ID") == nil
                    ? .raw([.chunkedHead(), .chunk("retry: 1\n\nid: 1\nevent: delta\ndata: {\"text\":\"a\"}\n\n"), .lastChunk])
                    : .raw([.chunkedHead(), .chunk("id: 2\ndata: {\"text\":\"b\"}\n\ndata: [DONE]\n\n"), .lastChunk])
            }
            server.route(.get, "/plain") { _ in .json(#"{"text":"c"}"#) }
        }, wares: [watcher]) { _, client in
            var seen: [String] = []
            for try await chunk in client.serverSentEvents(Request(method: .get, path: "/chat"), of: Chunk.self, terminator: "[DONE]") {
                seen.append(chunk.value.text)
            }
            _ = try await client.send(Request<Chunk>(method: .get, path: "/plain"))
            #expect(seen == ["a", "b"])
            let notes = watcher.notes
            #expect(notes.map(\.index) == [0, 0])
            #expect(notes.map(\.connection) == [0, 1])
            #expect(notes.map(\.event) == ["delta", nil])
            #expect(notes.map(\.id) == ["1", "2"])
            #expect(notes.map { String(decoding: $0.data, as: UTF8.self) } == [#"{"text":"a"}"#, #"{"text":"b"}"#])
            #expect(watcher.connections == [
                StreamConnection(format: .serverSentEvents, index: 0), StreamConnection(format: .serverSentEvents, index: 1), nil,
            ])
        }
    }

    @Test("RequestLogging logs each JSON line at trace, redacted, as it is read")
    func logsLinesRedacted() async throws {
        let (logger, handler) = traceLogger()
        try await withLoopback(routes: { server in
            server.route(.get, "/logs") { _ in
                .raw([.chunkedHead(contentType: "application/x-ndjson"),
                      .chunk(#"{"text":"one","password":"hunter2"}"# + "\n"), .chunk(#"{"text":"two"}"# + "\n"), .lastChunk])
            }
        }, service: { $0.redaction = Redaction(sensitiveNames: ["password"]) }, wares: [RequestLogging()], logger: logger) { _, client in
            var seen: [String] = []
            for try await line in try await client.jsonLines(Request(method: .get, path: "/logs"), of: Chunk.self) {
                seen.append(line.text)
                // Logged as it is read: the line just read is there, the next not yet.
                let logged = handler.entries.filter { $0.message.description.hasPrefix("🌊") }
                #expect(logged.count == seen.count)
            }
            #expect(seen == ["one", "two"])
            let lines = handler.entries.filter { $0.message.description.hasPrefix("🌊") }
            #expect(lines.map(\.level) == [.trace, .trace])
            #expect(lines.first?.message.description.contains("element 0") == true)
            let first = lines.first.flatMap { $0.metadata["courier.element"] }.map { "\($0)" } ?? ""
            #expect(first.contains("one"))
            #expect(first.contains("<redacted>"))
            #expect(!handler.entries.map { "\($0.message) \($0.metadata)" }.joined().contains("hunter2"))
        }
    }

    @Test("an event stream answered as an HTML page fails as an unexpected content type, without reconnecting")
    func refusesWrongContentType() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/events") { _ in
                .raw([.text("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 24\r\n\r\n<html>maintenance</html>")])
            }
        }) { server, client in
            var failure: (any Error)?
            do {
                for try await _ in client.serverSentEvents(Request(method: .get, path: "/events"), of: Chunk.self) {}
            } catch {
                failure = error
            }
            let error = try #require(failure as? CourierError)
            guard case .stream(.unexpectedContentType(let type, let expected)) = error.reason else {
                Issue.record("expected an unexpected content type, got \(error)")
                return
            }
            #expect(type == "text/html; charset=utf-8")
            #expect(expected == "text/event-stream")
            #expect(server.requestCount == 1)
        }
    }

    @Test("JSON Lines accepts the types in use (x-ndjson, jsonl, text/plain) and refuses an HTML page")
    func jsonLinesTypes() async throws {
        try await withLoopback(routes: { server in
            for (path, type) in [("/ndjson", "application/x-ndjson"), ("/jsonl", "application/jsonl"), ("/plain", "text/plain"), ("/html", "text/html")] {
                server.route(.get, path) { _ in .raw([.chunkedHead(contentType: type), .chunk(#"{"text":"x"}"# + "\n"), .lastChunk]) }
            }
        }) { _, client in
            for path in ["/ndjson", "/jsonl", "/plain"] {
                var count = 0
                for try await _ in try await client.jsonLines(Request(method: .get, path: path), of: Chunk.self) { count += 1 }
                #expect(count == 1, "\(path)")
            }
            await #expect(throws: CourierError.self) {
                _ = try await client.jsonLines(Request(method: .get, path: "/html"), of: Chunk.self)
            }
        }
    }
}
