import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// Stream samples (`.sse`, `.jsonl`, `.json-seq`) of streaming endpoints: served with their
/// format's content type, each element checked against its model at the sample's line, naming
/// the element, its line in the file and the JSON path.
@Suite struct StreamSampleTranslationTests {
    /// The spec's first lines; its endpoints follow from line 13.
    private static let header = """
        courier: 1
        service: Feed
        baseURL: https://feed.example.com/v1
        models:
          Chunk:
            delta: String
            index: Int
          Joined: { user: String }
          Entry:
            level: Int
            message: String
        endpoints:

        """

    /// Writes `files` beside a spec of `header + endpoints`, loads and translates it.
    private func generate(_ endpoints: String, files: [String: String]) throws -> (files: [String: String], diagnostics: [String]) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, text) in files { try directory.write(name, text) }
        let specPath = directory.path + "/feed.courier.yaml"
        try directory.write("feed.courier.yaml", Self.header + endpoints)
        let loaded = SpecLoader().load(files: [specPath])
        let (generated, translated) = try Rendering.render(loaded.specs, readFile: { try Data(contentsOf: URL(fileURLWithPath: $0)) })
        let all = loaded.diagnostics + translated
        return (generated, all.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" })
    }

    @Test func validStreamSamplesAreEmbeddedWithTheirFormatsContentType() throws {
        let (files, diagnostics) = try generate("""
              chat:
                post: /chat
                stream: { events: Chunk, terminator: "[DONE]" }
                sample: samples/chat.txt
              room:
                get: /room
                stream: { events: { joined: Joined } }
                sample: samples/room.sse
              logs:
                get: /logs
                stream: { lines: Entry }
                sample: samples/logs.jsonl
              export:
                get: /export
                stream: { sequence: Chunk }
                sample: samples/export.json-seq
            """, files: [
                "samples/chat.txt": ": hello\r\ndata: {\"delta\":\"a\",\r\ndata: \"index\":0}\r\n\r\ndata: [DONE]\r\n\r\ndata: not json after the end\n\n",
                "samples/room.sse": "event: joined\ndata: {\"user\":\"ada\"}\n\nevent: typing\ndata: anything\n\n",
                "samples/logs.jsonl": "{\"level\":1,\"message\":\"a\"}\n\n{\"level\":2,\"message\":\"b\"}\n",
                "samples/export.json-seq": "\u{1E}{\"delta\":\"x\",\"index\":1}\n\u{1E}{\"delta\":\"y\",\"index\":2}\n",
            ])
        #expect(diagnostics == [])
        let samples = try #require(files["feed.Samples.swift"])
        #expect(samples.contains(#"ResponseSample(status: 200, headers: ["Content-Type": "text/event-stream"], body: chatSample)"#))
        #expect(samples.contains(#"ResponseSample(status: 200, headers: ["Content-Type": "application/jsonl"], body: logsSample)"#))
        #expect(samples.contains(#"ResponseSample(status: 200, headers: ["Content-Type": "application/json-seq"], body: exportSample)"#))
        // A stream without a sample is not taken for an endpoint answering `204`.
        #expect(!samples.contains("status: 204"))
    }

    @Test func elementsThatDoNotFitAreReportedWithTheirLineAndPath() throws {
        let (_, diagnostics) = try generate("""
              chat:
                post: /chat
                stream: { events: Chunk }
                sample: samples/chat.sse
              room:
                get: /room
                stream: { events: { joined: Joined } }
                sample: samples/room.sse
              logs:
                get: /logs
                stream: { lines: Entry }
                sample: samples/logs.jsonl
              export:
                get: /export
                stream: { sequence: Chunk }
                sample: samples/export.json-seq
            """, files: [
                "samples/chat.sse": "data: {\"delta\":\"a\",\"index\":0}\n\n: heartbeat\n\ndata: {\"delta\":\"b\",\"index\":\"1\"}\n\n",
                "samples/room.sse": "event: joined\ndata: {\"name\":\"ada\"}\n\n",
                "samples/logs.jsonl": "{\"level\":1,\"message\":\"a\"}\n{\"level\":2,\n",
                "samples/export.json-seq": "\u{1E}{\"delta\":\"x\",\"index\":1}\n\u{1E}\n{\"index\":2}\n",
            ])
        #expect(diagnostics == [
            "16:13: error: sample 'samples/chat.sse' (200) of endpoint 'chat', event 2 (line 5) does not fit Chunk: "
                + "at index: expected Int, found \"1\"",
            "20:13: error: sample 'samples/room.sse' (200) of endpoint 'room', event 1 (line 2) does not fit Joined: "
                + "at the top level: missing key 'user' of Joined",
            "24:13: error: sample 'samples/logs.jsonl' (200) of endpoint 'logs', line 2 (line 2) is not JSON: "
                + "unexpected end of file during JSON parse",
            "28:13: error: sample 'samples/export.json-seq' (200) of endpoint 'export', record 2 (line 2) does not fit Chunk: "
                + "at the top level: missing key 'delta' of Chunk",
        ])
    }

    @Test func elementsOverTheMaximumElementSizeAreReported() throws {
        let (_, diagnostics) = try generate("""
              chat:
                post: /chat
                stream: { events: Chunk, maximumElementSize: 30B }
                sample: samples/chat.sse
              logs:
                get: /logs
                stream: { lines: Entry, maximumElementSize: 40 }
                sample: samples/logs.jsonl
            """, files: [
                "samples/chat.sse": "data: {\"delta\":\"a\",\"index\":0}\n\ndata: {\"delta\":\"a longer one\",\"index\":1}\n\n",
                "samples/logs.jsonl": "{\"level\":1,\"message\":\"short\"}\n{\"level\":2,\"message\":\"rather longer than forty\"}\n",
            ])
        #expect(diagnostics == [
            "16:13: error: sample 'samples/chat.sse' (200) of endpoint 'chat', event 2 (line 3) holds 34 bytes, more than "
                + "the stream's `maximumElementSize` of 30 (line 15); the client would fail on it",
            "20:13: error: sample 'samples/logs.jsonl' (200) of endpoint 'logs', line 2 (line 2) holds 48 bytes, more than "
                + "the stream's `maximumElementSize` of 40 (line 19); the client would fail on it",
        ])
    }
}
