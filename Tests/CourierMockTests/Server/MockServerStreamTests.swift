#if MockServer
@testable import CourierMock
import Courier
import Foundation
import PetstoreAPI
import Testing

/// courier-mock serving the stream samples of `Sources/PetstoreAPI/chat.courier.yaml` to the
/// generated `ChatClient`: each as its format's content type, chunked, one element per write,
/// `streamInterval` apart.
@Suite struct MockServerStreamTests {
    /// `Sources/PetstoreAPI/chat.courier.yaml`.
    static let chatSpec = URL(fileURLWithPath: MockHarness.petstoreSpec)
        .deletingLastPathComponent().appendingPathComponent("chat.courier.yaml").path

    /// Serves the chat spec with `interval` between stream elements and runs `body` with a client.
    private func withMock(interval: Duration, _ body: (MockHarness, ChatClient) async throws -> Void) async throws {
        let lines = Locked<[String]>([])
        var options = MockOptions(port: 0, threads: 1)
        options.streamInterval = interval
        options.log = { line in lines.withLock { $0.append(line) } }
        let server = try await MockServer.start(service: try MockService.load(specFiles: [Self.chatSpec]), options: options)
        let mock = MockHarness(server: server, lines: lines)
        do {
            var service = Chat.service(.local).with(baseURL: server.baseURL.appendingPathComponent("v1"))
            service.timeout = .seconds(60)
            try await body(mock, ChatClient(client: try Client(service: service, transport: URLSessionTransport())))
        } catch {
            try await mock.stop()
            throw error
        }
        try await mock.stop()
    }

    @Test func streamSamplesAreServedAsTypedStreams() async throws {
        try await withMock(interval: .zero) { _, chat in
            var deltas: [String] = []
            for try await chunk in chat.streamChat(body: Chat.ChatRequest(model: "m", prompt: "hi")) { deltas.append(chunk.value.delta) }
            #expect(deltas == ["Hel", "lo, ", "world"])

            var events: [Chat.RoomEventsEvent] = []
            for try await event in chat.roomEvents(id: "lobby") {
                events.append(event.value)
                if events.count == 4 { break }
            }
            #expect(events == [
                .joined(Chat.RoomJoin(user: "ada")),
                .message(Chat.RoomMessage(user: "ada", text: "hello")),
                .unknown(event: "typing", data: Data(#"{"user":"bob"}"#.utf8)),
                .left(Chat.RoomLeave(user: "ada", reason: "bye")),
            ])

            var messages: [String] = []
            for try await entry in try await chat.tailLogs(level: .info) { messages.append(entry.message) }
            #expect(messages == ["started", "disk at 91%", "lost the database"])

            var names: [String] = []
            for try await item in try await chat.exportItems() { names.append(item.name) }
            #expect(names == ["anchor", "buoy", "compass"])
        }
    }

    @Test func anEventStreamWithoutATerminatorPlaysOnceThenTheReconnectGets204() async throws {
        try await withMock(interval: .zero) { mock, chat in
            // `room.sse` has no IDs and no terminator: the mock numbers its events, the client
            // reconnects after the last one with `Last-Event-ID: 4`, and the mock ends the stream.
            var events: [DecodedServerSentEvent<Chat.RoomEventsEvent>] = []
            for try await event in chat.roomEvents(id: "lobby") { events.append(event) }
            #expect(events.map(\.value) == [
                .joined(Chat.RoomJoin(user: "ada")),
                .message(Chat.RoomMessage(user: "ada", text: "hello")),
                .unknown(event: "typing", data: Data(#"{"user":"bob"}"#.utf8)),
                .left(Chat.RoomLeave(user: "ada", reason: "bye")),
            ])
            #expect(events.map(\.id) == ["1", "2", "3", "4"])
            let statuses = mock.lines.withLock { $0 }.filter { $0.contains("/rooms/lobby/events") }.map { line in
                ["200", "204"].first { line.contains(" \($0) ") } ?? line
            }
            #expect(statuses == ["200", "204"])

            let path = "/v1/rooms/lobby/events"
            let resumed = try await mock.raw("GET", path, headers: ["Last-Event-ID": "2"])
            #expect(resumed.status == 200)
            #expect(String(decoding: resumed.body, as: UTF8.self) == """
                id: 3
                event: typing
                data: {"user":"bob"}

                id: 4
                event: left
                data: {"user":"ada","reason":"bye"}


                """)
            #expect(try await mock.raw("GET", path, headers: ["Last-Event-ID": "4"]).status == 204)
            // An ID the sample never sent: the whole sample again.
            let unknown = try await mock.raw("GET", path, headers: ["Last-Event-ID": "99"])
            #expect(String(decoding: unknown.body, as: UTF8.self).hasPrefix("id: 1\nevent: joined\n"))
        }
    }

    @Test func elementsArePacedAndChunked() async throws {
        try await withMock(interval: .milliseconds(300)) { mock, chat in
            let answer = try await mock.raw("GET", "/v1/logs")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "application/jsonl")
            #expect(answer.headers["content-length"] == nil)
            #expect(answer.body.split(separator: UInt8(ascii: "\n")).count == 3)

            // Three lines, two gaps of 300 ms between them.
            let clock = ContinuousClock()
            let start = clock.now
            var count = 0
            for try await _ in try await chat.tailLogs() { count += 1 }
            #expect(count == 3)
            #expect(clock.now - start >= .milliseconds(550))
        }
    }
}
#endif
