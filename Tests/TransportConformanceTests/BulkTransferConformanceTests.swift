import Courier
import CourierTestServer
import Foundation
import Testing

/// Bodies many times larger than a transport's buffers, against ``BulkServer``: they arrive
/// whole, from one request, however the caller reads them.
@Suite("Every transport moves bodies larger than its buffers")
struct BulkTransferConformanceTests {
    /// Several times a streamed body's 1 MiB buffer and AsyncHTTPClient's, yet light enough to run
    /// beside the timing-sensitive tests of a debug build.
    static let size = 8 << 20

    private func withBulkServer(_ transport: TransportUnderTest, _ body: (BulkServer, Client) async throws -> Void) async throws {
        let server = try BulkServer()
        server.start()
        defer { server.stop() }
        let made = transport.make()
        let client = try Client(service: ServiceConfiguration(name: "bulk", baseURL: server.baseURL, timeout: .seconds(30)), transport: made)
        do {
            try await body(server, client)
        } catch {
            try? await TransportUnderTest.shutDown(made)
            throw error
        }
        try await TransportUnderTest.shutDown(made)
    }

    // URLSession on Linux once paused a streamed body by suspending its task, which
    // swift-corelibs-foundation answers by sending the request again: a second response head
    // arrived mid-body, the reader waited forever.
    @Test("a streamed download read slowly arrives whole, from one request", arguments: TransportUnderTest.allCases)
    func slowReader(_ transport: TransportUnderTest) async throws {
        try await withBulkServer(transport) { server, client in
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/bytes/\(Self.size)"))
            var count = 0
            var sincePause = 0
            for try await chunk in body.chunks() {
                // Ends of every chunk: a byte-by-byte check of megabytes costs seconds of CPU in a debug build.
                #expect(chunk.first == UInt8(ascii: "x") && chunk.last == UInt8(ascii: "x"))
                count += chunk.count
                sincePause += chunk.count
                if sincePause >= 1 << 20 {
                    // About 100 MB/s at most: far slower than loopback, so the transport must wait.
                    sincePause = 0
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            #expect(count == Self.size)
            #expect(server.requestCount == 1)
        }
    }

    @Test("a download written to a file arrives whole", arguments: TransportUnderTest.allCases)
    func toFile(_ transport: TransportUnderTest) async throws {
        try await withBulkServer(transport) { _, client in
            let file = try await client.send(Request<URL>(method: .get, path: "/bytes/\(Self.size)", decoding: .file(to: nil)))
            defer { try? FileManager.default.removeItem(at: file) }
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
            #expect(size?.intValue == Self.size)
        }
    }

    @Test("a streamed upload arrives whole, with its length or chunked", arguments: TransportUnderTest.allCases, [true, false])
    func upload(_ transport: TransportUnderTest, declaresLength: Bool) async throws {
        try await withBulkServer(transport) { _, client in
            var request = Request<String>(method: .put, path: "/sink")
            request.body = .stream(
                RepeatedChunks(total: Self.size), length: declaresLength ? Self.size : nil, contentType: "application/octet-stream")
            let received = try await client.send(request)
            #expect(received == "\(Self.size)")
        }
    }

    /// Not URLSession on Linux: corelibs cannot pause a download, and in a loaded full test run
    /// its cancelled task went on receiving (a 16 GiB body filled 13 GB of memory before the run
    /// was stopped), so this stays an AsyncHTTPClient guarantee until corelibs cancels promptly.
    static let closesOnStop: [TransportUnderTest] = TransportUnderTest.allCases.filter { $0 != .urlSession }

    @Test("a reader that stops early ends the download: the server sees the connection close", arguments: closesOnStop)
    func readerStopsEarly(_ transport: TransportUnderTest) async throws {
        try await withBulkServer(transport) { server, client in
            // Far more than every buffer between the server and the reader (so only closing ends it
            // early), yet bounded: a transport that keeps reading cannot take the machine's memory.
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/bytes/\(256 << 20)"))
            var count = 0
            for try await chunk in body.chunks() {
                count += chunk.count
                if count >= 2 << 20 { break }
            }
            #expect(count >= 2 << 20)
            // The iterator is gone: the transport must close the connection rather than pause it.
            let deadline = ContinuousClock.now + .seconds(20)
            while server.abandonedDownloads == 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(server.abandonedDownloads == 1)
        }
    }
}

/// `total` bytes in chunks of 64 KB.
private struct RepeatedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let total: Int

    func makeAsyncIterator() -> Iterator { Iterator(remaining: total) }

    struct Iterator: AsyncIteratorProtocol {
        var remaining: Int

        mutating func next() async -> Data? {
            guard remaining > 0 else { return nil }
            let count = Swift.min(remaining, 64 * 1024)
            remaining -= count
            return Data(repeating: UInt8(ascii: "y"), count: count)
        }
    }
}
