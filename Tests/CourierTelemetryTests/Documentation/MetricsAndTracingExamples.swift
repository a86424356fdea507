import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

/// The code blocks of `CourierTelemetry.docc/MetricsAndTracing.md`, compiled and run against the
/// loopback server of `telemetryServer()`: each test holds one block's lines, in order, then
/// checks what the article says about them.
@Suite("Documentation: Metrics and tracing")
struct MetricsAndTracingExamples {
    @Test("both wares on a client, recording through the bootstrapped systems")
    func bootstrapped() async throws {
        let server = try telemetryServer()
        defer { server.stop() }
        let service = ServiceConfiguration(name: "shop", baseURL: server.baseURL)
        let client = try Client(service: service, wares: [MetricsWare(), TracingWare()])
        let listPets = Request<[Int]>(method: .get, path: "/pets", name: "listPets")
        #expect(try await client.send(listPets) == [1, 2])
    }

    @Test("metrics through a factory of the test's own, read with MetricsTestKit")
    func metricsInATest() async throws {
        let server = try telemetryServer()
        defer { server.stop() }
        let service = ServiceConfiguration(name: "shop", baseURL: server.baseURL)
        let metrics = TestMetrics()
        let client = try Client(service: service, wares: [MetricsWare(factory: metrics), Retry(), HTTPCache()])
        _ = try await client.send(Request<[Int]>(method: .get, path: "/pets", name: "listPets"))
        let timer = try metrics.expectTimer("courier_call_duration", [
            ("service", "shop"), ("endpoint", "listPets"), ("method", "GET"), ("status", "2xx"),
        ])
        #expect(timer.values.count == 1)
    }

    @Test("a rejected status is a failed call, counted by kind; an accepted one is its status class")
    func rejectedAndAccepted() async throws {
        let server = try telemetryServer()
        defer { server.stop() }
        let service = ServiceConfiguration(name: "shop", baseURL: server.baseURL)
        let metrics = TestMetrics()
        let client = try Client(service: service, wares: [MetricsWare(factory: metrics)])
        var missing = Request<Data>(method: .get, path: "/missing", name: "getMissing")
        _ = try? await client.send(missing)
        #expect(try metrics.expectTimer("courier_call_duration", [
            ("service", "shop"), ("endpoint", "getMissing"), ("method", "GET"), ("status", "failed"),
        ]).values.count == 1)
        #expect(metrics.counterTotal(label: "courier_call_failures", dimensions: [
            ("service", "shop"), ("endpoint", "getMissing"), ("kind", "status"),
        ]) == 1)
        missing.acceptableStatus = StatusAcceptance(200...299, extra: [404])
        _ = try await client.send(missing)
        #expect(try metrics.expectTimer("courier_call_duration", [
            ("service", "shop"), ("endpoint", "getMissing"), ("method", "GET"), ("status", "4xx"),
        ]).values.count == 1)
    }

    @Test("one span per call, retries inside it, its context sent with every attempt")
    func tracing() async throws {
        let server = try telemetryServer()
        defer { server.stop() }
        let service = ServiceConfiguration(name: "shop", baseURL: server.baseURL)
        let tracer = InMemoryTracer()
        let client = try Client(service: service, wares: [TracingWare(tracer: tracer), Retry(RetryPolicy(baseDelay: .milliseconds(1)))])
        let flaky = Request<[Int]>(method: .get, path: "/flaky", name: "getFlaky")
        #expect(try await client.send(flaky) == [3])
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        #expect(span.operationName == "getFlaky")
        #expect(span.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        #expect(span.attributes["courier.endpoint"]?.toSpanAttribute() == .string("getFlaky"))
    }
}
