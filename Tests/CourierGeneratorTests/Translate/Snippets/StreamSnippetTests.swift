import CourierGenerator
import CourierSpec
import Testing

/// What `stream:` settings become in the generated client: `maximumElementSize` under the name
/// the runtime gives it for each format.
@Suite struct StreamSnippetTests {
    @Test func maximumElementSizeIsPassedUnderEachFormatsName() throws {
        let loaded = SpecLoader().load(source: """
            service: Feed
            baseURL: https://api.example.com
            models:
              Chunk: { delta: String }
              Joined: { user: String }
            endpoints:
              chat: { post: /chat, stream: { events: Chunk, terminator: "[DONE]", maximumElementSize: 64KB } }
              room: { get: /room, stream: { events: { joined: Joined }, maximumElementSize: 2048 } }
              logs: { get: /logs, stream: { lines: Chunk, idleTimeout: 30s, maximumElementSize: 1MB } }
              export: { get: /export, stream: { sequence: Chunk, maximumElementSize: 512B } }
              plain: { get: /plain, stream: { lines: Chunk } }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let client = try #require(files["snippet.Client.swift"])
        // One line each: the calls fit in 120 columns (longer ones are wrapped, see LineWrappingTests).
        for expected in [
            #"        return client.serverSentEvents(request, of: Feed.Chunk.self, terminator: "[DONE]", maximumEventSize: 65536)"#,
            "        return client.serverSentEvents(request, maximumEventSize: 2048) { event, data in",
            // 121 columns on one line, so wrapped.
            "        return try await client.jsonLines(\n            request,\n            of: Feed.Chunk.self,\n"
                + "            idleTimeout: .seconds(30),\n            maximumLineSize: 1048576\n        )",
            "        return try await client.jsonTextSequence(request, of: Feed.Chunk.self, maximumRecordSize: 512)",
            "        return try await client.jsonLines(request, of: Feed.Chunk.self)",
        ] {
            #expect(client.contains(expected + "\n"), "missing:\n\(expected)")
        }
    }
}
