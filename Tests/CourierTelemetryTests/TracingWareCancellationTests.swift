import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

@Suite("TracingWare: a cancelled call is told apart from a failed one")
struct TracingWareCancellationTests {
    @Test("a cancelled call: the span says cancelled, as MetricsWare's failure kind does, and is no error (status unset, no error.type)")
    func cancelledCall() async throws {
        let server = try TestServer()
        server.route(.get, "/slow") { _ in .json("[1]").delayed(by: .seconds(30)) }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        let client = try Client(
            service: ServiceConfiguration(name: "shop", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [MetricsWare(factory: metrics), TracingWare(tracer: tracer)])
        let task = Task { try await client.send(list("/slow", name: "slow")) }
        try await waitUntil { server.requestCount == 1 }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }

        let span = try #require(tracer.finishedSpans.first)
        #expect(span.string("courier.outcome") == "cancelled")
        #expect(span.status == nil, "OpenTelemetry: a caller's cancellation is not an error of the client span")
        #expect(span.string("error.type") == nil)
        #expect(span.errors.isEmpty)
        let failures = metrics.counterTotal(
            label: "courier_call_failures", dimensions: [("service", "shop"), ("endpoint", "slow"), ("kind", "cancelled")])
        #expect(failures == 1, "MetricsWare's word for it is the same")
    }
}
