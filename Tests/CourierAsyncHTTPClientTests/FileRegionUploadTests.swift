// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// Keeps the request a client prepared, and answers 200: to see which bodies the transport
/// sends as file regions, with the client's own encoding of them.
private final class PreparedRequests: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var list: [PreparedRequest] = []
    var last: PreparedRequest? { lock.withLock { list.last } }

    func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        lock.withLock { list.append(request) }
        return RawResponse(http: HTTPResponse(status: .ok), body: Data("{}".utf8))
    }
}

// What the file regions save is measured by `transport-probe bulk-multipart` (Benchmarks/README.md).
@Suite("AsyncHTTPClientTransport: files sent as file regions over plain http")
struct FileRegionUploadTests {
    private static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-region-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The request a client prepares for `body` against `base`.
    private static func prepared(_ body: RequestBody, base: String) async throws -> PreparedRequest {
        let transport = PreparedRequests()
        let client = try Client(service: ServiceConfiguration(name: "r", baseURL: URL(string: base)!), transport: transport)
        var request = Request<HTTPBody>(method: .post, path: "/upload")
        request.body = body
        _ = try await client.send(request)
        return try #require(transport.last)
    }

    @Test("files and multipart forms with files go as regions over http; https, bytes and streams do not")
    func whichBodies() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.bin")
        try Data(repeating: 1, count: 1000).write(to: file)
        var form = MultipartForm()
        form.add("title", "x")
        form.addFile("file", UploadFile(url: file))
        var fields = MultipartForm()
        fields.add("title", "x")
        let http = "http://127.0.0.1:1", https = "https://127.0.0.1:1"

        let multipart = FileRegionUpload.segments(of: try await Self.prepared(.multipart(form), base: http))
        #expect(multipart?.count == 3, "head and field, the file, the closing delimiter")
        if case .file(let url, let size)? = multipart?[1] {
            #expect(url == file && size == 1000)
        } else {
            Issue.record("the file part is not a file segment: \(String(describing: multipart))")
        }
        #expect(FileRegionUpload.segments(of: try await Self.prepared(.file(UploadFile(url: file)), base: http))?.count == 1)
        #expect(FileRegionUpload.segments(of: try await Self.prepared(.multipart(form), base: https)) == nil, "TLS reads files")
        #expect(FileRegionUpload.segments(of: try await Self.prepared(.multipart(fields), base: http)) == nil, "all in memory")
        let stream = RequestBody.stream(AsyncStream<Data> { $0.finish() }, length: nil, contentType: "text/plain")
        #expect(FileRegionUpload.segments(of: try await Self.prepared(stream, base: http)) == nil)
    }

    @Test("a multipart form of fields, files of every size and a stream part reaches a real parser byte for byte")
    func multipartByteForByte() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Past several regions, and not a multiple of any region size.
        let big = PatternedBytes.make(3 << 20 + 4321, seed: 3)
        let small = PatternedBytes.make(70_000, seed: 9)
        let (bigFile, smallFile, emptyFile) = (
            directory.appendingPathComponent("big.bin"), directory.appendingPathComponent("small.bin"),
            directory.appendingPathComponent("empty.bin"))
        try big.write(to: bigFile)
        try small.write(to: smallFile)
        try Data().write(to: emptyFile)
        let streamed = PatternedBytes.make(100_000, seed: 5)
        let server = try await MultipartServer.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "regions", baseURL: server.baseURL, timeout: .seconds(60)), transport: transport)
        let outcome = await Result(catching: {
            var echoes: [MultipartEcho] = []
            for withStream in [false, true] {
                var form = MultipartForm()
                form.add("title", "regions")
                form.addFile("big", UploadFile(url: bigFile))
                form.addFile("empty", UploadFile(url: emptyFile))
                form.addFile("small", UploadFile(url: smallFile))
                if withStream {
                    form.addStream("log", AsyncStream { continuation in
                        continuation.yield(streamed.prefix(60_000))
                        continuation.yield(streamed.dropFirst(60_000))
                        continuation.finish()
                    }, fileName: "app.log", contentType: "text/plain")
                }
                var request = Request<MultipartEcho>(method: .post, path: "/upload")
                request.body = .multipart(form)
                echoes.append(try await client.send(request))
            }
            return echoes
        })
        try await transport.shutdown()
        let echoes = try outcome.get()
        for echo in echoes {
            #expect(echo.defects.isEmpty)
            let parts = echo.parts ?? []
            #expect(parts.map(\.name) == ["title", "big", "empty", "small"] + (parts.count == 5 ? ["log"] : []))
            #expect(parts.dropFirst().prefix(3).map(\.sha256) == [big, Data(), small].map(SHA256.hex))
            #expect(parts.dropFirst().prefix(3).map(\.length) == [big.count, 0, small.count])
        }
        #expect(echoes.first?.contentLength == echoes.first.map { String($0.length) }, "every length known: Content-Length")
        #expect(echoes.last?.chunked == true && echoes.last?.parts?.last?.sha256 == SHA256.hex(streamed))
    }

    @Test("a raw file upload goes out whole with its length, and a retry sends the same bytes again")
    func rawFileAndRetry() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = PatternedBytes.make(1 << 20 + 17, seed: 11)
        let file = directory.appendingPathComponent("archive.zip")
        try bytes.write(to: file)
        let server = try await MultipartServer.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "regions", baseURL: server.baseURL, timeout: .seconds(60)), transport: transport,
            wares: [Retry(RetryPolicy(baseDelay: .milliseconds(10), maxDelay: .milliseconds(20)))])
        let outcome = await Result(catching: {
            var request = Request<MultipartEcho>(method: .put, path: "/flaky/2")
            request.body = .file(UploadFile(url: file))
            request.idempotencyKeyHeader = "Idempotency-Key"
            let echo = try await client.send(request)
            let seen = try await client.send(Request<[MultipartServer.RecordedRequest]>(method: .get, path: "/requests"))
            return (echo, seen)
        })
        try await transport.shutdown()
        let (echo, seen) = try outcome.get()
        #expect(echo.sha256 == SHA256.hex(bytes) && echo.contentLength == String(bytes.count) && !echo.chunked)
        #expect(seen.map(\.sha256) == Array(repeating: SHA256.hex(bytes), count: 3), "two 503s, then the success, all whole")
    }

    @Test("a file that shrank after the request was made fails clearly at once, not at the timeout")
    func shrunkenFile() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.txt")
        try PatternedBytes.make(600_000).write(to: file)
        var form = MultipartForm()
        form.addFile("log", UploadFile(url: file))
        let server = try await MultipartServer.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "regions", baseURL: server.baseURL, timeout: .seconds(20)), transport: transport,
            wares: [shrinkBeforeSending(file, to: 1000)])
        var request = Request<MultipartEcho>(method: .post, path: "/upload")
        request.body = .multipart(form)
        await PoolLatency.settle()  // timed against a bound: not while the run's start holds the pool
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await Result(catching: { try await client.send(request) })
        let elapsed = clock.now - start
        try await transport.shutdown()
        #expect(elapsed < .seconds(10), "\(elapsed)")
        guard case .failure(let error as CourierError) = outcome,
              case .invalidRequest(.bodyFileUnreadable(let path, let reason)) = error.reason
        else {
            Issue.record("expected bodyFileUnreadable, got \(outcome)")
            return
        }
        #expect(path == "log.txt" && reason.contains("fewer"))
    }
}

