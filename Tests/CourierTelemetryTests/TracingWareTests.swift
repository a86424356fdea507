import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import Testing
import Tracing

@Suite("TracingWare: one client span per call, its context on the wire")
struct TracingWareTests {
    @Test("a span per call with HTTP attributes; the tracer's headers reach the server; failures mark the span")
    func spans() async throws {
        let server = try telemetryServer()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try Client(
            service: ServiceConfiguration(name: "shop", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [TracingWare(tracer: tracer)])
        var echo = Request<TestServer.Echo>(method: .get, path: "/echo", name: "echo")
        echo.addQuery("api_key", "SECRET")
        let seen = try await client.send(echo)
        _ = try? await client.send(list("/missing", name: "getMissing"))

        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["echo", "getMissing"])
        #expect(spans.allSatisfy { $0.kind == .client })
        let first = try #require(spans.first)
        #expect(first.attributes["http.request.method"]?.toSpanAttribute() == .string("GET"))
        #expect(first.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
        #expect(first.attributes["url.full"]?.toSpanAttribute() == .string("\(server.baseURL.absoluteString)/echo?api_key=<redacted>"))
        #expect(seen.header(InMemoryTracer.traceIDKey) == first.traceID, "the span's context travelled with the request")
        #expect(seen.header(InMemoryTracer.spanIDKey) == first.spanID)
        let failed = try #require(spans.last)
        #expect(failed.status?.code == .error)
        #expect(failed.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(404))
        #expect(failed.attributes["error.type"]?.toSpanAttribute() == .string("status"))
    }
}
