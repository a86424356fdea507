import Courier
import CourierTestServer
import Foundation
import Testing

private struct Metadata: Codable, Sendable, Equatable {
    var title: String
    var tags: [String]
    var takenAt: Date
}

/// What Python's MIME parser should report for a part of `bytes`.
private func expected(_ name: String, _ bytes: Data, filename: String? = nil, contentType: String? = nil) -> MultipartEcho.Part {
    MultipartEcho.Part(name: name, filename: filename, contentType: contentType, length: bytes.count, sha256: SHA256.hex(bytes))
}

@Suite("MultipartForm against a real parser (Python's email.parser): every part byte for byte")
struct MultipartFormTests {
    @Test("text, scalar, JSON, file and data parts arrive as sent, with a correct Content-Length")
    func everyKindOfPart() async throws {
        let fileBytes = patternedBytes(300_000)
        let file = try temporaryFile(fileBytes, name: "photo.png")
        defer { removeTemporaryFile(file) }
        let metadata = Metadata(title: "Sea", tags: ["a", "b"], takenAt: Date(timeIntervalSince1970: 1_700_000_000))
        let raw = patternedBytes(1_000, seed: 3)
        var form = MultipartForm()
        form.add("title", "Holiday by the sea")
        form.add("rating", 5)
        form.add("public", true)
        form.add("tags", ["x", "y"])
        form.add("missing", String?.none)
        form.addJSON("metadata", metadata)
        form.addFile("photo", UploadFile(url: file))
        form.addFile("thumb", UploadFile(url: file), contentType: "image/x-thumb")
        form.addData("raw", raw)
        form.addText("note", "héllo", contentType: "text/plain; charset=utf-8")
        try await withMultipartServer { server, client in
            let echo = try await client.send(multipartPost(form))
            #expect(echo.defects.isEmpty)
            // The service's encoder (the default coding here), as a `.json` body uses it.
            let json = try ServiceConfiguration(name: "x", baseURL: server.baseURL).coding.makeEncoder().encode(metadata)
            let parts: [MultipartEcho.Part] = [
                expected("title", Data("Holiday by the sea".utf8)),
                expected("rating", Data("5".utf8)),
                expected("public", Data("true".utf8)),
                expected("tags", Data("x".utf8)),
                expected("tags", Data("y".utf8)),
                expected("metadata", json, contentType: "application/json"),
                expected("photo", fileBytes, filename: "photo.png", contentType: "image/png"),
                expected("thumb", fileBytes, filename: "photo.png", contentType: "image/x-thumb"),
                expected("raw", raw, contentType: "application/octet-stream"),
                expected("note", Data("héllo".utf8), contentType: "text/plain; charset=utf-8"),
            ]
            #expect(echo.parts == parts)
            #expect(!echo.chunked)
            #expect(echo.contentLength == String(echo.length), "Content-Length is the body's exact length")
            #expect(echo.contentType?.hasPrefix("multipart/form-data; boundary=courier-") == true)
        }
    }

    @Test("field and file names with quotes, CR LF and non-ASCII are escaped as browsers do and parse back")
    func escapedNames() async throws {
        var form = MultipartForm()
        form.add("na\"me\r\nX-Injected: 1", "v")
        form.addData("file", Data("abc".utf8), fileName: "ré\"sumé\r\n.txt", contentType: "text/plain")
        form.addData("plain", Data("def".utf8), fileName: "日本語 ファイル.pdf")
        try await withMultipartServer { _, client in
            let echo = try await client.send(multipartPost(form))
            #expect(echo.defects.isEmpty)
            #expect(echo.parts?.map(\.name) == ["na%22me%0D%0AX-Injected: 1", "file", "plain"])
            #expect(echo.parts?.map(\.filename) == [nil, "ré%22sumé%0D%0A.txt", "日本語 ファイル.pdf"])
            #expect(echo.parts?.map(\.length) == [1, 3, 3], "no part gained a header or lost a byte")
        }
    }

