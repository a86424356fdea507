@testable import Courier
import Foundation
import Testing

@Suite("MultipartForm's encoding: streamed, measured, replayable, escaped")
struct MultipartEncodingTests {
    @Test("a file part is read in chunks while sending, never whole; the length is known; two reads give the same bytes")
    func streamsFiles() async throws {
        let size = 5 << 20
        let file = try temporaryFile(patternedBytes(size), name: "big.bin")
        defer { removeTemporaryFile(file) }
        var form = MultipartForm(boundary: "b")
        form.add("a", "1")
        form.addFile("file", UploadFile(url: file))
        let (body, type) = try form.encoded(with: JSONEncoder())
        #expect(type == "multipart/form-data; boundary=b")
        #expect(body.isStream && body.isReplayable && body.data == nil)
        var first = Data()
        var largest = 0
        for try await chunk in body.chunks() {
            largest = max(largest, chunk.count)
            first.append(chunk)
        }
        #expect(largest <= 1 << 20, "no chunk larger than one read of the file")
        #expect(body.length == first.count)
        #expect(try await body.collect(upTo: .max) == first, "a second read (a retry) sends the same bytes")
        let head = "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"
        #expect(first.prefix(head.utf8.count) == Data(head.utf8))
        #expect(first.suffix(9) == Data("\r\n--b--\r\n".utf8))
    }

    @Test("a boundary that is not a token is quoted in the Content-Type; a token is not", arguments: [
        ("courier-abc_1.2", "courier-abc_1.2"), ("my boundary", "\"my boundary\""), ("----=_Part_0", "\"----=_Part_0\""), ("a:b/c", "\"a:b/c\""),
    ])
    func boundaryParameter(boundary: String, written: String) throws {
        var form = MultipartForm(boundary: boundary)
        form.add("a", "1")
        let (body, type) = try form.encoded(with: JSONEncoder())
        #expect(type == "multipart/form-data; boundary=\(written)")
        #expect(body.data.map { String(decoding: $0, as: UTF8.self).hasPrefix("--\(boundary)\r\n") } == true, "the delimiter lines use the boundary itself")
    }

    @Test("a form held in memory is one body of bytes; a one-shot stream part makes the body one-shot")
    func replayability() throws {
        var small = MultipartForm(boundary: "b")
        small.add("a", "1")
        small.addData("d", Data([0, 1, 2]))
        let (bytes, _) = try small.encoded(with: JSONEncoder())
        #expect(bytes.data != nil && bytes.isReplayable)

        var streamed = MultipartForm()
        streamed.addStream("s", AsyncStream<Data> { $0.finish() }, length: 0)
        let (oneShot, _) = try streamed.encoded(with: JSONEncoder())
        #expect(oneShot.isStream && !oneShot.isReplayable && oneShot.length != nil)
    }

    @Test("names are escaped as browsers do; a file that cannot be read fails before sending; a content type with CR LF is refused")
    func escapingAndFailures() throws {
        #expect(MultipartForm.escaped("a\"b\r\nc é") == "a%22b%0D%0Ac é")
        #expect(MultipartForm.escaped("plain") == "plain")
        var missing = MultipartForm()
        missing.addFile("f", UploadFile(url: URL(fileURLWithPath: "/nonexistent/courier-missing.bin")))
        #expect(throws: CourierError.self) { _ = try missing.encoded(with: JSONEncoder()) }
        var injected = MultipartForm()
        injected.addData("f", Data(), contentType: "text/plain\r\nX-Evil: 1")
        #expect(throws: CourierError.self) { _ = try injected.encoded(with: JSONEncoder()) }
    }

    @Test("UploadFile guesses common content types from the extension, octet-stream otherwise")
    func contentTypes() {
        #expect(UploadFile.contentType(forFileName: "Photo.JPG") == "image/jpeg")
        #expect(UploadFile.contentType(forFileName: "a.tar.gz") == "application/gzip")
        #expect(UploadFile.contentType(forFileName: "notes.txt") == "text/plain; charset=utf-8")
        #expect(UploadFile.contentType(forFileName: "README") == "application/octet-stream")
        #expect(UploadFile.contentType(forFileName: ".hidden") == "application/octet-stream")
        #expect(UploadFile.contentType(forFileName: "x.unknownext") == "application/octet-stream")
        #expect(UploadFile(data: Data(), fileName: "a.png", contentType: "image/x-custom").contentType == "image/x-custom")
    }
}
