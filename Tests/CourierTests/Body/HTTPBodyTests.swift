@testable import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("HTTPBody: bytes, files and streams, read once or again")
struct HTTPBodyTests {
    @Test("bytes and files can be read again; their length is known")
    func replayable() async throws {
        let bytes = HTTPBody.bytes(Data("hello".utf8))
        #expect(bytes.isReplayable && bytes.length == 5 && bytes.data == Data("hello".utf8))
        #expect(try await bytes.collect(upTo: 10) == Data("hello".utf8))
        #expect(try await bytes.collect(upTo: 10) == Data("hello".utf8))

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString)")
        let contents = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
        try contents.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = HTTPBody.file(url)
        #expect(file.isReplayable && file.length == contents.count && file.data == nil && file.fileURL == url)
        var chunks = 0
        for try await chunk in file.chunks() {
            chunks += 1
            #expect(chunk.count <= 64 * 1024, "a file is read in chunks, never whole")
        }
        #expect(chunks == 4)
        #expect(try await file.collect(upTo: 1 << 20) == contents)
        #expect(try await file.collect(upTo: 1 << 20) == contents)
    }

    @Test("a one-shot stream reads once; a second read is a clear error")
    func oneShot() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        continuation.yield(Data("a".utf8))
        continuation.yield(Data("b".utf8))
        continuation.finish()
        let body = HTTPBody(stream)
        #expect(!body.isReplayable && body.length == nil && body.isStream)
        #expect(try await body.collect(upTo: 10) == Data("ab".utf8))
        let error = await #expect(throws: CourierError.self) { _ = try await body.collect(upTo: 10) }
        guard case .invalidRequest(.bodyNotReplayable)? = error?.reason else {
            Issue.record("expected bodyNotReplayable, got \(String(describing: error))")
            return
        }
    }

    @Test("a stream that ends short of, or runs past, its declared length fails as it is read")
    func declaredLength() async throws {
        func stream(_ sizes: [Int], declared: Int) -> HTTPBody {
            HTTPBody(AsyncStream<Data> { continuation in
                for size in sizes { continuation.yield(Data(count: size)) }
                continuation.finish()
            }, length: declared)
        }
        #expect(try await stream([4, 6], declared: 10).collect(upTo: 100).count == 10)
        for (sizes, declared, actual) in [([4, 3], 10, 7), ([6, 6], 10, 12)] {
            let error = await #expect(throws: CourierError.self) { _ = try await stream(sizes, declared: declared).collect(upTo: 100) }
            guard case .invalidRequest(.bodyLengthMismatch(declared, actual))? = error?.reason else {
                Issue.record("expected bodyLengthMismatch(\(declared), \(actual)), got \(String(describing: error))")
                continue
            }
        }
    }

    @Test("collecting past the limit throws responseTooLarge, for a declared length at once")
    func limit() async throws {
        await #expect(throws: CourierError.self) { _ = try await HTTPBody.bytes(Data(count: 11)).collect(upTo: 10) }
        let declared = HTTPBody(AsyncStream<Data> { _ in }, length: 1_000)
        let error = await #expect(throws: CourierError.self) { _ = try await declared.collect(upTo: 10) }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test("an unreadable file says which file (by name) and why, without its directories")
    func unreadableFile() async throws {
        let missing = HTTPBody.file(URL(fileURLWithPath: "/nonexistent/dir/report.csv"))
        #expect(missing.length == nil)
        let error = await #expect(throws: CourierError.self) { _ = try await missing.collect(upTo: 100) }
        guard case .invalidRequest(.bodyFileUnreadable(let path, _))? = error?.reason else {
            Issue.record("expected bodyFileUnreadable, got \(String(describing: error))")
            return
        }
        #expect(path == "report.csv")
    }

    @Test("a file body gives exactly the length it declared: a file grown since is cut there, one shrunk since fails naming it")
    func fileChangedSinceMeasured() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-body-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: url) }
        let contents = PatternedBytes.make(200_000)
        try contents.write(to: url)
        let body = HTTPBody.file(url)
        let grower = try FileHandle(forWritingTo: url)
        try grower.seekToEnd()
        try grower.write(contentsOf: Data(repeating: 0x41, count: 70_000))
        try grower.close()
        #expect(try await body.collect(upTo: 1 << 20) == contents, "the bytes appended since are left out")
        // In a multipart form too: its length was counted with the file's size then.
        var form = MultipartForm()
        form.addFile("log", UploadFile(url: url))
        let multipart = try form.encoded(with: JSONEncoder())
        let measured = try #require(multipart.body.length)
        try Data(count: 10).write(to: url)
        for changed in [body, multipart.body] {
            let error = await #expect(throws: CourierError.self) { _ = try await changed.collect(upTo: 1 << 22) }
            guard case .invalidRequest(.bodyFileUnreadable(let path, let reason))? = error?.reason else {
                Issue.record("expected bodyFileUnreadable, got \(String(describing: error))")
                continue
            }
            #expect(path == url.lastPathComponent && reason.contains("fewer"), "\(reason)")
        }
        #expect(measured > 270_000)
    }

    @Test("a description names the kind and length, never the bytes")
    func description() {
        #expect(HTTPBody.bytes(Data("secret-token".utf8)).description == "12 bytes in memory")
        #expect(!HTTPBody.bytes(Data("secret-token".utf8)).description.contains("secret"))
    }
}
