import Testing
@testable import CourierSpec

/// `stream:` of an endpoint: the formats, the event union, terminator, reconnect and idle timeout.
@Suite struct StreamParsingTests {
    /// The service and its models; `endpoints:` is line 9.
    private static let header = """
        service: Chat
        baseURL: https://api.example.com
        models:
          ChatChunk: { delta: String }
          RoomMessage: { text: String }
          RoomJoin: { user: String }
          LogEntry: { message: String }
          Item: { id: Int }

        """

    @Test func eventsWithTerminatorReconnectAndIdleTimeout() throws {
        let parsed = try spec(Self.header + """
            endpoints:
              streamChat:
                post: /chat/completions
                stream:
                  events: ChatChunk
                  terminator: "[DONE]"
                  reconnect: false
                  idleTimeout: 60s
            """)
        let stream = try #require(parsed.endpoints.first?.stream)
        #expect(stream.format.value == .events)
        guard case .single(let type) = stream.elements else {
            Issue.record("expected one element type, found \(stream.elements)")
            return
        }
        #expect(type.value == .named("ChatChunk"))
        #expect(type.location.line == 13)
        #expect(stream.terminator?.value == "[DONE]")
        #expect(stream.reconnect?.value == false)
        #expect(stream.idleTimeout?.value == 60)
        #expect(stream.format.value.mediaType == "text/event-stream")
    }

    @Test func eventUnionKeepsFileOrder() throws {
        let parsed = try spec(Self.header + """
            endpoints:
              roomEvents:
                get: /rooms/{id}/events
                path: { id: String }
                stream:
                  events: { message: RoomMessage, joined: RoomJoin }
            """)
        let stream = try #require(parsed.endpoints.first?.stream)
        guard case .byEvent(let cases) = stream.elements else {
            Issue.record("expected an event union, found \(stream.elements)")
            return
        }
        #expect(cases.map(\.name.value) == ["message", "joined"])
        #expect(cases.map(\.type.value) == [.named("RoomMessage"), .named("RoomJoin")])
        #expect(stream.reconnect == nil)
        #expect(stream.terminator == nil)
    }

    @Test func linesAndSequenceInFlowStyle() throws {
        let parsed = try spec(Self.header + """
            endpoints:
              tailLogs: { get: /logs, stream: { lines: LogEntry } }
              exportItems: { get: /export, stream: { sequence: "[Item]" } }
            """)
        #expect(parsed.endpoints.map { $0.stream?.format.value } == [.lines, .sequence])
        #expect(parsed.endpoints.map { $0.stream?.elementTypes.map(\.value) } == [[.named("LogEntry")], [.array(.named("Item"))]])
        #expect(parsed.endpoints.map { $0.stream?.format.value.mediaType } == ["application/jsonl", "application/json-seq"])
        #expect(diagnostics(Self.header + """
            endpoints:
              tailLogs: { get: /logs, stream: { lines: LogEntry } }
            """) == [])
    }

    @Test func shapeMistakes() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, stream: ChatChunk }
              b: { get: /b, stream: { events: ChatChunk, lines: LogEntry } }
              c: { get: /c, stream: { terminator: "[DONE]" } }
              d: { get: /d, stream: { events: {} } }
              e: { get: /e, stream: { lines: { x: LogEntry } } }
              f: { get: /f, stream: { lines: LogEntry, terminator: "[DONE]", reconnect: false } }
              g: { get: /g, stream: { events: ChatChunk, reconnect: maybe, idleTimeout: soon, terminatr: x } }
            """) == [
            "10:25: error: `stream` of endpoint 'a' must be a mapping such as `{ events: ChatChunk }`, `{ lines: LogEntry }` "
                + "or `{ sequence: Item }`, found text",
            "11:46: error: `stream` of endpoint 'b' has both `events` and `lines`; a stream has one format: `events` "
                + "(Server-Sent Events), `lines` (JSON Lines) or `sequence` (JSON text sequence)",
            "12:25: error: `stream` of endpoint 'c' needs the element type under one of `events` (Server-Sent Events), "
                + "`lines` (JSON Lines) or `sequence` (JSON text sequence), such as `{ events: ChatChunk }`",
            "13:35: error: `events` of `stream` of endpoint 'd' needs at least one event name and its type, such as "
                + "`{ message: RoomMessage }`",
            "14:34: error: `lines` of `stream` of endpoint 'e' must be one type; only `events` can map event names to types",
            "15:44: error: `terminator` of `stream` of endpoint 'f' applies to server-sent events only; a JSON Lines stream "
                + "ends with its body",
            "15:66: error: `reconnect` of `stream` of endpoint 'f' applies to server-sent events only; a JSON Lines stream "
                + "has no standard way to resume",
            "16:57: error: `reconnect` of `stream` of endpoint 'g' must be `true` or `false`, found 'maybe'",
            "16:77: error: invalid duration 'soon' for `idleTimeout` of `stream` of endpoint 'g'; write seconds (30) or a "
                + "positive number with ms, s, m or h (500ms, 30s, 2m)",
            "16:83: warning: unknown key 'terminatr' in `stream` of endpoint 'g'; did you mean 'terminator'?",
        ])
    }

    @Test func misspelledStreamKeyIsSuggested() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, straem: { events: ChatChunk } }
            """) == ["10:17: warning: unknown key 'straem' in endpoint 'a'; did you mean 'stream'?"])
    }
}
