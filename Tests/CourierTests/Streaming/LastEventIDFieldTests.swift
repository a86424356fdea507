import Courier
import CourierTestServer
import Foundation
import Testing

private struct Tick: Decodable, Sendable, Equatable {
    var n: Int
}

/// An event stream whose last `id` is not a valid field value as sent (spaces around it, a
/// control character in it) still reconnects: `Last-Event-ID` goes out trimmed, or not at all.
@Suite("Last-Event-ID: what a reconnect sends for an id as the server wrote it")
struct LastEventIDFieldTests {
    @Test(
        "a reconnect after an id with spaces or tabs around it sends it trimmed; one with a control character goes without it",
        arguments: [("id:  7", "7"), ("id: 7 ", "7"), ("id:\t7\t", "7"), ("id: 7\u{7F}", nil), ("id: 7\u{01}x", nil)] as [(String, String?)])
    func reconnects(idLine: String, sent: String?) async throws {
        let served = Recorder<Int>()
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { _ in
                served.append(1)
                return served.all.count == 1
                    ? .raw([.chunkedHead(), .chunk("retry: 1\n\n\(idLine)\ndata: {\"n\":1}\n\n"), .lastChunk])
                    : .raw([.chunkedHead(), .chunk("data: {\"n\":2}\n\ndata: [DONE]\n\n"), .lastChunk])
            }
        }) { server, client in
            var seen: [Int] = []
            for try await tick in client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self, terminator: "[DONE]") {
                seen.append(tick.value.n)
            }
            #expect(seen == [1, 2])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, sent])
        }
    }

    @Test("a stream resumed from a saved id with a space after it sends it trimmed on its first connect")
    func resumesFromASavedID() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { request in
                request.header("Last-Event-ID") == "41"
                    ? .raw([.chunkedHead(), .chunk("id: 42\ndata: {\"n\":42}\n\ndata: [DONE]\n\n"), .lastChunk])
                    : .status(400)
            }
        }) { server, client in
            var request = Request<HTTPBody>(method: .get, path: "/ticks")
            request.addHeader("Last-Event-ID", "41 ")
            var seen: [Int] = []
            for try await tick in client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]") { seen.append(tick.value.n) }
            #expect(seen == [42])
            #expect(server.requestCount == 1)
        }
    }
}
