// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing

// Reading a body on the transport's event loop. What it saves is measured by `transport-probe
// bulk-downloads` (Benchmarks/README.md), not here.
@Suite("Reading bodies on the transport's event loop")
struct LoopExecutorTests {
    /// The largest `received` figure reported so far.
    private final class FurthestReceived: Sendable {
        private let value = Locked(0)
        var bytes: Int { value.withLock { $0 } }
        func add(_ progress: TransferProgress) {
            guard progress.direction == .download else { return }
            value.withLock { $0 = max($0, progress.completedBytes) }
        }
    }

    private static func client(_ transport: AsyncHTTPClientTransport, _ baseURL: URL) throws -> Client {
        try Client(service: ServiceConfiguration(name: "loop", baseURL: baseURL, timeout: .seconds(30)), transport: transport)
    }

    /// `body` run with a ``BulkServer``, a transport and a client to it; both stopped after.
    private static func withBulkServer<T>(
        _ body: (BulkServer, AsyncHTTPClientTransport, Client) async throws -> T
    ) async throws -> T {
        let server = try BulkServer()
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Self.client(transport, server.baseURL)
        do {
            let value = try await body(server, transport, client)
            try await transport.shutdown()
            return value
        } catch {
            try await transport.shutdown()
            throw error
        }
    }

    @Test(
        "a body read under the executor arrives byte for byte, every chunk on its loop, in SwiftNIO's own buffers; read elsewhere, through pooled copies",
        arguments: [true, false])
    func streamedOnTheLoop(onLoop: Bool) async throws {
        let bytes = PatternedBytes.make(5 << 20 + 777)
        let server = try TestServer()
        // Uneven pieces with pauses between some, so that turns of the loop see parts of every size.
        let response = piecewiseBody(bytes, pieces: [100, 300_000, 7, 2_000_000, 65_536], pause: .milliseconds(20))
        server.route(.get, "/pattern") { _ in response }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Self.client(transport, server.baseURL)
        let executor = transport.eventLoopExecutor()
        let read = {
            let body = try await client.send(Request<HTTPBody>(method: .get, path: "/pattern"))
            var received = Data()
            var everyChunkOnLoop = true
            for try await chunk in body.chunks() {
                received += chunk
                everyChunkOnLoop = everyChunkOnLoop && executor.loop.inEventLoop
            }
            return (received, everyChunkOnLoop)
        }
        let outcome = await Result(catching: { onLoop ? try await withTaskExecutorPreference(executor, operation: read) : try await read() })
        try await transport.shutdown()
        let (received, everyChunkOnLoop) = try outcome.get()
        #expect(received == bytes)
        #expect(everyChunkOnLoop == onLoop)
        if onLoop {
            #expect(transport.blocks.peakOutstanding == 0, "no part was copied into a pooled block")
        } else {
            #expect(transport.blocks.peakOutstanding > 0)
        }
    }

    @Test("the Transports article's example: a body counted on the loop")
    func articleExample() async throws {
        let server = try TestServer()
        server.route(.get, "/archive") { _ in TestServer.Response(status: 200, body: PatternedBytes.make(300_000)) }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Self.client(transport, server.baseURL)
        let outcome = await Result(catching: {
            // The article's lines, verbatim.
            let executor = transport.eventLoopExecutor()
            let count = try await withTaskExecutorPreference(executor) {
                let body = try await client.send(Request<HTTPBody>(method: .get, path: "/archive"))
                var count = 0
                for try await chunk in body.chunks() { count += chunk.count }
                return count
            }
            return count
        })
        try await transport.shutdown()
        #expect(try outcome.get() == 300_000)
        #expect(transport.blocks.peakOutstanding == 0)
    }

    @Test("a reader on the loop that holds still pauses the connection about a megabyte ahead, then reads the rest")
    func holdingStillOnTheLoop() async throws {
        let size = 64 << 20
        let (count, ahead) = try await Self.withBulkServer { _, transport, client in
            var request = Request<HTTPBody>(method: .get, path: "/bytes/\(size)")
            let furthest = FurthestReceived()
            request.onProgress = furthest.add
            return try await withTaskExecutorPreference(transport.eventLoopExecutor()) {
                let body = try await client.send(request)
                var iterator = body.chunks().makeAsyncIterator()
                var count = try await iterator.next()?.count ?? 0
                // Long enough for the whole body to arrive several times over, were it not paused.
                try await Task.sleep(for: .seconds(1))
                let ahead = furthest.bytes
                while let chunk = try await iterator.next() { count += chunk.count }
                return (count, ahead)
            }
        }
        #expect(count == size)
        // The channel's 1 MB high-water mark, a turn's reads past it and the progress throttle's
        // slack; without the pause, all 64 MB.
        #expect(ahead <= 4 << 20, "\(ahead) bytes read while the reader held still")
    }

    @Test("a reader on the loop that stops early ends the download, and the next call on the loop works")
    func stoppingEarlyOnTheLoop() async throws {
        let (second, abandoned) = try await Self.withBulkServer { server, transport, client in
            let second = try await withTaskExecutorPreference(transport.eventLoopExecutor()) {
                let body = try await client.send(Request<HTTPBody>(method: .get, path: "/bytes/\(256 << 20)"))
                for try await _ in body.chunks() { break }
                return try await client.send(Request<Data>(method: .get, path: "/bytes/1000")).count
            }
            // The server sees the first download abandoned (its connection closed) within a few seconds.
            let clock = ContinuousClock()
            let start = clock.now
            while server.abandonedDownloads == 0, clock.now - start < .seconds(5) { try await Task.sleep(for: .milliseconds(20)) }
            return (second, server.abandonedDownloads)
        }
        #expect(second == 1000)
        #expect(abandoned == 1)
    }

    @Test("a download to a file under the executor is written whole, from pooled copies rather than the loop's buffers")
    func fileDownloadUnderTheExecutor() async throws {
        let bytes = PatternedBytes.make(3 << 20 + 5)
        let server = try TestServer()
        server.route(.get, "/file") { _ in TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/octet-stream")], body: bytes) }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Self.client(transport, server.baseURL)
        let executor = transport.eventLoopExecutor()
        let outcome = await Result(catching: {
            try await withTaskExecutorPreference(executor) {
                try await client.send(Request<URL>(method: .get, path: "/file", decoding: .file(to: nil)))
            }
        })
        try await transport.shutdown()
        let file = try outcome.get()
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == bytes)
        // Its writer runs off the loop, so the parts must not hold SwiftNIO's buffers.
        #expect(transport.blocks.peakOutstanding > 0)
    }
}
#endif
