import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("StubTransport: downloads to a file leave nothing behind, and resume like a network's")
struct StubDownloadTests {
    private let payload = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    private func client(_ stub: StubTransport, clock: any Clock<Duration> = ContinuousClock()) throws -> Client {
        let url = try #require(URL(string: "https://api.example.com"))
        return try Client(service: ServiceConfiguration(name: "stubbed", baseURL: url, timeout: .seconds(60)), transport: stub, clock: clock)
    }

    private func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A reply that sends only the first 30 000 bytes of `payload` while declaring them all,
    /// then answers `Range` requests with a `206` of the rest.
    private func cutOnce(_ payload: Data) -> StubReply {
        StubReply { request in
            let tag = HTTPFields([HTTPField(name: .eTag, value: "\"v1\"")])
            if let range = request.http.headerFields[.range], range == "bytes=30000-", request.http.headerFields[.ifRange] == "\"v1\"" {
                var fields = tag
                fields[.contentRange] = "bytes 30000-\(payload.count - 1)/\(payload.count)"
                fields[.contentLength] = String(payload.count - 30_000)
                return RawResponse(http: HTTPResponse(status: .partialContent, headerFields: fields), body: Data(payload[30_000...]))
            }
            var fields = tag
            fields[.contentLength] = String(payload.count)
            return RawResponse(http: HTTPResponse(status: .ok, headerFields: fields), body: Data(payload[..<30_000]))
        }
    }

    @Test("cancelling the call while a paced body arrives removes the partial file")
    func cancellation() async throws {
        let clock = ManualClock()
        let stub = StubTransport()
        stub.on(.get, "/export", reply: .chunks([payload[..<30_000], payload[30_000...]], every: .seconds(1)))
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = try client(stub, clock: clock)
        let call = Task { try await client.send(Request(method: .get, path: "/export", decoding: .file(to: folder.appendingPathComponent("export.bin")))) }
        // The first piece is written; the stub waits a second for the next.
        #expect(await clock.waitForSleepers(1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
        call.cancel()
        let result = await call.result
        guard case .failure(let error) = result, error is CancellationError else {
            Issue.record("expected CancellationError, got \(result)")
            return
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test("a body short of its Content-Length resumes with Range and If-Range")
    func resumes() async throws {
        let stub = StubTransport()
        stub.on(.get, "/export", reply: cutOnce(payload))
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("export.bin")
        _ = try await client(stub).send(Request(method: .get, path: "/export", decoding: .file(to: destination)))
        #expect(try Data(contentsOf: destination) == payload)
        #expect(stub.requests.map { $0.http.headerFields[.range] } == [nil, "bytes=30000-"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["export.bin"])
    }

    @Test("with resumption disabled, a body cut short fails and leaves no file")
    func failure() async throws {
        let stub = StubTransport()
        stub.on(.get, "/export", reply: cutOnce(payload))
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var request = Request(method: .get, path: "/export", decoding: .file(to: folder.appendingPathComponent("export.bin")))
        request.downloadResumption = .disabled
        let error = await #expect(throws: CourierError.self) { _ = try await client(stub).send(request) }
        guard case .transport(.connectionLost)? = error?.reason else {
            Issue.record("expected connectionLost, got \(String(describing: error))")
            return
        }
        #expect(stub.requests.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
