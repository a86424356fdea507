// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing

/// Collects what reaches the caller.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [TransferProgress] = []
    var all: [TransferProgress] { lock.withLock { list } }
    func add(_ progress: TransferProgress) { lock.withLock { list.append(progress) } }
}

@Suite("AsyncHTTPClientTransport: multipart uploads and their progress")
struct AsyncHTTPClientProgressTests {
    @Test("an 8 MB multipart upload reaches a real parser whole, with monotonic, throttled progress ending at 100%")
    func multipartUpload() async throws {
        let size = 8 << 20
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ahc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.bin")
        try PatternedBytes.make(size).write(to: file)

        let server = try await MultipartServer.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "ahc", baseURL: server.baseURL, timeout: .seconds(60)), transport: transport)
        var form = MultipartForm()
        form.add("title", "big")
        form.addFile("file", UploadFile(url: file))
        var request = Request<MultipartEcho>(method: .post, path: "/upload")
        request.body = .multipart(form)
        let reports = Reports()
        request.onProgress = reports.add
        let updates = ProgressUpdates()
        request.progressUpdates = updates
        let clock = ContinuousClock()
        let start = clock.now
        async let streamed: [TransferProgress] = updates.reduce(into: []) { $0.append($1) }
        let outcome = await Result(catching: { try await client.send(request) })
        let elapsed = clock.now - start
        let seen = await streamed
        try await transport.shutdown()
        let echo = try outcome.get()

        #expect(echo.defects.isEmpty && !echo.chunked && echo.contentLength == String(echo.length))
        #expect(echo.parts?.map(\.name) == ["title", "file"])
        #expect(echo.parts?.last?.length == size)
        let uploads = reports.all.filter { $0.direction == .upload }
        let counts = uploads.map(\.completedBytes)
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic")
        let last = try #require(uploads.last)
        #expect(last.completedBytes == echo.length && last.totalBytes == echo.length, "ends at 100%")
        let step = min(echo.length / 100, 256 << 10)
        let quiet = Int(elapsed / .milliseconds(500)) + 1
        #expect(uploads.count <= echo.length / step + 2 + quiet, "throttled: \(uploads.count) reports")
        #expect(uploads.count >= 2)
        #expect(seen == reports.all, "the async sequence gets the same reports and ends with the call")
    }

    @Test("a multipart body with a stream part of unknown length goes chunked and arrives whole")
    func chunkedMultipart() async throws {
        let server = try await MultipartServer.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(
            service: ServiceConfiguration(name: "ahc", baseURL: server.baseURL, timeout: .seconds(60)), transport: transport)
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        for index in 0..<10 { continuation.yield(Data(repeating: UInt8(index), count: 30_000)) }
        continuation.finish()
        var form = MultipartForm()
        form.add("name", "log")
        form.addStream("log", stream, fileName: "app.log", contentType: "text/plain")
        var request = Request<MultipartEcho>(method: .post, path: "/upload")
        request.body = .multipart(form)
        let outcome = await Result(catching: { try await client.send(request) })
        try await transport.shutdown()
        let echo = try outcome.get()
        #expect(echo.chunked && echo.contentLength == nil && echo.defects.isEmpty)
        #expect(echo.parts?.map(\.name) == ["name", "log"])
        #expect(echo.parts?.last?.length == 300_000 && echo.parts?.last?.filename == "app.log")
    }
}

extension Result where Failure == any Error {
    /// The outcome of `body`.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
#endif
