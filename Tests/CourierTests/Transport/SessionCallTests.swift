import Foundation
import HTTPTypes
import Testing
@testable import Courier
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `SessionCall` driven by hand, for orders of events a real exchange produces only by chance:
/// `URLSession` reports a task complete from its delegate queue, and that report may already be on
/// its way when a timeout or the caller's cancellation ends the call.
struct SessionCallTests {
    /// A resumed download keeps its partial file through a failed attempt (for the next one), so
    /// a completion that lands after the caller was told "cancelled" must not move that file onto
    /// the destination: the caller was told the download failed.
    @Test func aCompletionAfterTheCallWasCancelledDoesNotPutTheFileInPlace() async throws {
        try await withHeldDownload { call, start, destination in
            var failure: (any Error)?
            do {
                _ = try await withCheckedThrowingContinuation { continuation in
                    start(continuation)
                    // The caller's cancellation wins the race; the task's completion was already queued.
                    call.cancel()
                    call.completed(error: nil)
                }
            } catch {
                failure = error
            }
            #expect(failure is CancellationError)
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }

    /// The same completion, with nothing ending the call first, answers with the file in place.
    @Test func aCompletionOfALiveCallPutsTheFileInPlace() async throws {
        try await withHeldDownload { call, start, destination in
            let response = try await withCheckedThrowingContinuation { continuation in
                start(continuation)
                call.completed(error: nil)
            }
            #expect(response.body.fileURL == destination)
            #expect(try Data(contentsOf: destination) == Data("%PDF-".utf8))
        }
    }

    /// Runs `body` with a call downloading to a file that a ``PartialDownload`` holds (as
    /// `DownloadResumer` sets up), a function that starts it and hands it a head and its whole
    /// five-byte body, and the destination.
    private func withHeldDownload(
        _ body: (SessionCall, (SessionCall.Continuation) -> Void, URL) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("session-call-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("report.pdf")
        let url = try #require(URL(string: "http://127.0.0.1:9/report.pdf"))
        let request = PartialDownload(destination: destination).prepare(PreparedRequest(
            http: HTTPRequest(method: .get, url: url), responseDelivery: .file(destination), timeout: .seconds(30)))
        let call = SessionCall(
            request: request, context: TransportContext(endpoint: "GET /report.pdf", timeout: .seconds(30)), temporaryUpload: nil)
        let head = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "5"]))
        try await body(call, { continuation in
            call.start(continuation) { InertTask() }
            #expect(call.received(head))
            call.received(Data("%PDF-".utf8))
        }, destination)
    }
}

/// A task that never runs: the test plays `URLSession`'s part. (A real task's own completion,
/// arriving after the test's, made swift-corelibs-foundation trap on a task no longer registered.)
private final class InertTask: URLSessionDataTask, @unchecked Sendable {
    override func resume() {}
    override func suspend() {}
    override func cancel() {}
}
