import Testing
@testable import CourierSpec

/// What the validator says about `stream:`: element types, event names and keys that do not go
/// with a stream.
@Suite struct StreamCheckTests {
    /// The service and its models; `endpoints:` is line 7.
    private static let header = """
        service: Chat
        baseURL: https://api.example.com
        models:
          ChatChunk: { delta: String }
          RoomMessage: { text: String }
          RoomJoin: { user: String }

        """

    @Test func unknownTypesAreSuggested() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, stream: { events: ChatChunck } }
              b: { get: /b, stream: { events: { message: RoomMesage, joined: RoomJoin } } }
              c: { get: /c, stream: { lines: "[ChatChunk]" } }
            """) == [
            "8:35: error: unknown type 'ChatChunck' in the elements of the stream of endpoint 'a'; did you mean 'ChatChunk'?",
            "9:46: error: unknown type 'RoomMesage' in event 'message' of the stream of endpoint 'b'; did you mean 'RoomMessage'?",
        ])
    }

    @Test func emptyAndFileAreNoElements() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a: { get: /a, stream: { sequence: Empty } }
              b: { get: /b, stream: { events: { file: File } } }
            """) == [
            "8:37: error: the elements of the stream of endpoint 'a' cannot be 'Empty': each element of a stream is JSON, so name "
                + "a model or a JSON type",
            "9:43: error: event 'file' of the stream of endpoint 'b' cannot be 'File': each element of a stream is JSON, so name "
                + "a model or a JSON type",
        ])
    }

    @Test func eventNamesBecomeDistinctCases() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a:
                get: /a
                stream:
                  events: { room-joined: RoomJoin, room_joined: RoomJoin, unknown: RoomMessage, "1st": ChatChunk }
            """) == [
            "11:40: error: events 'room-joined' (line 11) and 'room_joined' of the stream of endpoint 'a' both become the "
                + "case 'roomJoined'",
            "11:63: error: event 'unknown' of the stream of endpoint 'a' would become the case `unknown`, which holds the "
                + "events the spec does not list; rename it",
            "11:85: error: event name '1st' cannot become a Swift name: it needs letters, and must not start with a digit",
        ])
    }

    @Test func oneDocumentKeysConflictWithAStream() {
        #expect(diagnostics(Self.header + """
            endpoints:
              a:
                get: /a
                response: ChatChunk
                cache: remoteOnly
                stream: { events: ChatChunk, terminator: "" }
            """) == [
            "10:15: error: endpoint 'a' has both `stream:` (line 12) and `response:`; the stream's elements are the "
                + "response, so remove `response:`",
            "11:12: error: endpoint 'a' has both `stream:` (line 12) and `cache:`; streams are never cached, so remove `cache:`",
            "12:46: error: `terminator` of the stream of endpoint 'a' is empty; write the data that ends the stream, such "
                + "as \"[DONE]\"",
        ])
    }
}
