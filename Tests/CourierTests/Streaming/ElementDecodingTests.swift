import Courier
import CourierTestServer
import Foundation
import Testing

/// A stream element that does not decode, from a service whose keys travel in `snake_case`: the
/// failure names the key as it is on the wire (`finish_reason`), as a whole body's does, for
/// every format and for an event union's cases; without `snakeCase`, keys stay as they are.
@Suite struct ElementDecodingTests {
    private struct Chunk: Decodable, Sendable {
        var delta: String
        var finishReason: String
    }

    /// An element lacking `finish_reason`, and one where it is a number.
    private static let missing = #"{"delta":"a"}"#
    private static let mistyped = #"{"delta":"a","finish_reason":7}"#

    /// A `200` with `body` as `contentType`.
    private static func answer(_ body: String, as contentType: String) -> TestServer.Response {
        TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: contentType)], body: Data(body.utf8))
    }

    /// The stream failure `body` ends with, the loop's elements discarded.
    private func failure(_ body: () async throws -> Void) async -> ElementDecodingFailure? {
        do {
            try await body()
            Issue.record("the stream ended without a failure")
        } catch let error as CourierError {
            if case .stream(.undecodableElement(let failure)) = error.reason { return failure }
            Issue.record("unexpected error \(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return nil
    }

    /// The loopback server with a route per format, each answering with `element` after a good one.
    private func withServer(_ element: String, keys: JSONCoding.KeyStrategy, _ body: (Client) async throws -> Void) async throws {
        let good = #"{"delta":"x","finish_reason":"stop"}"#
        try await withLoopback(routes: { server in
            server.route(.get, "/events") { _ in Self.answer("data: \(good)\n\ndata: \(element)\n\n", as: "text/event-stream") }
            server.route(.get, "/room") { _ in
                Self.answer("event: chunk\ndata: \(good)\n\nevent: chunk\ndata: \(element)\n\n", as: "text/event-stream")
            }
            server.route(.get, "/lines") { _ in Self.answer("\(good)\n\(element)\n", as: "application/jsonl") }
            server.route(.get, "/records") { _ in Self.answer("\u{1E}\(good)\n\u{1E}\(element)\n", as: "application/json-seq") }
        }, service: { $0.coding = JSONCoding(keyStrategy: keys) }) { _, client in
            try await body(client)
        }
    }

    @Test(arguments: [(missing, "finish_reason", #"missing key "finish_reason""#), (mistyped, "finish_reason", "expected String")])
    func everyFormatNamesTheWireKey(element: String, path: String, message: String) async throws {
        try await withServer(element, keys: .snakeCase) { client in
            let get = { (path: String) in Request<HTTPBody>(method: .get, path: path) }
            var failures: [ElementDecodingFailure?] = []
            failures.append(await failure {
                for try await _ in client.serverSentEvents(get("/events"), of: Chunk.self, reconnection: .disabled) {}
            })
            let decoder = client.service.coding.makeDecoder()
            failures.append(await failure {
                let union = client.serverSentEvents(get("/room"), reconnection: .disabled) { event, data in
                    try event == "chunk" ? decoder.decodeStreamElement(Chunk.self, from: data) : nil
                }
                for try await _ in union {}
            })
            failures.append(await failure { for try await _ in try await client.jsonLines(get("/lines"), of: Chunk.self) {} })
            failures.append(await failure {
                for try await _ in try await client.jsonTextSequence(get("/records"), of: Chunk.self) {}
            })
            #expect(failures.count == 4)
            for failure in failures {
                #expect(failure?.codingPath == path)
                #expect(failure?.message.hasPrefix(message) == true, "\(String(describing: failure?.message))")
                #expect(failure?.position.index == 1)
                #expect(failure.map { !"\($0)".contains("finishReason") } == true, "\(String(describing: failure))")
            }
        }
    }

    @Test func withoutSnakeCaseTheKeysStayAsDeclared() async throws {
        try await withServer(#"{"delta":"a"}"#, keys: .useDefaultKeys) { client in
            let failure = await failure {
                for try await _ in try await client.jsonLines(Request<HTTPBody>(method: .get, path: "/lines"), of: Chunk.self) {}
            }
            // The first line lacks `finishReason` too under default keys: it fails at element 0.
            #expect(failure?.codingPath == "finishReason")
            #expect(failure?.position.index == 0)
        }
    }
}