    @Test("a 0-byte file and a 0-byte field are empty parts")
    func emptyParts() async throws {
        let file = try temporaryFile(Data(), name: "empty.txt")
        defer { removeTemporaryFile(file) }
        var form = MultipartForm()
        form.addFile("empty", UploadFile(url: file))
        form.add("blank", "")
        form.addFile("bytes", UploadFile(data: Data(), fileName: "none.bin"))
        try await withMultipartServer { _, client in
            let echo = try await client.send(multipartPost(form))
            #expect(echo.parts == [
                expected("empty", Data(), filename: "empty.txt", contentType: "text/plain; charset=utf-8"),
                expected("blank", Data()),
                expected("bytes", Data(), filename: "none.bin", contentType: "application/octet-stream"),
            ])
            #expect(echo.contentLength == String(echo.length))
        }
    }

    // URLSession takes a stream only as a file (the transport spills it first), so it sends a
    // Content-Length; AsyncHTTPClient sends it chunked (AsyncHTTPClientProgressTests).
    @Test("a stream part of unknown length makes a body of unknown length; its bytes arrive whole")
    func unknownLength() async throws {
        let pieces = (0..<20).map { patternedBytes(50_000, seed: UInt8($0)) }
        let (stream, continuation) = AsyncStream.makeStream(of: Data.self)
        for piece in pieces { continuation.yield(piece) }
        continuation.finish()
        var form = MultipartForm()
        form.add("before", "1")
        form.addStream("log", stream, fileName: "app.log", contentType: "text/plain")
        form.add("after", "2")
        let request = multipartPost(form)
        let lengths = BodyLengths()
        try await withMultipartServer(wares: [lengths]) { _, client in
            let echo = try await client.send(request)
            #expect(lengths.seen == [nil], "the body's length is unknown")
            #expect(echo.chunked || echo.contentLength == String(echo.length))
            #expect(echo.parts == [
                expected("before", Data("1".utf8)),
                expected("log", pieces.reduce(Data(), +), filename: "app.log", contentType: "text/plain"),
                expected("after", Data("2".utf8)),
            ])
        }
    }

    @Test("a fixed boundary found in a part fails with a clear reason; a malformed one too; nothing is sent")
    func boundaryCollision() async throws {
        var form = MultipartForm(boundary: "fixed-boundary")
        form.add("ok", "fine")
        form.add("bad", "text with --fixed-boundary inside")
        try await withMultipartServer { server, client in
            let error = await #expect(throws: CourierError.self) { _ = try await client.send(multipartPost(form)) }
            guard case .invalidRequest(.multipartBoundaryCollision(let part))? = error?.reason else {
                Issue.record("expected a boundary collision, got \(String(describing: error))")
                return
            }
            #expect(part == "bad")
            #expect(error?.message.contains("boundary occurs in part \"bad\"") == true)
            var malformed = MultipartForm(boundary: "has\"quote")
            malformed.add("a", "b")
            let second = await #expect(throws: CourierError.self) { _ = try await client.send(multipartPost(malformed)) }
            guard case .invalidRequest(.invalidMultipartBoundary(let boundary))? = second?.reason else {
                Issue.record("expected a malformed boundary, got \(String(describing: second))")
                return
            }
            #expect(boundary == "has\"quote")
            let seen = try await client.send(Request<[MultipartServer.RecordedRequest]>(method: .get, path: "/requests"))
            #expect(seen.isEmpty)
            // A fixed boundary that occurs nowhere is used as it is.
            var fixed = MultipartForm(boundary: "fixed-boundary")
            fixed.add("ok", "fine")
            let echo = try await client.send(multipartPost(fixed))
            #expect(echo.contentType == "multipart/form-data; boundary=fixed-boundary")
            #expect(echo.parts == [expected("ok", Data("fine".utf8))])
        }
    }

    @Test("each request draws a new random boundary that occurs in none of its parts")
    func randomBoundary() async throws {
        var form = MultipartForm()
        form.add("a", "--courier-")
        try await withMultipartServer { _, client in
            let first = try await client.send(multipartPost(form))
            let second = try await client.send(multipartPost(form))
            #expect(first.contentType != second.contentType)
            #expect(first.parts?.count == 1 && second.parts?.count == 1)
        }
    }

    @Test("a retried multipart POST with an idempotency key sends identical bytes each time")
    func retryResendsIdenticalBytes() async throws {
        let file = try temporaryFile(patternedBytes(200_000), name: "a.bin")
        defer { removeTemporaryFile(file) }
        var form = MultipartForm()
        form.add("title", "x")
        form.addFile("file", UploadFile(url: file))
        var request = multipartPost(form, path: "/flaky/2")
        request.idempotencyKeyHeader = "Idempotency-Key"
        try await withMultipartServer(wares: [Retry(RetryPolicy(baseDelay: .milliseconds(10), maxDelay: .milliseconds(20)))]) { _, client in
            let echo = try await client.send(request)
            #expect(echo.parts?.count == 2)
            let seen = try await client.send(Request<[MultipartServer.RecordedRequest]>(method: .get, path: "/requests"))
            #expect(seen.count == 3, "two 503s, then the success")
            #expect(Set(seen.map(\.sha256)).count == 1, "every attempt sent the same bytes (boundary included)")
            #expect(Set(seen.map(\.length)) == [echo.length])
            #expect(seen.allSatisfy { $0.idempotencyKey != nil && $0.idempotencyKey == seen[0].idempotencyKey })
        }
    }

    @Test("a raw upload of an UploadFile sends its bytes with its content type")
    func rawUpload() async throws {
        let bytes = patternedBytes(70_000)
        let file = try temporaryFile(bytes, name: "archive.zip")
        defer { removeTemporaryFile(file) }
        try await withMultipartServer { _, client in
            for upload in [UploadFile(url: file), UploadFile(data: bytes, fileName: "archive.zip")] {
                var request = Request<MultipartEcho>(method: .put, path: "/upload")
                request.body = .file(upload)
                let echo = try await client.send(request)
                #expect(echo.contentType == "application/zip")
                #expect(echo.sha256 == SHA256.hex(bytes) && echo.contentLength == String(bytes.count))
            }
        }
    }
}

/// Records the length of each request body the wares see.
private final class BodyLengths: Ware, Sendable {
    private let lengths = Locked<[Int?]>([])
    var seen: [Int?] { lengths.withLock { $0 } }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        lengths.withLock { $0.append(request.body?.length) }
        return try await next(request, context)
    }
}
