import Courier
import CourierTestServer
import CourierTesting
import Foundation

/// A loopback server for cache tests: `/item` answers with a version number, counting requests,
/// and whatever cache headers the test sets; it answers `304` to a matching `If-None-Match` or
/// `If-Modified-Since`.
final class CacheTestServer: @unchecked Sendable {
    let server: TestServer
    private let lock = NSLock()
    private var version = 1
    private var headers: [TestServer.Field] = []
    private var failure: Int?
    private let lastModified = "Tue, 14 Nov 2023 22:13:20 GMT"

    init() throws {
        server = try TestServer()
        server.route(.get, "/item") { [self] request in answer(request) }
        server.route(.post, "/item") { [self] _ in
            locked { version += 1 }
            return .status(204)
        }
        server.start()
    }

    private func answer(_ request: TestServer.Request) -> TestServer.Response {
        let (version, headers, failure) = locked { (self.version, self.headers, self.failure) }
        if let failure { return .text("down", status: failure) }
        let etag = "\"v\(version)\""
        let usesValidators = headers.contains { $0.name == "ETag" || $0.name == "Last-Modified" }
        if usesValidators,
           request.header("If-None-Match") == etag || (request.header("If-Modified-Since") == lastModified && request.header("If-None-Match") == nil) {
            return TestServer.Response(status: 304, headers: headers.map { $0.name == "ETag" ? .init(name: "ETag", value: etag) : $0 })
        }
        var response = TestServer.Response.json(#"{"version":\#(version),"user":"\#(request.header("Authorization") ?? "none")"}"#)
        response.headers += headers.map { $0.name == "ETag" ? .init(name: "ETag", value: etag) : $0 }
        return response
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Headers every `/item` answer carries: `Cache-Control: max-age=60`, `ETag` (the value is
    /// filled in), `Last-Modified` (a fixed date), `Vary`, …
    func respond(with headers: [(String, String)]) {
        locked {
            self.headers = headers.map { .init(name: $0.0, value: $0.0 == "Last-Modified" ? lastModified : $0.1) }
        }
    }

    /// Makes the next answers carry a new version.
    func change() { locked { version += 1 } }
    /// Makes `/item` fail with `status` (or stop failing with `nil`).
    func fail(with status: Int?) { locked { failure = status } }
    /// How many `/item` requests arrived.
    var hits: Int { server.requests.filter { $0.path == "/item" && $0.method == .get }.count }
    func stop() { server.stop() }
}

/// The value `/item` answers with.
struct Item: Codable, Sendable, Equatable {
    var version: Int
    var user: String
}

/// `GET /item` with `policy`.
func item(_ policy: CachePolicy? = nil, token: String? = nil) -> Request<Item> {
    var request = Request<Item>(method: .get, path: "/item", name: "item")
    request.cachePolicy = policy
    if let token {
        request.addHeader("Authorization", "Bearer \(token)")
    } else {
        request.authentication = .none
    }
    return request
}

/// A client over `server` with `cache`, on `clock`'s time.
func cachingClient(_ server: CacheTestServer, _ cache: HTTPCache, clock: ManualClock) throws -> Client {
    // The call's timeout is not what these tests check: room for the seconds a loaded full run
    // stalls at its start, when every suite starts at once.
    try Client(
        service: ServiceConfiguration(name: "cache", baseURL: server.server.baseURL, timeout: .seconds(60)),
        wares: [cache], clock: clock, wallClock: clock.wallClock)
}

/// Each file in `directory` with its bytes read as UTF-8 text, to look for what must not be there.
func filesAndTexts(in directory: URL) throws -> [(name: String, text: String)] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).map { file in
        (file, String(decoding: try Data(contentsOf: directory.appendingPathComponent(file)), as: UTF8.self))
    }
}
