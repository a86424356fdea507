import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import MetricsTestKit
import Testing

@Suite("MetricsWare: timers and counters through a factory passed in (MetricsTestKit)")
struct MetricsWareTests {
    @Test("a timer per call with service, endpoint, method and status class; failures by kind; retries; cache outcomes")
    func recordsCalls() async throws {
        let server = try telemetryServer()
        defer { server.stop() }
        let metrics = TestMetrics()
        let client = try Client(
            service: ServiceConfiguration(name: "shop", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [MetricsWare(factory: metrics), Retry(RetryPolicy(baseDelay: .milliseconds(1))), HTTPCache()])
        _ = try await client.send(list("/pets", name: "listPets"))
        _ = try? await client.send(list("/missing", name: "getMissing"))
        _ = try? await client.send(list("/bad", name: "getBad"))
        _ = try await client.send(list("/flaky", name: "getFlaky"))
        _ = try await client.send(list("/cached", name: "getCached"))
        _ = try await client.send(list("/cached", name: "getCached"))

        let ok = try metrics.expectTimer("courier_call_duration", [
            ("service", "shop"), ("endpoint", "listPets"), ("method", "GET"), ("status", "2xx"),
        ])
        #expect(ok.values.count == 1)
        #expect((ok.values.first ?? 0) >= 20_000_000, "at least the server's 20 ms")
        #expect(try metrics.expectTimer("courier_call_duration", [
            ("service", "shop"), ("endpoint", "getMissing"), ("method", "GET"), ("status", "failed"),
        ]).values.count == 1)
        #expect(metrics.counterTotal(label: "courier_call_failures", dimensions: [
            ("service", "shop"), ("endpoint", "getMissing"), ("kind", "status"),
        ]) == 1)
        #expect(metrics.counterTotal(label: "courier_call_failures", dimensions: [
            ("service", "shop"), ("endpoint", "getBad"), ("kind", "decoding"),
        ]) == 1, "decoding failures are seen")
        #expect(metrics.counterTotal(label: "courier_call_retries", dimensions: [("service", "shop"), ("endpoint", "getFlaky")]) == 1)
        #expect(metrics.counterTotal(label: "courier_cache", dimensions: [
            ("service", "shop"), ("endpoint", "getCached"), ("outcome", "miss"),
        ]) == 1)
        #expect(metrics.counterTotal(label: "courier_cache", dimensions: [
            ("service", "shop"), ("endpoint", "getCached"), ("outcome", "hit"),
        ]) == 1)
    }
}
