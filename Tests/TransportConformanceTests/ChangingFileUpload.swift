import Courier
import CourierTestServer
import Foundation
import Testing

/// An upload whose file changes while it goes out: a `length`-byte file posted to a
/// ``PausingUploadServer`` that answers, which holds still after the first MiB while `change`
/// alters the file, then reads on.
struct ChangingFileUpload {
    /// The call's outcome.
    var outcome: Result<[String: Int], any Error>
    /// From the server reading on to the call's end.
    var elapsed: Duration
    /// What arrived after the declared body (see ``PausingUploadServer/bytesBeyondBody``).
    var bytesBeyondBody: Int
    /// The uploaded file's name, as errors give it.
    var fileName: String

    /// Runs the upload on a fresh transport of `transportUnderTest`.
    static func run(_ transportUnderTest: TransportUnderTest, length: Int, change: (URL) throws -> Void) async throws -> ChangingFileUpload {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-changing-\(UUID().uuidString)")
        try PatternedBytes.make(length).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try PausingUploadServer(pausedAfter: 1 << 20, answering: true)
        server.start()
        defer { server.stop() }
        let transport = transportUnderTest.make()
        let client = try Client(
            // Room for the copy a transport may make first (URLSession on Linux), which took over
            // 10 s for 48 MB once in a full run on two busy cores; the call must end well before.
            service: ServiceConfiguration(name: "changing", baseURL: server.baseURL, timeout: .seconds(60)),
            transport: transport)
        var request = Request<[String: Int]>(method: .post, path: "/upload")
        request.body = .file(file)
        let call = Task { try await client.send(request) }
        let deadline = ContinuousClock.now + .seconds(30)
        while server.bytesReceived < 1 << 20, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(server.bytesReceived >= 1 << 20)
        // The server holds still with part of the body sent (AsyncHTTPClient: file regions in
        // flight) while the file changes under it.
        try change(file)
        let clock = ContinuousClock()
        let start = clock.now
        server.resume()
        let outcome = await call.result
        let elapsed = clock.now - start
        // Anything sent beyond the body arrives right behind it: give it time to.
        try await Task.sleep(for: .milliseconds(300))
        try await TransportUnderTest.shutDown(transport)
        return ChangingFileUpload(outcome: outcome, elapsed: elapsed, bytesBeyondBody: server.bytesBeyondBody, fileName: file.lastPathComponent)
    }
}
