// The baseline needs AsyncHTTPClient itself, there only with the package's AsyncHTTPClient trait.
#if AsyncHTTPClient
import AsyncHTTPClient
import Foundation
import NIOCore

/// The same bulk transfers as ``BulkRun`` with AsyncHTTPClient alone, no Courier: `execute`,
/// and the body read or sent as `ByteBuffer`s. The baseline Courier's transport is held to.
struct BareRun {
    let direction: BulkDirection
    let port: Int
    let bytes: Int
    /// The file an upload sends, as ``BulkRun/uploadFile``.
    var uploadFile: URL?

    /// `<outcome> <elapsed-ms> <bytes>`, as ``BulkRun/run()`` prints.
    func run() async -> String {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bulk-\(UUID().uuidString)")
        defer { BulkFiles.remove(scratch) }
        var moved = -1
        let outcome: String
        let clock = ContinuousClock()
        var start = clock.now
        do {
            var upload = scratch
            if direction == .uploadFile { upload = try uploadFile ?? BulkFiles.sparse(bytes, at: scratch) }
            start = clock.now
            moved = try await transfer(client, scratch: upload)
            outcome = moved == direction.expected(bytes) ? "ok" : "short"
        } catch {
            outcome = "\(type(of: error))"
        }
        let elapsed = clock.now - start
        try? await client.shutdown()
        return BulkFiles.line(outcome, elapsed, moved)
    }

    private func transfer(_ client: HTTPClient, scratch: URL) async throws -> Int {
        let base = "http://127.0.0.1:\(port)"
        switch direction {
        case .idle, .download, .downloadSlow, .downloadFile:
            let path = direction == .idle ? "/bytes/\(BulkDirection.idleBytes)" : "/bytes/\(bytes)"
            let response = try await client.execute(HTTPClientRequest(url: base + path), timeout: .seconds(600))
            guard direction == .downloadFile else {
                var counter = SlowCounter(slow: direction == .downloadSlow)
                for try await buffer in response.body { try await counter.add(buffer.readableBytes) }
                return counter.count
            }
            guard FileManager.default.createFile(atPath: scratch.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let file = try FileHandle(forWritingTo: scratch)
            defer { try? file.close() }
            for try await buffer in response.body { try file.write(contentsOf: Data(buffer.readableBytesView)) }
            try file.synchronize()
            return BulkFiles.size(of: scratch)
        case .uploadStream, .uploadChunked, .uploadFile:
            var request = HTTPClientRequest(url: base + "/sink")
            request.method = .PUT
            let length: HTTPClientRequest.Body.Length = direction == .uploadChunked ? .unknown : .known(Int64(bytes))
            if direction == .uploadFile {
                request.body = .stream(FileBuffers(url: scratch), length: length)
            } else {
                request.body = .stream(GeneratedBuffers(total: bytes), length: length)
            }
            let response = try await client.execute(request, timeout: .seconds(600))
            let text = try await response.body.collect(upTo: 1024)
            return Int(String(buffer: text)) ?? -1
        case .uploadMultipart:
            // AsyncHTTPClient has no multipart encoder; `bulk-multipart` compares with `curl -F`.
            return -1
        }
    }
}

/// ``GeneratedChunks`` as `ByteBuffer`s, all views of one buffer.
struct GeneratedBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    static let block = ByteBuffer(repeating: UInt8(ascii: "x"), count: GeneratedChunks.chunkSize)

    let total: Int

    func makeAsyncIterator() -> Iterator { Iterator(remaining: total) }

    struct Iterator: AsyncIteratorProtocol {
        var remaining: Int

        mutating func next() async -> ByteBuffer? {
            guard remaining > 0 else { return nil }
            let count = Swift.min(remaining, GeneratedChunks.chunkSize)
            remaining -= count
            return GeneratedBuffers.block.getSlice(at: 0, length: count)
        }
    }
}

/// A file read in chunks of 64 KB as `ByteBuffer`s.
struct FileBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let url: URL

    func makeAsyncIterator() -> Iterator { Iterator(url: url) }

    struct Iterator: AsyncIteratorProtocol {
        let url: URL
        var handle: FileHandle?
        var finished = false

        init(url: URL) {
            self.url = url
        }

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            if handle == nil { handle = try FileHandle(forReadingFrom: url) }
            guard let chunk = try handle?.read(upToCount: GeneratedChunks.chunkSize), !chunk.isEmpty else {
                finished = true
                try handle?.close()
                return nil
            }
            return ByteBuffer(bytes: chunk)
        }
    }
}
#endif
