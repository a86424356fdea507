import Courier
import CourierTestServer
import Foundation
import Testing

/// An upload whose file is cut short while it is going out: a log rotated under it. A transport
/// sending from the file notices and fails the call with the file named, instead of waiting for
/// the rest until the timeout (both did, measured: 20 s; AsyncHTTPClient with a core at 100 %
/// meanwhile); one sending from a copy made first (URLSession on Linux) sends the copy whole.
@Suite("Conformance: a file that shrinks while it is being sent")
struct ShrinkingFileConformanceTests {
    @Test("a file cut short while it is being sent fails the call clearly, well before the timeout (or, sent from a copy, goes out whole)",
          arguments: TransportUnderTest.allCases)
    func shrinksMidUpload(_ transportUnderTest: TransportUnderTest) async throws {
        let length = 48 << 20
        let upload = try await ChangingFileUpload.run(transportUnderTest, length: length) { file in
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 1000)
            try handle.close()
        }
        #expect(upload.elapsed < .seconds(5), "\(upload.elapsed)")
        if transportUnderTest.snapshotsFiles {
            // The copy was made before the file was cut: the request goes out as declared.
            #expect(try upload.outcome.get() == ["received": length])
            #expect(upload.bytesBeyondBody == 0)
            return
        }
        guard case .failure(let error as CourierError) = upload.outcome,
              case .invalidRequest(.bodyFileUnreadable(let path, let reason)) = error.reason
        else {
            Issue.record("expected bodyFileUnreadable, got \(upload.outcome)")
            return
        }
        #expect(path == upload.fileName && reason.contains("1000 bytes, fewer"), "\(reason)")
    }

    @Test("a file cut short once it is all sent, while the answer is on its way, leaves the call alone", arguments: TransportUnderTest.allCases)
    func shrinksAfterSending(_ transportUnderTest: TransportUnderTest) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-shrunk-late-\(UUID().uuidString)")
        try PatternedBytes.make(2 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try TestServer()
        server.route(.post, "/upload") { request in
            // The whole body is here: the file is the caller's again, and the answer takes a
            // while, long enough for a check of the file to run (every 250 ms at most).
            if let handle = try? FileHandle(forWritingTo: file) {
                try? handle.truncate(atOffset: 10)
                try? handle.close()
            }
            return TestServer.Response.json(#"{"received":\#(request.body.count)}"#).delayed(by: .milliseconds(700))
        }
        server.start()
        defer { server.stop() }
        let transport = transportUnderTest.make()
        let client = try Client(service: ServiceConfiguration(name: "shrunk-late", baseURL: server.baseURL, timeout: .seconds(20)), transport: transport)
        var request = Request<[String: Int]>(method: .post, path: "/upload")
        request.body = .file(file)
        let answer = Task { try await client.send(request) }
        let outcome = await answer.result
        try await TransportUnderTest.shutDown(transport)
        #expect(try outcome.get() == ["received": 2 << 20])
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
        #expect(size?.intValue == 10, "the file was cut while the answer was on its way")
    }

    /// Waits (up to 10 s) until `condition` holds.
    private static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(condition())
    }
}
