import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

@Suite("MetricsWare and TracingWare: the endpoint a metric or span names has bounded values")
struct TelemetryEndpointTests {
    /// Calls `/notes/1` and `/notes/2` unnamed with literal paths, `/notes/3` through the
    /// unnamed template `/notes/{id}`, and `/notes/4` named `getNote`.
    private func callNotes(_ client: Client) async throws {
        for id in 1...2 {
            #expect(try await client.send(Request<[String: Bool]>(method: .get, path: "/notes/\(id)")) == ["ok": true])
        }
        var templated = Request<[String: Bool]>(method: .get, path: "/notes/{id}")
        templated.setPathParameter("id", to: "3")
        #expect(try await client.send(templated) == ["ok": true])
        #expect(try await client.send(Request<[String: Bool]>(method: .get, path: "/notes/4", name: "getNote")) == ["ok": true])
    }

    private func notesServer() throws -> TestServer {
        let server = try TestServer()
        server.route(.get, "/notes/{note}") { _ in .json(#"{"ok":true}"#) }
        server.start()
        return server
    }

    @Test("metrics: an unnamed request with a literal path is `unnamed`, one with a template is named by it, a named one by its name")
    func metricDimension() async throws {
        let server = try notesServer()
        defer { server.stop() }
        let metrics = TestMetrics()
        let client = try Client(
            service: ServiceConfiguration(name: "notes", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [MetricsWare(factory: metrics)])
        try await callNotes(client)

        let endpoints = metrics.timers(label: "courier_call_duration").compactMap { timer in
            timer.dimensions.first { $0.0 == "endpoint" }?.1
        }
        #expect(Set(endpoints) == ["unnamed", "GET /notes/{id}", "getNote"], "no label per ID")
        let unnamed = try metrics.expectTimer(
            "courier_call_duration", [("service", "notes"), ("endpoint", "unnamed"), ("method", "GET"), ("status", "2xx")])
        #expect(unnamed.values.count == 2)
    }

    @Test("spans: an unnamed request with a literal path is named by its method (OpenTelemetry's name without a template), `courier.endpoint` `unnamed`")
    func spanName() async throws {
        let server = try notesServer()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try Client(
            service: ServiceConfiguration(name: "notes", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [TracingWare(tracer: tracer)])
        try await callNotes(client)

        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["GET", "GET", "GET /notes/{id}", "getNote"])
        #expect(spans.map { $0.string("courier.endpoint") } == ["unnamed", "unnamed", "GET /notes/{id}", "getNote"])
        #expect(spans.first?.string("url.full") == "\(server.baseURL.absoluteString)/notes/1", "the path itself is still on the span")
    }

    @Test("metrics: the Link pages of an unnamed request with a literal path are `unnamed` too, not named by their path")
    func linkPagesOfALiteralPath() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        server.route(.get, "/users/{user}/items") { request in
            let page = Int(request.queryValues("page").first ?? "1") ?? 1
            let next = page < 3 ? [TestServer.Field(name: "Link", value: "<\(base)/users/\(request.pathParameters["user"] ?? "")/items?page=\(page + 1)>; rel=\"next\"")] : []
            return TestServer.Response(
                status: 200, headers: [TestServer.Field(name: "Content-Type", value: "application/json")] + next,
                body: Data("[\(page)]".utf8))
        }
        server.start()
        let metrics = TestMetrics()
        let client = try Client(
            service: ServiceConfiguration(name: "notes", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [MetricsWare(factory: metrics)])
        var seen: [Int] = []
        for user in ["ada", "bob"] {
            let first = Request<[Int]>(method: .get, path: "/users/\(user)/items")
            for try await page in Pages(client: client, first: first, style: .link, items: { $0 }) { seen += page.items }
        }
        #expect(seen == [1, 2, 3, 1, 2, 3])
        let endpoints = metrics.timers(label: "courier_call_duration").compactMap { timer in
            timer.dimensions.first { $0.0 == "endpoint" }?.1
        }
        #expect(Set(endpoints) == ["unnamed"], "no label per user: \(endpoints)")
    }
}
