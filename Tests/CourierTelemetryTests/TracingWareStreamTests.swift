import Courier
import CourierTelemetry
import CourierTestServer
import Foundation
import InMemoryTracing
import Testing
import Tracing

private struct Tick: Decodable, Sendable {
    var n: Int
}

/// A client of `server` tracing into `tracer`.
private func tracingClient(_ server: TestServer, _ tracer: InMemoryTracer) throws -> Client {
    try Client(
        service: ServiceConfiguration(name: "feed", baseURL: server.baseURL, timeout: .seconds(60)),
        wares: [TracingWare(tracer: tracer)])
}

@Suite("TracingWare on streams: a connection's span ends when its stream does, saying how")
struct TracingWareStreamTests {
    @Test("server-sent events: each connection's span is open while its events are read and ends as finished (the server's close, the terminator)")
    func serverSentEventsFinish() async throws {
        let server = try TestServer()
        server.route(.get, "/ticks") { request in
            request.header("Last-Event-ID") == nil
                ? .raw([.chunkedHead(), .chunk("retry: 1\n\nid: 1\ndata: {\"n\":1}\n\n"), .lastChunk])
                : .raw([.chunkedHead(), .chunk("id: 2\ndata: {\"n\":2}\n\n"), .pause(.milliseconds(30)), .chunk("data: [DONE]\n\n"), .lastChunk])
        }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try tracingClient(server, tracer)
        var seen: [Int] = []
        var open: [Int] = []
        var ended: [Int] = []
        let request = Request<HTTPBody>(method: .get, path: "/ticks", name: "ticks")
        for try await tick in client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]") {
            seen.append(tick.value.n)
            open.append(tracer.activeSpans.count)
            ended.append(tracer.finishedSpans.count)
        }
        #expect(seen == [1, 2])
        #expect(open == [1, 1], "the span of the connection an event came on is open while it is read")
        #expect(ended == [0, 1], "the first connection's span ended at the server's close, before the reconnect's event")
        let spans = tracer.finishedSpans
        #expect(spans.count == 2)
        #expect(spans.map { $0.string("courier.outcome") } == ["finished", "finished"])
        #expect(spans.allSatisfy { $0.status == nil })
    }

    @Test("JSON Lines: a line that does not decode ends the span as failed, an error of the failure's kind")
    func jsonLinesFailure() async throws {
        let server = try TestServer()
        server.route(.get, "/lines") { _ in
            .raw([.chunkedHead(contentType: "application/x-ndjson"), .chunk("{\"n\":1}\n"), .pause(.milliseconds(30)), .chunk("{\"n\":\"x\"}\n"), .lastChunk])
        }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try tracingClient(server, tracer)
        var seen: [Int] = []
        var openWhileReading: [Int] = []
        var failure: (any Error)?
        do {
            for try await line in try await client.jsonLines(Request(method: .get, path: "/lines", name: "lines"), of: Tick.self) {
                seen.append(line.n)
                openWhileReading.append(tracer.activeSpans.count)
            }
        } catch {
            failure = error
        }
        #expect(seen == [1])
        #expect(openWhileReading == [1])
        let kind = try #require((failure as? CourierError)?.kind)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.string("courier.outcome") == "failed")
        #expect(span.status?.code == .error)
        #expect(span.string("error.type") == kind.name)
        #expect(span.errors.count == 1)
    }

    @Test("JSON text sequence: a consumer that stops reading ends the span as abandoned, which is no error")
    func jsonTextSequenceAbandoned() async throws {
        let server = try TestServer()
        server.route(.get, "/records") { _ in
            .raw([.chunkedHead(contentType: "application/json-seq"), .chunk("\u{1E}{\"n\":1}\n\u{1E}{\"n\":2}\n"), .pause(.seconds(30)), .lastChunk])
        }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try tracingClient(server, tracer)
        var first: Int?
        var openWhileReading = 0
        for try await record in try await client.jsonTextSequence(Request(method: .get, path: "/records", name: "records"), of: Tick.self) {
            first = record.n
            openWhileReading = tracer.activeSpans.count
            break
        }
        #expect(first == 1)
        #expect(openWhileReading == 1)
        try await waitUntil { tracer.finishedSpans.count == 1 }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.string("courier.outcome") == "abandoned")
        #expect(span.status == nil)
        #expect(span.string("error.type") == nil)
    }

    @Test("a stream whose task is cancelled ends its span as cancelled, which is no error")
    func cancelledStream() async throws {
        let server = try TestServer()
        server.route(.get, "/endless") { _ in
            .raw([.chunkedHead(), .chunk("data: {\"n\":1}\n\n"), .repeatForever(Array("5\r\n: hi\n\r\n".utf8), every: .milliseconds(20))])
        }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try tracingClient(server, tracer)
        let received = ElementCount()
        let task = Task {
            for try await _ in client.serverSentEvents(Request(method: .get, path: "/endless", name: "endless"), of: Tick.self) {
                received.add()
            }
        }
        try await waitUntil { received.count == 1 }
        #expect(tracer.finishedSpans.isEmpty, "the stream is still open")
        task.cancel()
        _ = await task.result
        try await waitUntil { tracer.finishedSpans.count == 1 }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.string("courier.outcome") == "cancelled")
        #expect(span.status == nil)
        #expect(span.string("error.type") == nil)
    }

    @Test("an answer that is not the stream asked for (an HTML page) ends the span as failed, with the error the caller gets")
    func unexpectedContentType() async throws {
        let server = try TestServer()
        server.route(.get, "/lines") { _ in .html("<p>sign in</p>") }
        server.start()
        defer { server.stop() }
        let tracer = InMemoryTracer()
        let client = try tracingClient(server, tracer)
        let error = await #expect(throws: CourierError.self) {
            _ = try await client.jsonLines(Request(method: .get, path: "/lines", name: "lines"), of: Tick.self)
        }
        try await waitUntil { tracer.finishedSpans.count == 1 }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.string("courier.outcome") == "failed")
        #expect(span.status?.code == .error)
        #expect(span.string("error.type") == error?.kind.name)
    }
}

/// Counts the elements a reading task saw, for the test to wait on.
private final class ElementCount: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0

    func add() {
        lock.lock()
        defer { lock.unlock() }
        value += 1
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
