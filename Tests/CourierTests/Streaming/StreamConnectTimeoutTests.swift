import Courier
import CourierTestServer
import Foundation
import Testing

private struct Line: Decodable, Sendable, Equatable {
    var n: Int
}

@Suite("A stream's connect timeout bounds each attempt's wait for the head, inside the pipeline")
struct StreamConnectTimeoutTests {
    @Test("a connect whose head does not come in time is retried by Retry, like any call that timed out")
    func retriedAfterTimeout() async throws {
        let hits = Locked(0)
        try await withLoopback(routes: { server in
            server.route(.get, "/logs") { _ in
                let attempt = hits.withLock { count in
                    count += 1
                    return count
                }
                if attempt == 1 { return .stall }
                return .raw([.chunkedHead(contentType: "application/x-ndjson"), .chunk(#"{"n":1}"# + "\n"), .lastChunk])
            }
        }, wares: [Retry(RetryPolicy(baseDelay: .milliseconds(20)))]) { _, client in
            var request = Request<HTTPBody>(method: .get, path: "/logs")
            request.timeout = .milliseconds(400)
            var lines: [Line] = []
            for try await line in try await client.jsonLines(request, of: Line.self) { lines.append(line) }
            #expect(lines == [Line(n: 1)])
            #expect(hits.withLock { $0 } == 2)
        }
    }

    @Test("without Retry the timeout ends the connect, naming the request's timeout")
    func timesOutWithoutRetry() async throws {
        try await withLoopback(routes: { $0.route(.get, "/logs") { _ in .stall } }) { _, client in
            var request = Request<HTTPBody>(method: .get, path: "/logs")
            request.timeout = .milliseconds(300)
            let started = ContinuousClock.now
            let error = await #expect(throws: CourierError.self) {
                for try await _ in try await client.jsonLines(request, of: Line.self) {}
            }
            guard case .transport(.timedOut(after: .milliseconds(300)))? = error?.reason else {
                Issue.record("not the connect timeout: \(String(describing: error))")
                return
            }
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }
}
