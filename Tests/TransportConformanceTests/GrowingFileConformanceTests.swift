import Courier
import CourierTestServer
import Foundation
import Testing

/// An upload whose file grows while it is going out: a log still being written. The request
/// declared the file's length when it was made, so each transport sends exactly that many bytes,
/// never the appended ones: bytes beyond a declared `Content-Length` are read by the server as
/// the start of another request on the connection.
@Suite("Conformance: a file that grows while it is being sent")
struct GrowingFileConformanceTests {
    @Test("a file appended to while it is being sent goes out at the length it had; nothing beyond it is sent",
          arguments: TransportUnderTest.allCases)
    func growsMidUpload(_ transportUnderTest: TransportUnderTest) async throws {
        let length = 8 << 20
        let upload = try await ChangingFileUpload.run(transportUnderTest, length: length) { file in
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: PatternedBytes.make(3 << 20, seed: 3))
            try handle.close()
        }
        #expect(try upload.outcome.get() == ["received": length])
        #expect(upload.bytesBeyondBody == 0, "bytes sent beyond the declared Content-Length")
    }

    @Test("a file cut short after the request measured it, before anything is sent, fails clearly at once",
          arguments: TransportUnderTest.allCases)
    func shrankBeforeSending(_ transportUnderTest: TransportUnderTest) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-shrank-\(UUID().uuidString)")
        try PatternedBytes.make(600_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try PausingUploadServer(pausedAfter: Int.max, answering: true)
        server.start()
        defer { server.stop() }
        let transport = transportUnderTest.make()
        let cut = Middleware { request, _ in
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 1000)
            try handle.close()
            return .proceed(request)
        }
        let client = try Client(
            service: ServiceConfiguration(name: "shrank", baseURL: server.baseURL, timeout: .seconds(20)),
            transport: transport, wares: [cut])
        var request = Request<[String: Int]>(method: .post, path: "/upload")
        request.body = .file(file)
        await PoolLatency.settle()  // timed against a bound: not while the run's start holds the pool
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await Task { try await client.send(request) }.result
        let elapsed = clock.now - start
        try await TransportUnderTest.shutDown(transport)
        #expect(elapsed < .seconds(5), "\(elapsed)")
        guard case .failure(let error as CourierError) = outcome,
              case .invalidRequest(.bodyFileUnreadable(let path, let reason)) = error.reason
        else {
            Issue.record("expected bodyFileUnreadable, got \(outcome)")
            return
        }
        #expect(path == file.lastPathComponent && reason.contains("1000 bytes, fewer"), "\(reason)")
    }

    @Test("a retried file upload sends the same declared bytes each attempt, though the file grew between them",
          .timeLimit(.minutes(1)), arguments: TransportUnderTest.allCases)
    func growsBetweenRetries(_ transportUnderTest: TransportUnderTest) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-retried-\(UUID().uuidString)")
        let contents = PatternedBytes.make(300_000)
        try contents.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let attempts = Hits()
        try await withServer(
            transportUnderTest, routes: {
                $0.route(.put, "/upload") { request in
                    attempts.add()
                    guard attempts.value == 1 else { return .json(#"{"received":\#(request.body.count)}"#) }
                    // The log grows between the attempts.
                    if let handle = try? FileHandle(forWritingTo: file) {
                        _ = try? handle.seekToEnd()
                        try? handle.write(contentsOf: Data(repeating: 0x41, count: 50_000))
                        try? handle.close()
                    }
                    return TestServer.Response(status: 503, headers: [.init(name: "Retry-After", value: "0")])
                }
            },
            wares: [Retry(RetryPolicy(maxAttempts: 3))]
        ) { server, client in
            // PUT: idempotent, so Retry sends it again.
            var request = Request<[String: Int]>(method: .put, path: "/upload")
            request.body = .file(file)
            let answer = try await client.send(request)
            #expect(answer == ["received": contents.count])
            #expect(server.requests.map(\.body) == [contents, contents], "both attempts carry the bytes the request declared")
        }
    }
}
