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
        var options = MockOptions(port: 0, threads: 1)
        options.streamInterval = interval
        let server = try await MockServer.start(service: try MockService.load(specFiles: [Self.chatSpec]), options: options)
        let mock = MockHarness(server: server, lines: Locked([]))
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