extension FileRegionUploadTests {
    /// How an early-answered upload goes out.
    enum UploadShape: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// A file, as file regions (delegate API).
        case fileRegions
        /// A stream, its answer collected (async API).
        case streamCollected
        /// A stream, its answer streamed (delegate API, chunks).
        case streamStreamed
        var testDescription: String { rawValue }
    }

    @Test("a server that answers 413 before reading the body ends the upload at once, with that answer",
          arguments: UploadShape.allCases)
    func answeredEarly(shape: UploadShape) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("too-big.bin")
        // Sparse: 64 MB the server's 16 MB limit refuses, at no cost to write.
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        let server = try TestServer()
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "early", baseURL: server.baseURL, timeout: .seconds(20)), transport: transport)
        let body: RequestBody = shape == .fileRegions
            ? .file(UploadFile(url: file))
            : .stream(HTTPBody.file(file).chunks(), length: 64 << 20, contentType: "application/octet-stream")
        await PoolLatency.settle()  // timed against a bound: not while the run's start holds the pool
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await Result(catching: {
            if shape == .streamStreamed {
                var request = Request<HTTPBody>(method: .put, path: "/upload")
                request.body = body
                _ = try await client.send(request).collect(upTo: 1 << 20)
            } else {
                var request = Request<Data>(method: .put, path: "/upload")
                request.body = body
                _ = try await client.send(request)
            }
        })
        let elapsed = clock.now - start
        try await transport.shutdown()
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(server.requestCount == 1, "the server saw the head")
        guard case .failure(let error as CourierError) = outcome, case .status(let response) = error.reason else {
            Issue.record("expected the 413 as the call's failure, got \(outcome)")
            return
        }
        #expect(response.status.code == 413)
        #expect(response.data == Data("request body over 16 MB".utf8), "the answer's body, whole")
    }
}

/// A ware that truncates `file` to `size` bytes just before the request goes to the transport,
/// after the form measured it.
private func shrinkBeforeSending(_ file: URL, to size: UInt64) -> Middleware {
    Middleware { request, _ in
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: size)
        try handle.close()
        return .proceed(request)
    }
}
#endif
