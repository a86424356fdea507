import Courier
import CourierTestServer
import Foundation
import Testing

/// An upload that ends badly (its deadline, the caller cancelling, the server hanging up or
/// refusing it mid-body) lets go of its body: no descriptor stays open on its file, and its
/// stream is not held by a writer waiting for ever. An app that retries such uploads all day must
/// not run out of descriptors or memory. The file checks read the process's descriptors from
/// `/proc`, so they run on Linux only.
@Suite("Conformance: an upload that ends badly lets go of its body")
struct UploadReleaseConformanceTests {
    /// How an upload stuck with part of its body sent (the server has stopped reading) ends.
    enum Ending: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case deadline, cancelled, serverHangsUp
        var testDescription: String { rawValue }
    }

    @Test("a 16 MB file upload stuck mid-body that ends badly leaves its file closed", .timeLimit(.minutes(1)),
          .enabled(if: OpenDescriptors.canList),
          arguments: TransportUnderTest.survivingLargeUploadsCutShort, Ending.allCases)
    func releasesALargeFile(_ transportUnderTest: TransportUnderTest, ending: Ending) async throws {
        try await releasesTheFile(16 << 20, on: transportUnderTest, ending: ending)
    }

    @Test("a 768 KB file upload cut short mid-body that ends badly leaves its file closed", .timeLimit(.minutes(1)),
          .enabled(if: OpenDescriptors.canList), arguments: TransportUnderTest.allCases, Ending.allCases)
    func releasesASmallFile(_ transportUnderTest: TransportUnderTest, ending: Ending) async throws {
        try await releasesTheFile(768 << 10, on: transportUnderTest, ending: ending)
    }

    private func releasesTheFile(_ length: Int, on transportUnderTest: TransportUnderTest, ending: Ending) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-released-\(UUID().uuidString)")
        try PatternedBytes.make(length, seed: 5).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await Self.stuckUpload(.file(file), length: length, on: transportUnderTest, ending: ending)
        let stillOpen = try await OpenDescriptors.awaitNone(containing: file.lastPathComponent)
        #expect(stillOpen == 0, "descriptors still open on the file")
    }

    @Test("a 16 MB streamed upload stuck mid-body that ends badly stops reading its stream and lets it go",
          .timeLimit(.minutes(1)), arguments: TransportUnderTest.survivingLargeUploadsCutShort, Ending.allCases)
    func releasesALargeStream(_ transportUnderTest: TransportUnderTest, ending: Ending) async throws {
        try await releasesTheStream(256, on: transportUnderTest, ending: ending)
    }

    // A stream with a collected answer goes through AsyncHTTPClient's async API, which ends the
    // body's writer itself; one whose answer would be streamed goes through its delegate API,
    // where Courier has to (`DelegateExchange.fail`: without it the deadline case failed here).
    @Test("a 16 MB streamed upload whose answer would be streamed, stuck mid-body, lets its stream go when it ends badly",
          .timeLimit(.minutes(1)), arguments: TransportUnderTest.survivingLargeUploadsCutShort, Ending.allCases)
    func releasesALargeStreamAnsweredAsAStream(_ transportUnderTest: TransportUnderTest, ending: Ending) async throws {
        try await releasesTheStream(256, on: transportUnderTest, ending: ending, streamedAnswer: true)
    }

    @Test("a 768 KB streamed upload cut short mid-body that ends badly lets its stream go",
          .timeLimit(.minutes(1)), arguments: TransportUnderTest.allCases, Ending.allCases)
    func releasesASmallStream(_ transportUnderTest: TransportUnderTest, ending: Ending) async throws {
        try await releasesTheStream(12, on: transportUnderTest, ending: ending)
    }

    private func releasesTheStream(
        _ chunkCount: Int, on transportUnderTest: TransportUnderTest, ending: Ending, streamedAnswer: Bool = false
    ) async throws {
        let released = Hits()
        let chunks = TrackedChunks(count: chunkCount, released: released)
        let length = chunkCount * TrackedChunks.chunk.count
        try await Self.stuckUpload(
            .stream(chunks, length: length, contentType: "application/octet-stream"), length: length,
            on: transportUnderTest, ending: ending, streamedAnswer: streamedAnswer)
        let releasedBy = ContinuousClock.now + .seconds(3)
        while released.value == 0, ContinuousClock.now < releasedBy { try await Task.sleep(for: .milliseconds(10)) }
        #expect(released.value == 1, "the body's writer still holds the stream")
    }

    /// Sends `body` of `length` bytes to a server that stops reading after a sixteenth of it,
    /// ends the call the `ending` way, and checks that it failed. `streamedAnswer`: the request
    /// asks for its answer as a stream (`Request<HTTPBody>`) instead of decoding it.
    private static func stuckUpload(
        _ body: RequestBody, length: Int, on transportUnderTest: TransportUnderTest, ending: Ending, streamedAnswer: Bool = false
    ) async throws {
        let pausedAfter = length / 16
        let server = try PausingUploadServer(pausedAfter: pausedAfter)
        server.start()
        defer { server.stop() }
        let transport = transportUnderTest.make()
        let client = try Client(
            service: ServiceConfiguration(
                name: "released", baseURL: server.baseURL, timeout: ending == .deadline ? .seconds(3) : .seconds(30)),
            transport: transport)
        var decoded = Request<[String: Int]>(method: .post, path: "/upload")
        decoded.body = body
        var streamed = Request<HTTPBody>(method: .post, path: "/upload")
        streamed.body = body
        // The deadline must find the body stuck, not still starting: not while the run's start
        // holds the pool.
        await PoolLatency.settle()
        let call = Task { [decoded, streamed] in
            if streamedAnswer { _ = try await client.send(streamed) } else { _ = try await client.send(decoded) }
        }
        let waitLimit = ContinuousClock.now + .seconds(10)
        while server.bytesReceived < pausedAfter, ContinuousClock.now < waitLimit { try await Task.sleep(for: .milliseconds(5)) }
        #expect(server.bytesReceived >= pausedAfter, "the upload got under way")
        switch ending {
        case .deadline: break
        case .cancelled: call.cancel()
        case .serverHangsUp: server.stop()
        }
        let outcome = await call.result
        if case .success = outcome { Issue.record("the upload cannot have succeeded: \(outcome)") }
        try await TransportUnderTest.shutDown(transport)
    }

    @Test("an upload the server refuses before reading it (413, then it hangs up) leaves its file closed",
          .timeLimit(.minutes(1)), .enabled(if: OpenDescriptors.canList),
          arguments: TransportUnderTest.survivingLargeUploadsCutShort)
    func releasesTheFileRefusedEarly(_ transportUnderTest: TransportUnderTest) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-refused-\(UUID().uuidString)")
        try PatternedBytes.make(24 << 20, seed: 6).write(to: file)  // over the test server's 16 MB limit
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer(transportUnderTest, routes: { $0.route(.post, "/upload") { _ in .json("{}") } }) { _, client in
            var request = Request<[String: Int]>(method: .post, path: "/upload")
            request.body = .file(file)
            let outcome = await Task { try await client.send(request) }.result
            guard case .failure = outcome else {
                Issue.record("the server refused the upload: \(outcome)")
                return
            }
            let stillOpen = try await OpenDescriptors.awaitNone(containing: file.lastPathComponent)
            #expect(stillOpen == 0, "descriptors still open on the file")
        }
    }
}

/// `count` chunks of 64 KB, made as they are asked for; `released` counts the iterators let go of.
private struct TrackedChunks: AsyncSequence, Sendable {
    typealias Element = Data
    static let chunk = Data(repeating: 0x5A, count: 64 << 10)
    let count: Int
    let released: Hits

    /// Counts its own end: the iterator holding it was let go of.
    final class Token: Sendable {
        let released: Hits
        init(_ released: Hits) { self.released = released }
        deinit { released.add() }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var left: Int
        let token: Token

        mutating func next() async throws -> Data? {
            guard left > 0 else { return nil }
            left -= 1
            return TrackedChunks.chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(left: count, token: Token(released))
    }
}
