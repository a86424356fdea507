import Courier
import CourierTestServer
import Foundation
import Testing

private struct Chunk: Decodable, Sendable {
    var text: String
}

/// A ware whose watch keeps the failures it is told of, and counts the elements.
private final class FailureWatchingWare: Ware, @unchecked Sendable {
    private let lock = NSLock()
    private var _failures: [StreamFailureNote] = []
    private var _elements = 0

    var failures: [StreamFailureNote] { lock.withLock { _failures } }
    var elements: Int { lock.withLock { _elements } }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var response = try await next(request, context)
        response.watchStream(StreamWatch(
            element: { [self] _ in lock.withLock { _elements += 1 } },
            failure: { [self] note in lock.withLock { _failures.append(note) } }))
        return response
    }
}

@Suite("Streams tell the wares' watches once of a connection that fails, never of a clean end")
struct StreamWatchFailureTests {
    @Test("a JSON text sequence record over the size limit: one failure, after the records read, with the error thrown")
    func recordTooLarge() async throws {
        let watcher = FailureWatchingWare()
        try await withLoopback(routes: { server in
            server.route(.get, "/records") { _ in
                .raw([.chunkedHead(contentType: "application/json-seq"),
                      .chunk("\u{1E}{\"text\":\"one\"}\n\u{1E}{\"text\":\"" + String(repeating: "x", count: 200) + "\"}\n"), .lastChunk])
            }
        }, wares: [watcher]) { _, client in
            let error = await thrownError {
                for try await _ in try await client.jsonTextSequence(Request(method: .get, path: "/records"), of: Chunk.self, maximumRecordSize: 64) {}
            }
            guard case .stream(.elementTooLarge) = (error as? CourierError)?.reason else {
                Issue.record("expected a record too large, got \(String(describing: error))")
                return
            }
            let failures = watcher.failures
            #expect(failures.map(\.connection) == [0])
            #expect(failures.map(\.elements) == [1])
            #expect(failures.first.map { "\($0.error)" } == error.map { "\($0)" })
        }
    }

    @Test("a client's JSON text sequence cut short mid-record: skipped and reported, or failing (and told to the watches), as the caller asks")
    func truncatedRecordAsAsked() async throws {
        let watcher = FailureWatchingWare()
        try await withLoopback(routes: { server in
            server.route(.get, "/export") { _ in
                .raw([.chunkedHead(contentType: "application/json-seq"),
                      .chunk("\u{1E}{\"text\":\"one\"}\n\u{1E}{\"text\":"), .lastChunk])
            }
        }, wares: [watcher]) { _, client in
            let export = Request<HTTPBody>(method: .get, path: "/export")
            let reported = Recorder<String>()
            var texts: [String] = []
            let skipping = try await client.jsonTextSequence(
                export, of: Chunk.self, truncatedRecords: .skip(report: { reported.append("\($0)") }))
            for try await record in skipping { texts.append(record.text) }
            #expect(texts == ["one"])
            #expect(reported.all.count == 1)
            #expect(watcher.failures.isEmpty, "a skipped record does not end the connection")

            let error = await thrownError {
                for try await _ in try await client.jsonTextSequence(export, of: Chunk.self, truncatedRecords: .fail) {}
            }
            guard case .stream(.truncatedRecord) = (error as? CourierError)?.reason else {
                Issue.record("expected a truncated record, got \(String(describing: error))")
                return
            }
            #expect(watcher.failures.map(\.elements) == [1])
        }
    }

    @Test("an event that does not decode: one failure naming it; a stream left with break: none")
    func undecodableEventAndBreak() async throws {
        let watcher = FailureWatchingWare()
        try await withLoopback(routes: { server in
            server.route(.get, "/odd") { _ in .raw([.chunkedHead(), .chunk("data: {\"text\":1}\n\n"), .lastChunk]) }
            server.route(.get, "/fine") { _ in .raw([.chunkedHead(), .chunk("data: {\"text\":\"a\"}\n\ndata: {\"text\":\"b\"}\n\n"), .lastChunk]) }
        }, wares: [watcher]) { _, client in
            let error = await thrownError {
                for try await _ in client.serverSentEvents(Request(method: .get, path: "/odd"), of: Chunk.self, reconnection: .disabled) {}
            }
            guard case .stream(.undecodableElement) = (error as? CourierError)?.reason else {
                Issue.record("expected an undecodable event, got \(String(describing: error))")
                return
            }
            for try await _ in client.serverSentEvents(Request(method: .get, path: "/fine"), of: Chunk.self) { break }
            let failures = watcher.failures
            #expect(failures.map(\.connection) == [0])
            #expect(failures.map(\.elements) == [0])
            #expect(watcher.elements == 1)
        }
    }
}
