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
        #expect(failed.attributes["error.type"]?.toSpanAttribute() == .string("404"), "the status code, as OpenTelemetry's HTTP spans say")
    }

    @Test("a sensitive path parameter and values other wares register as secrets are on no attribute and not in the span's name")
    func secretsNeverReachTheSpan() async throws {
        let server = try TestServer()
        server.route(.post, "/invites/{code}/accept") { _ in .json(#"{"ok":true}"#) }
        server.route(.get, "/notes/{note}") { _ in .json(#"{"ok":true}"#) }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        var service = ServiceConfiguration(name: "shop", baseURL: server.baseURL, timeout: .seconds(60))
        service.redaction.sensitiveNames.insert("code")
        let client = try Client(
            service: service, wares: [TracingWare(tracer: tracer), RegistersSecrets(values: ["NOTE-5150-XYZ"])])
        var accept = Request<[String: Bool]>(method: .post, path: "/invites/{code}/accept")
        accept.setPathParameter("code", to: "INVITE-7f3a9c")
        accept.addQuery("note", "NOTE-5150-XYZ")
        #expect(try await client.send(accept) == ["ok": true])
        // A literal path (no template): the span is named by its method, the path is on url.full only.
        #expect(try await client.send(Request<[String: Bool]>(method: .get, path: "/notes/NOTE-5150-XYZ")) == ["ok": true])

        let spans = tracer.finishedSpans
        #expect(spans.count == 2)
        for span in spans {
            for text in span.texts {
                #expect(!text.contains("INVITE-7f3a9c"), "the sensitive path parameter leaked: \(text)")
                #expect(!text.contains("NOTE-5150-XYZ"), "a registered secret leaked: \(text)")
            }
        }
        let base = server.baseURL.absoluteString
        #expect(spans.first?.string("url.full") == "\(base)/invites/<redacted>/accept?note=<redacted>")
        #expect(spans.first?.operationName == "POST /invites/{code}/accept")
        #expect(spans.last?.string("url.full") == "\(base)/notes/<redacted>")
        #expect(spans.last?.operationName == "GET")
        #expect(spans.last?.string("courier.endpoint") == "unnamed")
    }

    @Test("a token refresh the authenticator sends inside a call is a child span of the call, in its trace")
    func refreshIsAChildSpan() async throws {
        let server = try bearerServer()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try refreshingClient(server, tracer: tracer)
        #expect(try await client.send(Request<[String: Bool]>(method: .get, path: "/data", name: "data")) == ["ok": true])

        let spans = tracer.finishedSpans
        let call = try #require(spans.first { $0.operationName == "data" })
        let refresh = try #require(spans.first { $0.operationName == "refresh" })
        #expect(refresh.traceID == call.traceID, "one trace")
        #expect(refresh.parentSpanID == call.spanID, "the refresh is the call's child")
        #expect(call.parentSpanID == nil)
        #expect(call.int("http.response.status_code") == 200)
        #expect(refresh.int("http.response.status_code") == 200)
        let sentParent = server.requests.first { $0.path == "/refresh" }?.header(InMemoryTracer.spanIDKey)
        #expect(sentParent == refresh.spanID, "the refresh carries its own span's context")
    }

    @Test("a failed refresh: the call's span shows no status of the token endpoint's; the refresh's span shows it")
    func failedRefreshStatusStaysOnTheRefreshSpan() async throws {
        let server = try bearerServer(refreshStatus: 400)
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try refreshingClient(server, tracer: tracer)
        let error = await #expect(throws: CourierError.self) {
            _ = try await client.send(Request<[String: Bool]>(method: .get, path: "/data", name: "data"))
        }
        #expect(error?.kind == .refreshFailed)
        #expect(error?.status?.code == 400, "the error carries the token endpoint's response")

        let spans = tracer.finishedSpans
        let call = try #require(spans.first { $0.operationName == "data" })
        let refresh = try #require(spans.first { $0.operationName == "refresh" })
        #expect(call.int("http.response.status_code") == nil, "400 was the token endpoint's status, not the call's")
        #expect(call.string("error.type") == "refreshFailed")
        #expect(call.status?.code == .error)
        #expect(refresh.int("http.response.status_code") == 400)
        #expect(refresh.string("error.type") == "400")
    }

    @Test("server.address and server.port from the authority: IPv6 in brackets, a port, none (the scheme's)", arguments: [
        ("http://[::1]:8080", "::1", Int64(8080)),
        ("https://example.com", "example.com", Int64(443)),
        ("http://example.com", "example.com", Int64(80)),
        ("https://example.com:8443", "example.com", Int64(8443)),
        ("https://[2001:db8::7]", "2001:db8::7", Int64(443)),
        ("http://127.0.0.1:9", "127.0.0.1", Int64(9)),
    ])
    func serverAddressAndPort(baseURL: String, address: String, port: Int64) async throws {
        let tracer = InMemoryTracer()
        let client = try Client(
            service: ServiceConfiguration(name: "shop", baseURL: try #require(URL(string: baseURL)), timeout: .seconds(60)),
            wares: [TracingWare(tracer: tracer), AnswersLocally()])
        #expect(try await client.send(Request<[String: Bool]>(method: .get, path: "/pets", name: "pets")) == ["ok": true])
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.string("server.address") == address)
        #expect(span.int("server.port") == port)
    }
}
