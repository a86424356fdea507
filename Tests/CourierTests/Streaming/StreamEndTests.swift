import Courier
import CourierTestServer
import Foundation
import Testing

private struct Tick: Decodable, Sendable, Equatable {
    var n: Int
}

/// A ware that adds an end watch to every stream connect and keeps what each was told.
private final class EndWatchingWare: Ware, @unchecked Sendable {
    // @unchecked: `_ends` is only touched under `lock`.
    private let lock = NSLock()
    private var _ends: [String] = []

    var ends: [String] { lock.withLock { _ends } }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var response = try await next(request, context)
        if request.streamConnection != nil {
            response.watchStream(StreamWatch(end: { [self] end in
                let word = switch end {
                case .finished: "finished"
                case .failed(let error): "failed \((error as? CourierError)?.kind.name ?? "\(error)")"
                case .cancelled: "cancelled"
                case .abandoned: "abandoned"
                }
                lock.withLock { _ends.append(word) }
            }))
        }
        return response
    }
}

@Suite("StreamWatch(end:): every connection a watch was added to tells it once how it ended")
struct StreamEndTests {
    @Test("finished: a 204 to an event stream's connect, a POST's event stream the server closes, a JSON Lines body's end")
    func finished() async throws {
        let watcher = EndWatchingWare()
        try await withLoopback(routes: { server in
            server.route(.get, "/none") { _ in .status(204) }
            server.route(.post, "/chat") { _ in .raw([.chunkedHead(), .chunk("data: {\"n\":1}\n\n"), .lastChunk]) }
            server.route(.get, "/lines") { _ in .raw([.chunkedHead(contentType: "application/x-ndjson"), .chunk("{\"n\":2}\n"), .lastChunk]) }
        }, wares: [watcher]) { _, client in
            var seen: [Int] = []
            for try await tick in client.serverSentEvents(Request(method: .get, path: "/none"), of: Tick.self) { seen.append(tick.value.n) }
            for try await tick in client.serverSentEvents(Request(method: .post, path: "/chat"), of: Tick.self) { seen.append(tick.value.n) }
            for try await line in try await client.jsonLines(Request(method: .get, path: "/lines"), of: Tick.self) { seen.append(line.n) }
            #expect(seen == [1, 2])
            #expect(watcher.ends == ["finished", "finished", "finished"])
        }
    }

    @Test("abandoned: a JSON Lines stream let go unread, and one left after its first line; each told once")
    func abandoned() async throws {
        let watcher = EndWatchingWare()
        try await withLoopback(routes: { server in
            server.route(.get, "/lines") { _ in
                .raw([.chunkedHead(contentType: "application/x-ndjson"), .chunk("{\"n\":1}\n{\"n\":2}\n"), .pause(.seconds(30)), .lastChunk])
            }
        }, wares: [watcher]) { _, client in
            _ = try await client.jsonLines(Request(method: .get, path: "/lines"), of: Tick.self)
            try await waitUntil { watcher.ends.count == 1 }
            #expect(watcher.ends == ["abandoned"])
            for try await line in try await client.jsonLines(Request(method: .get, path: "/lines"), of: Tick.self) {
                #expect(line.n == 1)
                break
            }
            try await waitUntil { watcher.ends.count == 2 }
            #expect(watcher.ends == ["abandoned", "abandoned"])
        }
    }
}
