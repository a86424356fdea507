import Courier
import CourierTestServer
import Foundation
import Testing

private struct Delta: Decodable, Sendable, Equatable {
    var index: Int
    var content: String
}

@Suite("Server-sent events streamed by a real server")
struct ServerSentEventsLoopbackTests {
    /// One HTTP/1.1 chunk holding `bytes`.
    private static func httpChunk(_ bytes: ArraySlice<UInt8>) -> TestServer.Response.Step {
        .send(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + Array("\r\n".utf8))
    }

    @Test("an OpenAI-style chat stream in HTTP chunks cut anywhere decodes to its deltas and ends at [DONE]")
    func chatStream() async throws {
        var text = ": connected\r\n\r\n"
        for index in 0..<40 {
            text += "id: \(index)\r\nevent: delta\r\ndata: {\"index\":\(index),\"content\":\"tök🎉\(index)\"}\r\n\r\n"
            if index % 10 == 9 { text += ": keep-alive\r\n\r\n" }
        }
        text += "data: [DONE]\r\n\r\ndata: {\"index\":99,\"content\":\"after the end\"}\r\n\r\n"
        let bytes = Array(text.utf8)
        // HTTP chunks of odd sizes, so events, CR LF pairs and UTF-8 characters are cut across them.
        var steps: [TestServer.Response.Step] = [
            .text("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n"),
        ]
        var start = 0
        var size = 1
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            steps.append(Self.httpChunk(bytes[start..<end]))
            if steps.count % 8 == 0 { steps.append(.pause(.milliseconds(5))) }
            start = end
            size = size % 97 + 13
        }
        steps.append(.text("0\r\n\r\n"))

        let script = steps
        try await withLoopback(routes: { $0.route(.get, "/chat") { _ in .raw(script) } }) { server, client in
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/chat"))
            #expect(body.isStream)
            var deltas: [DecodedServerSentEvent<Delta>] = []
            for try await delta in body.serverSentEvents(of: Delta.self, terminator: "[DONE]") {
                deltas.append(delta)
            }
            #expect(deltas.map(\.value) == (0..<40).map { Delta(index: $0, content: "tök🎉\($0)") })
            #expect(deltas.map(\.id) == (0..<40).map(String.init))
            #expect(deltas.allSatisfy { $0.event == "delta" })
            #expect(server.requestCount == 1)
        }
    }
}
