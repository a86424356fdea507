import Testing
@testable import CourierSpec

/// `stream:` of an endpoint: the formats, the event union, terminator, reconnect, idle timeout and
/// the element size limit.
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

    @Test func maximumElementSizeTakesBytesKilobytesAndMegabytes() throws {
        let parsed = try spec(Self.header + """
            endpoints:
              a: { get: /a, stream: { events: ChatChunk, maximumElementSize: 64KB } }
              b: { get: /b, stream: { lines: LogEntry, maximumElementSize: 1MB } }
              c: { get: /c, stream: { sequence: Item, maximumElementSize: 4096 } }
              d: { get: /d, stream: { lines: LogEntry, maximumElementSize: 512 B } }
              e: { get: /e, stream: { lines: LogEntry } }
            """)
        #expect(parsed.endpoints.map { $0.stream?.maximumElementSize?.value } == [65_536, 1_048_576, 4096, 512, nil])
        #expect(parsed.endpoints.first?.stream?.maximumElementSize?.location.line == 10)
    }

    @Test func badMaximumElementSizesAreErrorsAtTheirValue() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, stream: { events: ChatChunk, maximumElementSize: 64kb } }
              b: { get: /b, stream: { lines: LogEntry, maximumElementSize: 0 } }
              c: { get: /c, stream: { lines: LogEntry, maximumElementSize: -1 } }
              d: { get: /d, stream: { lines: LogEntry, maximumElementSize: 1.5MB } }
              e: { get: /e, stream: { lines: LogEntry, maximumElementSize: 2048MB } }
              f: { get: /f, stream: { lines: LogEntry, maximumElementSize: 99999999999999999999999 } }
              g: { get: /g, stream: { lines: LogEntry, maximumElementSize: [1] } }
              h: { get: /h, stream: { lines: LogEntry, maximumLineSize: 1MB } }
            """) == [
            "10:66: error: invalid size '64kb' for `maximumElementSize` of `stream` of endpoint 'a'; write bytes (65536) "
                + "or a positive whole number with B, KB or MB (512B, 64KB, 1MB)",
            "11:64: error: invalid size '0' for `maximumElementSize` of `stream` of endpoint 'b'; write bytes (65536) "
                + "or a positive whole number with B, KB or MB (512B, 64KB, 1MB)",
            "12:64: error: invalid size '-1' for `maximumElementSize` of `stream` of endpoint 'c'; write bytes (65536) "
                + "or a positive whole number with B, KB or MB (512B, 64KB, 1MB)",
            "13:64: error: invalid size '1.5MB' for `maximumElementSize` of `stream` of endpoint 'd'; write bytes (65536) "
                + "or a positive whole number with B, KB or MB (512B, 64KB, 1MB)",
            "14:64: error: size '2048MB' for `maximumElementSize` of `stream` of endpoint 'e' is over the largest allowed, 1024MB",
            "15:64: error: size '99999999999999999999999' for `maximumElementSize` of `stream` of endpoint 'f' is over the "
                + "largest allowed, 1024MB",
            "16:64: error: `maximumElementSize` of `stream` of endpoint 'g' must be text, found a list",
            "17:44: warning: unknown key 'maximumLineSize' in `stream` of endpoint 'h'; did you mean 'maximumElementSize'? "
                + "(one key for events, lines and records)",
        ])
    }

    @Test func misspelledStreamKeyIsSuggested() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, straem: { events: ChatChunk } }
            """) == ["10:17: warning: unknown key 'straem' in endpoint 'a'; did you mean 'stream'?"])
    }
}
