import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// `count` bytes that differ from position to position, so a reordered or dropped chunk shows.
func patterned(_ count: Int) -> Data {
    PatternedBytes.make(count)
}

/// `data` as an async sequence of chunks of `size` bytes, iterable again and again.
struct Chunked: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data
    let size: Int

    func makeAsyncIterator() -> AsyncStream<Data>.Iterator {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        var offset = 0
        while offset < data.count {
            continuation.yield(data[offset..<Swift.min(data.count, offset + size)])
            offset += size
        }
        continuation.finish()
        return stream.makeAsyncIterator()
    }
}

/// Counts the requests a route sees.
final class Hits: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}

/// A file of `data` in a new temporary directory; the directory is removed by `cleanUp`.
func temporaryFile(_ data: Data, name: String = "upload.bin") throws -> (file: URL, directory: URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try data.write(to: file)
    return (file, directory)
}

/// Runs `body` with a server whose `PUT /busy` always answers `503` with `Retry-After: 0`,
/// counting its requests, and a client that retries up to three attempts.
func withBusyServer(_ transport: TransportUnderTest, _ body: (_ hits: Hits, _ client: Client) async throws -> Void) async throws {
    let hits = Hits()
    try await withServer(
        transport, routes: {
            $0.route(.put, "/busy") { _ in
                hits.add()
                return TestServer.Response(status: 503, headers: [.init(name: "Retry-After", value: "0")])
            }
        },
        wares: [Retry(RetryPolicy(maxAttempts: 3))]
    ) { _, client in
        try await body(hits, client)
    }
}

@Suite("Every transport sends and receives bodies of every kind")
struct BodyConformanceTests {
    static let large = patterned(3 << 20 + 12_345)

