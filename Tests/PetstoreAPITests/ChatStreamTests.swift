import Courier
import CourierTestServer
import Foundation
import PetstoreAPI
import Testing

/// The plugin-generated `ChatClient` (Sources/PetstoreAPI/chat.courier.yaml) against a real
/// loopback server: typed server-sent events up to the terminator, an event union by name with
/// its `unknown` case, JSON Lines and a JSON text sequence.
@Suite struct ChatStreamTests {
    /// Starts a server with `routes` and runs `body` with a generated client pointed at it.
    private func withChat(
        _ routes: (TestServer) -> Void, _ body: (TestServer, ChatClient) async throws -> Void
    ) async throws {
        let server = try TestServer()
        routes(server)
        server.start()
        defer { server.stop() }
        var service = Chat.service(.local).with(baseURL: server.baseURL)
        service.timeout = .seconds(60)
        let client = try Client(service: service, transport: URLSessionTransport())
        try await body(server, ChatClient(client: client))
    }

    /// One HTTP/1.1 chunk holding `text`.
    private static func httpChunk(_ text: String) -> TestServer.Response.Step {
        .text(String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n")
    }

    @Test func chatCompletionStreamsTypedChunksAndEndsAtDone() async throws {
        let events = [
            ": connected\r\n\r\n",
            "data: {\"id\":\"c1\",\"delta\":\"Hel\"}\r\n\r\n",
            "data: {\"id\":\"c1\",\"del",
            "ta\":\"lo\"}\r\n\r\ndata: {\"id\":\"c1\",\"delta\":\"!\",\"finish_reason\":\"stop\"}\r\n\r\n",
            "data: [DONE]\r\n\r\n",
            "data: {\"id\":\"c1\",\"delta\":\"after the end\"}\r\n\r\n",
        ]
        let script: [TestServer.Response.Step] =
            [.text("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")]
            + events.flatMap { [Self.httpChunk($0), .pause(.milliseconds(5))] } + [.text("0\r\n\r\n")]
        try await withChat({ $0.route(.post, "/chat/completions") { _ in .raw(script) } }) { server, chat in
            var chunks: [DecodedServerSentEvent<Chat.ChatChunk>] = []
            for try await chunk in chat.streamChat(body: Chat.ChatRequest(model: "m1", prompt: "Say hello")) {
                chunks.append(chunk)
            }
            #expect(chunks.map(\.value.delta) == ["Hel", "lo", "!"])
            #expect(chunks.map(\.value.finishReason) == [nil, nil, "stop"])
            let request = try #require(server.requests.first)
            #expect(server.requestCount == 1)
            #expect(request.header("Accept") == "text/event-stream")
            let sent = try JSONDecoder().decode(Chat.ChatRequest.self, from: request.body)
            #expect(sent.prompt == "Say hello")
        }
    }

    @Test func roomEventsDecodeByNameWithUnknownsKeptAndResumeWithLastEventID() async throws {
        let first = """
            retry: 10
            id: 1
            event: joined
            data: {"user":"ada"}

            id: 2
            data: {"user":"ada","text":"hello"}

            id: 3
            event: typing
            data: {"user":"bob"}


            """
        let second = """
            id: 4
            event: left
            data: {"user":"ada","reason":"bye"}


            """
        try await withChat({ server in
            server.route(.get, "/rooms/{id}/events") { request in
                // The first connect gets three events and a close; the reconnect resumes after
                // the last ID; the one after that is told the stream is over.
                let body: String? = switch request.header("Last-Event-ID") {
                case nil: first
                case "3": second
                default: nil
                }
                guard let body else { return .status(204) }
                return TestServer.Response(
                    status: 200, headers: [.init(name: "Content-Type", value: "text/event-stream")], body: Data(body.utf8))
            }
        }) { server, chat in
            var received: [DecodedServerSentEvent<Chat.RoomEventsEvent>] = []
            for try await event in chat.roomEvents(id: "lobby") { received.append(event) }
            #expect(received.map(\.value) == [
                .joined(Chat.RoomJoin(user: "ada")),
                .message(Chat.RoomMessage(user: "ada", text: "hello")),
                .unknown(event: "typing", data: Data(#"{"user":"bob"}"#.utf8)),
                .left(Chat.RoomLeave(user: "ada", reason: "bye")),
            ])
            #expect(received.map(\.id) == ["1", "2", "3", "4"])
            #expect(server.requests.map { $0.path } == ["/rooms/lobby/events", "/rooms/lobby/events", "/rooms/lobby/events"])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, "3", "4"])
        }
    }

    @Test func logsAreReadAsTypedJSONLines() async throws {
        let lines = """
            {"level":"info","message":"started"}
            {"level":"warning","message":"disk at 91%"}

            {"level":"panic","message":"an unknown level"}

            """
        try await withChat({ server in
            server.route(.get, "/logs") { _ in
                TestServer.Response(
                    status: 200, headers: [.init(name: "Content-Type", value: "application/x-ndjson")], body: Data(lines.utf8))
            }
        }) { server, chat in
            var entries: [Chat.LogEntry] = []
            for try await entry in try await chat.tailLogs(level: .warning) { entries.append(entry) }
            #expect(entries.map(\.message) == ["started", "disk at 91%", "an unknown level"])
            #expect(entries.map(\.level) == [.info, .warning, Chat.LogLevel(rawValue: "panic")])
            #expect(server.requests.first?.query == "level=warning")
            #expect(server.requests.first?.header("Accept") == "application/jsonl, application/x-ndjson")
        }
    }

    @Test func exportIsReadAsAJSONTextSequence() async throws {
        // RFC 7464: each record after RS; the truncated second one is skipped, as the RFC allows.
        let records = "\u{1E}{\"id\":1,\"name\":\"anchor\"}\n\u{1E}{\"id\":2,\"na\u{1E}{\"id\":3,\"name\":\"compass\"}\n"
        try await withChat({ server in
            server.route(.get, "/export") { _ in
                TestServer.Response(
                    status: 200, headers: [.init(name: "Content-Type", value: "application/json-seq")], body: Data(records.utf8))
            }
        }) { server, chat in
            var items: [Chat.ExportItem] = []
            for try await item in try await chat.exportItems() { items.append(item) }
            #expect(items == [Chat.ExportItem(id: 1, name: "anchor"), Chat.ExportItem(id: 3, name: "compass")])
            #expect(server.requests.first?.header("Accept") == "application/json-seq")
        }
    }

    @Test func anHTMLPageInsteadOfAStreamFails() async throws {
        try await withChat({ $0.route(.get, "/export") { _ in .html("<h1>Down for maintenance</h1>") } }) { _, chat in
            do {
                for try await _ in try await chat.exportItems() {}
                Issue.record("expected the export to fail")
            } catch let error as CourierError {
                guard case .stream(.unexpectedContentType) = error.reason else {
                    Issue.record("expected an unexpected content type, got \(error)")
                    return
                }
            }
        }
    }
}
