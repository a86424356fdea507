import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import Testing
import Tracing

@Suite("TracingWare: a client span's status and error.type as OpenTelemetry's HTTP conventions say")
struct TracingWareStatusTests {
    @Test("an accepted 4xx or 5xx marks the client span as an error with the status code as error.type; a 2xx leaves it unset")
    func acceptedErrorStatuses() async throws {
        let server = try TestServer()
        server.route(.get, "/gone") { _ in .json("[]", status: 410) }
        server.route(.get, "/down") { _ in .json("[]", status: 503) }
        server.route(.get, "/ok") { _ in .json("[1]") }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try Client(
            service: ServiceConfiguration(name: "shop", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [TracingWare(tracer: tracer)])
        for (path, code) in [("/gone", 410), ("/down", 503)] {
            var request = list(path, name: String(path.dropFirst()))
            request.acceptableStatus = StatusAcceptance(200...299, extra: [code])
            #expect(try await client.send(request) == [])
        }
        #expect(try await client.send(list("/ok", name: "ok")) == [1])

        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["gone", "down", "ok"])
        for (span, code) in zip(spans, [410, 503]) {
            #expect(span.status?.code == .error, "\(span.operationName): a client span's 4xx and 5xx are errors")
            #expect(span.string("error.type") == "\(code)")
            #expect(span.int("http.response.status_code") == Int64(code))
            #expect(span.errors.isEmpty, "an accepted status is no exception to record")
        }
        let ok = try #require(spans.last)
        #expect(ok.status == nil)
        #expect(ok.string("error.type") == nil)
    }
}