    @Test("a streamed upload with a length goes out whole, with Content-Length", arguments: TransportUnderTest.allCases)
    func streamedUploadWithLength(_ transport: TransportUnderTest) async throws {
        let payload = patterned(300_000)
        try await withServer(transport, routes: { $0.route(.post, "/echo") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/echo")
            request.body = .stream(Chunked(data: payload, size: 7_000), length: payload.count, contentType: "application/octet-stream")
            let echo = try await client.send(request)
            #expect(Data(base64Encoded: echo.bodyBase64) == payload)
            #expect(echo.header("Content-Length") == String(payload.count))
        }
    }

    @Test("a streamed upload without a length goes out whole", arguments: TransportUnderTest.allCases)
    func streamedUploadWithoutLength(_ transport: TransportUnderTest) async throws {
        let payload = patterned(250_001)
        try await withServer(transport, routes: { $0.route(.post, "/echo") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/echo")
            request.body = .stream(Chunked(data: payload, size: 4_096), contentType: "application/octet-stream")
            let echo = try await client.send(request)
            #expect(Data(base64Encoded: echo.bodyBase64) == payload)
            // AsyncHTTPClient sends it chunked as it comes; URLSession from a spilled file, with its length.
            let chunked = echo.header("Transfer-Encoding")?.lowercased() == "chunked"
            #expect(chunked || echo.header("Content-Length") == String(payload.count))
        }
    }

    @Test("a stream that ends at another length than declared fails the call", arguments: TransportUnderTest.allCases)
    func streamedUploadLengthMismatch(_ transport: TransportUnderTest) async throws {
        let payload = patterned(10_000)
        try await withServer(transport, routes: { $0.route(.post, "/echo") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .post, path: "/echo")
            request.body = .stream(Chunked(data: payload, size: 1_000), length: 20_000, contentType: "application/octet-stream")
            let error = try #require(await failure(of: request, on: client).error as? CourierError)
            guard case .invalidRequest(.bodyLengthMismatch(declared: 20_000, actual: 10_000)) = error.reason else {
                Issue.record("expected bodyLengthMismatch, got \(error)")
                return
            }
        }
    }

    @Test("a file upload is read while sending, with the file's length", arguments: TransportUnderTest.allCases)
    func fileUpload(_ transport: TransportUnderTest) async throws {
        let payload = patterned(700_000)
        let (file, directory) = try temporaryFile(payload)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withServer(transport, routes: { $0.route(.put, "/echo") { .echo($0) } }) { _, client in
            var request = Request<TestServer.Echo>(method: .put, path: "/echo")
            request.body = .file(file, contentType: "application/zip")
            let echo = try await client.send(request)
            #expect(Data(base64Encoded: echo.bodyBase64) == payload)
            #expect(echo.header("Content-Length") == String(payload.count))
            #expect(echo.header("Content-Type") == "application/zip")
        }
    }

    @Test("a missing upload file fails before anything is sent", arguments: TransportUnderTest.allCases)
    func missingFileUpload(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.put, "/echo") { .echo($0) } }) { server, client in
            var request = Request<TestServer.Echo>(method: .put, path: "/echo")
            request.body = .file(URL(fileURLWithPath: "/nonexistent/courier/secret-name.bin"))
            let error = try #require(await failure(of: request, on: client).error as? CourierError)
            guard case .invalidRequest(.bodyFileUnreadable(let path, _)) = error.reason else {
                Issue.record("expected bodyFileUnreadable, got \(error)")
                return
            }
            #expect(path == "secret-name.bin")
            #expect(!error.description.contains("/nonexistent/courier"), "the error names the file, not its directories")
            #expect(server.requestCount == 0)
        }
    }

    @Test("a streamed download arrives whole, chunk by chunk, past the in-memory limit", arguments: TransportUnderTest.allCases)
    func streamedDownload(_ transport: TransportUnderTest) async throws {
        let payload = Self.large
        try await withServer(
            transport, routes: { $0.route(.get, "/big") { _ in TestServer.Response(status: 200, body: payload) } },
            // The limit holds collected bodies only: a stream is never held.
            service: { $0.maximumResponseSize = 1 << 20 }
        ) { _, client in
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/big"))
            #expect(body.isStream)
            #expect(body.length == payload.count)
            var received = Data()
            var chunks = 0
            for try await chunk in body.chunks() {
                received.append(chunk)
                chunks += 1
                // A slow reader: the transport must hold back rather than drop or reorder.
                if chunks % 8 == 0 { try await Task.sleep(for: .milliseconds(1)) }
            }
            #expect(received == payload)
            #expect(chunks > 1)
            // One-shot: a second read is refused, clearly.
            var again = body.chunks().makeAsyncIterator()
            await #expect(throws: CourierError.self) { _ = try await again.next() }
        }
    }

    @Test("a streamed download's error status is collected, so the error carries its body", arguments: TransportUnderTest.allCases)
    func streamedDownloadErrorStatus(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/gone") { _ in .json(#"{"error":"gone"}"#, status: 404) } }) { _, client in
            let error = try #require(await failure(of: Request<HTTPBody>(method: .get, path: "/gone"), on: client).error as? CourierError)
            #expect(error.status == .notFound)
            #expect(error.response?.data == Data(#"{"error":"gone"}"#.utf8))
        }
    }

    @Test("a streamed download still ends at the call's timeout", arguments: TransportUnderTest.allCases)
    func streamedDownloadTimeout(_ transport: TransportUnderTest) async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Length: 100000\r\nContent-Type: application/octet-stream\r\n\r\n"
        try await withServer(transport, routes: {
            $0.route(.get, "/drip") { _ in .raw([.text(head), .drip(Array(repeating: 65, count: 100_000), every: .milliseconds(20))]) }
        }) { _, client in
            var request = Request<HTTPBody>(method: .get, path: "/drip")
            request.timeout = shortTimeout
            let clock = ContinuousClock()
            let start = clock.now
            var error: (any Error)?
            do {
                for try await _ in try await client.send(request).chunks() {}
            } catch let thrown {
                error = thrown
            }
            guard case .timedOut? = transportFailure(error) else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            expectEndsAtTimeout(clock.now - start)
        }
    }

    @Test("a download to a file lands whole at its destination, and nothing else is left", arguments: TransportUnderTest.allCases)
    func fileDownload(_ transport: TransportUnderTest) async throws {
        let payload = Self.large
        let (_, directory) = try temporaryFile(Data(), name: "placeholder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        try Data("old contents".utf8).write(to: destination)
        try await withServer(
            transport, routes: { $0.route(.get, "/big") { _ in TestServer.Response(status: 200, body: payload) } },
            service: { $0.maximumResponseSize = 1 << 20 }
        ) { _, client in
            let url = try await client.send(Request(method: .get, path: "/big", decoding: .file(to: destination)))
            #expect(url == destination)
            #expect(try Data(contentsOf: destination) == payload)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(left == ["download.bin", "placeholder"])

            // Without a destination: a temporary file the caller owns.
            let temporary = try await client.send(Request(method: .get, path: "/big", decoding: .file(to: nil)))
            defer { try? FileManager.default.removeItem(at: temporary) }
            #expect(try Data(contentsOf: temporary) == payload)
        }
    }

    @Test("a download cut short leaves neither the destination nor a partial file", arguments: TransportUnderTest.allCases)
    func fileDownloadCutShort(_ transport: TransportUnderTest) async throws {
        let (_, directory) = try temporaryFile(Data(), name: "placeholder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("download.bin")
        try await withServer(transport, routes: {
            $0.route(.get, "/cut") { _ in .truncated(body: patterned(50_000), declaredLength: 200_000, contentType: "application/octet-stream") }
        }) { _, client in
            let error = await failure(of: Request(method: .get, path: "/cut", decoding: .file(to: destination)), on: client).error
            #expect(error is CourierError)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left == ["placeholder"])
        }
    }

    @Test("progress is reported both ways and ends at the totals", arguments: TransportUnderTest.allCases)
    func progress(_ transport: TransportUnderTest) async throws {
        let payload = patterned(400_000)
        let reports = Locked<[TransferProgress]>([])
        try await withServer(transport, routes: {
            $0.route(.post, "/twice") { request in TestServer.Response(status: 200, body: request.body + request.body) }
        }) { _, client in
            var request = Request<Data>(method: .post, path: "/twice")
            request.body = .stream(Chunked(data: payload, size: 16_384), length: payload.count, contentType: "application/octet-stream")
            request.onProgress = { progress in reports.withLock { $0.append(progress) } }
            let answer = try await client.send(request)
            #expect(answer.count == 2 * payload.count)
        }
        let seen = reports.withLock { $0 }
        let uploads = seen.filter { $0.direction == .upload }
        let downloads = seen.filter { $0.direction == .download }
        #expect(uploads.last?.completedBytes == payload.count)
        #expect(downloads.last?.completedBytes == 2 * payload.count)
        #expect(downloads.last?.fractionCompleted == 1)
        #expect(uploads.map(\.completedBytes) == uploads.map(\.completedBytes).sorted(), "upload progress never goes back")
        #expect(downloads.map(\.completedBytes) == downloads.map(\.completedBytes).sorted(), "download progress never goes back")
    }

    @Test("a multipart body with a file part and a one-shot stream part is sent once, and the server's answer is the error", arguments: TransportUnderTest.allCases)
    func multipartWithOneShotPartNotRetried(_ transport: TransportUnderTest) async throws {
        let (file, directory) = try temporaryFile(patterned(5_000), name: "doc.bin")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withBusyServer(transport) { hits, client in
            var form = MultipartForm()
            form.addFile("doc", UploadFile(url: file))
            form.addStream("log", Chunked(data: patterned(3_000), size: 1_000), length: 3_000)
            var request = Request<Void>(method: .put, path: "/busy")
            request.body = .multipart(form)
            let error = try #require(await failure(of: request, on: client).error as? CourierError)
            #expect(error.status == .serviceUnavailable, "\(error)")
            #expect(hits.value == 1, "the one-shot part cannot go again, so neither does the form")
        }
    }

    @Test("a one-shot stream is not retried, and says so; a replayable one is", arguments: TransportUnderTest.allCases)
    func replayRefusal(_ transport: TransportUnderTest) async throws {
        let payload = patterned(5_000)
        try await withBusyServer(transport) { hits, client in
            var oneShot = Request<Void>(method: .put, path: "/busy")
            oneShot.body = .stream(Chunked(data: payload, size: 1_000), length: payload.count, contentType: "application/octet-stream")
            let error = try #require(await failure(of: oneShot, on: client).error as? CourierError)
            #expect(error.status == .serviceUnavailable)
            #expect(hits.value == 1, "a one-shot body is sent once")
            // Sending the same request again cannot read the stream again: a clear error, nothing sent.
            let again = try #require(await failure(of: oneShot, on: client).error as? CourierError)
            guard case .invalidRequest(.bodyNotReplayable) = again.reason else {
                Issue.record("expected bodyNotReplayable, got \(again)")
                return
            }
            #expect(again.description.contains("replayable"))
            #expect(hits.value == 1)

            var replayable = Request<Void>(method: .put, path: "/busy")
            replayable.body = .stream(
                Chunked(data: payload, size: 1_000), length: payload.count, replayable: true, contentType: "application/octet-stream")
            _ = await failure(of: replayable, on: client)
            #expect(hits.value == 4, "a replayable body is retried")
        }
    }
}
