import Courier
import CourierTestServer
import Foundation
import Testing

/// A big body that is not the answer: a redirect's, or an error page's.
private let detour = Data(repeating: UInt8(ascii: "x"), count: 10_000)

/// Sends `request`, whose answer is `{"ok":true}` (11 bytes) after a 10,000-byte detour, and
/// expects download reports of the answer's body alone, ending at its 100%.
private func expectAnswerProgressOnly(_ request: Request<[String: Bool]>, on client: Client) async throws {
    var request = request
    let reports = Locked<[TransferProgress]>([])
    request.onProgress = { progress in reports.withLock { $0.append(progress) } }
    let answer = try await client.send(request)
    #expect(answer == ["ok": true])
    let downloads = reports.withLock { $0 }.filter { $0.direction == .download }
    #expect(downloads.last?.completedBytes == 11 && downloads.last?.totalBytes == 11, "\(downloads)")
    #expect(downloads.allSatisfy { $0.completedBytes <= 11 }, "the detour's 10,000 bytes were counted: \(downloads)")
}

@Suite("Download progress is the answer's: bodies of redirects and failed attempts are not counted")
struct AnswerProgressConformanceTests {
    @Test("a redirect's body is not reported; the answer's ends at 100%", arguments: TransportUnderTest.allCases)
    func redirectBodyNotCounted(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route(.get, "/old") { _ in TestServer.Response(status: 302, headers: [.init(name: "Location", value: "/new")], body: detour) }
            server.route(.get, "/new") { _ in .json(#"{"ok":true}"#) }
        }) { _, client in
            try await expectAnswerProgressOnly(Request(method: .get, path: "/old"), on: client)
        }
    }

    @Test("a gzip answer's progress counts inflated bytes, never against the coded length", arguments: TransportUnderTest.allCases)
    func gzipAnswerAfterAStreamedUpload(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, decompressionRatio: 1000, routes: {
            $0.route(.post, "/zeros") { _ in .gzipZeros(inflatedSize: 300_000) }
        }) { _, client in
            // A streamed upload: the way through AsyncHTTPClient's async API.
            var request = Request<Data>(method: .post, path: "/zeros")
            request.body = .stream(Chunked(data: Data(count: 5_000), size: 1_000), length: 5_000, contentType: "application/octet-stream")
            let reports = Locked<[TransferProgress]>([])
            request.onProgress = { progress in reports.withLock { $0.append(progress) } }
            let body = try await client.send(request)
            #expect(body.count == 300_000)
            let downloads = reports.withLock { $0 }.filter { $0.direction == .download }
            #expect(downloads.allSatisfy { $0.totalBytes == nil || $0.totalBytes! >= $0.completedBytes }, "\(downloads)")
            #expect(downloads.last?.completedBytes == 300_000)
        }
    }

    @Test("an error page before a retry is not reported; the answer's ends at 100%", arguments: TransportUnderTest.allCases)
    func failedAttemptNotCounted(_ transport: TransportUnderTest) async throws {
        let attempts = Locked(0)
        try await withServer(transport, routes: { server in
            server.route(.get, "/flaky") { _ in
                let attempt = attempts.withLock { count in
                    count += 1
                    return count
                }
                return attempt == 1 ? TestServer.Response(status: 503, body: detour) : .json(#"{"ok":true}"#)
            }
        }, wares: [Retry(RetryPolicy(baseDelay: .milliseconds(5)))]) { _, client in
            try await expectAnswerProgressOnly(Request(method: .get, path: "/flaky"), on: client)
        }
    }
}
