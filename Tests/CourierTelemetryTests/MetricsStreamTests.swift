import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import MetricsTestKit
import Testing

private struct Tick: Decodable, Sendable {
    var n: Int
}

@Suite("MetricsWare on streams: elements, their bytes, time to the first, reconnects")
struct MetricsStreamTests {
    @Test("an event stream that drops once: three elements, their data bytes, one reconnect, a first-element time per connection")
    func countsStream() async throws {
        let server = try TestServer()
        server.route(.get, "/ticks") { request in
            request.header("Last-Event-ID") == nil
                ? .raw([.chunkedHead(), .pause(.milliseconds(30)), .chunk("retry: 1\n\nid: 1\ndata: {\"n\":1}\n\n"), .lastChunk])
                : .raw([.chunkedHead(), .chunk("id: 2\ndata: {\"n\":2}\n\nid: 3\ndata: {\"n\":3}\n\ndata: [DONE]\n\n"), .lastChunk])
        }
        server.start()
        defer { server.stop() }
        let metrics = TestMetrics()
        let client = try Client(
            service: ServiceConfiguration(name: "feed", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [MetricsWare(factory: metrics)])
        var seen: [Int] = []
        let request = Request<HTTPBody>(method: .get, path: "/ticks", name: "ticks")
        for try await tick in client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]") { seen.append(tick.value.n) }
        #expect(seen == [1, 2, 3])

        let base = [("service", "feed"), ("endpoint", "ticks")]
        #expect(metrics.counterTotal(label: "courier_stream_elements", dimensions: base) == 3)
        // Each event's data is 7 bytes ({"n":1}); the terminator is not an element.
        #expect(metrics.counterTotal(label: "courier_stream_bytes", dimensions: base) == 21)
        #expect(metrics.counterTotal(label: "courier_stream_reconnects", dimensions: base) == 1)
        let first = try metrics.expectTimer("courier_stream_first_element", base)
        #expect(first.values.count == 2, "one per connection")
        #expect((first.values.first ?? 0) >= 30_000_000, "the first connection's event came after the server's 30 ms pause")
    }
}
