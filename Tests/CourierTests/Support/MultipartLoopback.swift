import Courier
import CourierTestServer
import Foundation

/// Runs `body` against a fresh ``MultipartServer`` (Python's MIME parser) with a client on
/// `transport` (`URLSessionTransport` by default); the server is stopped afterwards.
func withMultipartServer(
    transport: any Transport = URLSessionTransport(),
    wares: [any Ware] = [],
    clock: any Clock<Duration> = ContinuousClock(),
    _ body: (MultipartServer, Client) async throws -> Void
) async throws {
    let server = try await MultipartServer.start()
    defer { server.stop() }
    let service = ServiceConfiguration(name: "multipart", baseURL: server.baseURL, timeout: .seconds(60))
    let client = try Client(service: service, transport: transport, wares: wares, clock: clock)
    try await body(server, client)
}

/// A request that posts `form` to `path` and decodes the server's description of it.
func multipartPost(_ form: MultipartForm, path: String = "/upload") -> Request<MultipartEcho> {
    var request = Request<MultipartEcho>(method: .post, path: path)
    request.body = .multipart(form)
    return request
}

/// A new file in the temporary directory holding `data`; the caller removes it.
func temporaryFile(_ data: Data, name: String = "upload.bin") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-mp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try data.write(to: url)
    return url
}

/// Removes a file made by ``temporaryFile(_:name:)`` and its directory.
func removeTemporaryFile(_ url: URL) {
    try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
}

/// `count` bytes that are not all alike (every byte value, CR and LF among them).
func patternedBytes(_ count: Int, seed: UInt8 = 7) -> Data {
    PatternedBytes.make(count, seed: Int(seed))
}
