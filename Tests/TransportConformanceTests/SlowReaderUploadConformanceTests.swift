import Courier
import CourierTestServer
import Foundation
import Testing

/// Files uploaded to a server that reads slowly: the client's socket stays full, so every write
/// waits for the server, and the last bytes of each file are still queued for the socket when
/// the transport could consider the file handed over. Each file must stay open until its last
/// byte is sent. (AsyncHTTPClient's body writer says a write was taken, not sent: the transport
/// used to close a file while its last bytes waited for the socket, and the upload failed with
/// "can't close file (as it's not open anymore)".)
@Suite("Conformance: file uploads to a server that reads slowly")
struct SlowReaderUploadConformanceTests {
    /// 16 KB every millisecond at most: about 10 MB/s on this loopback, far below any transport.
    static let trickle = (bytes: 16 << 10, every: Duration.milliseconds(1))

    @Test("a file sent to a server that reads it slowly arrives whole", .timeLimit(.minutes(1)),
          arguments: TransportUnderTest.allCases)
    func fileArrivesWhole(_ transportUnderTest: TransportUnderTest) async throws {
        let length = 6 << 20
        let file = try Self.file(length, seed: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        var request = Request<[String: Int]>(method: .post, path: "/upload")
        request.body = .file(file)
        let (outcome, beyond) = try await Self.send(request, on: transportUnderTest)
        #expect(try outcome.get() == ["received": length])
        #expect(beyond == 0, "bytes sent beyond the declared Content-Length")
    }

    @Test("a form of two files and a field sent to a server that reads it slowly arrives whole",
          .timeLimit(.minutes(1)), arguments: TransportUnderTest.allCases)
    func formArrivesWhole(_ transportUnderTest: TransportUnderTest) async throws {
        let (first, second) = (try Self.file(3 << 20, seed: 2), try Self.file(2 << 20, seed: 3))
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        var form = MultipartForm()
        form.addFile("first", UploadFile(url: first))
        form.add("between", "a field after the first file")
        form.addFile("second", UploadFile(url: second))
        var request = Request<[String: Int]>(method: .post, path: "/upload")
        request.body = .multipart(form)
        let (outcome, beyond) = try await Self.send(request, on: transportUnderTest)
        let received = try #require(try outcome.get()["received"])
        #expect(received > 5 << 20, "both files and the form's framing: \(received) bytes")
        #expect(beyond == 0, "bytes sent beyond the declared Content-Length")
    }

    /// A file of `length` patterned bytes in the temporary directory.
    private static func file(_ length: Int, seed: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-slow-reader-\(UUID().uuidString)")
        try PatternedBytes.make(length, seed: seed).write(to: file)
        return file
    }

    /// Sends `request` on a fresh transport to a slowly reading server that answers with the
    /// length it received; returns the outcome and the bytes sent beyond the declared body.
    private static func send(
        _ request: Request<[String: Int]>, on transportUnderTest: TransportUnderTest
    ) async throws -> (Result<[String: Int], any Error>, beyond: Int) {
        let server = try PausingUploadServer(pausedAfter: 0, answering: true, trickle: trickle)
        server.resume()
        server.start()
        defer { server.stop() }
        let transport = transportUnderTest.make()
        let client = try Client(
            service: ServiceConfiguration(name: "slow-reader", baseURL: server.baseURL, timeout: .seconds(30)),
            transport: transport)
        let outcome = await Task { try await client.send(request) }.result
        try await TransportUnderTest.shutDown(transport)
        return (outcome, server.bytesBeyondBody)
    }
}
