import Courier
import CourierTestServer
import Foundation
import Testing

/// A loopback server: `/pets` answers after a short delay, `/missing` 404, `/bad` an undecodable
/// body, `/flaky` 503 once then 200, `/cached` with `max-age`.
func telemetryServer() throws -> TestServer {
    let server = try TestServer()
    let flaky = FlakyCounter()
    server.route(.get, "/pets") { _ in .json("[1,2]").delayed(by: .milliseconds(20)) }
    server.route(.get, "/missing") { _ in .status(404) }
    server.route(.get, "/bad") { _ in .json(#"{"a":1}"#) }
    server.route(.get, "/flaky") { _ in flaky.next() == 1 ? .status(503) : .json("[3]") }
    server.route(.get, "/cached") { _ in
        TestServer.Response(status: 200, headers: [.init(name: "Cache-Control", value: "max-age=60")], body: Data("[4]".utf8))
    }
    server.route(.get, "/echo") { .echo($0) }
    server.start()
    return server
}

/// Counts calls.
final class FlakyCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}

/// `GET path` expecting a list of integers, without authentication.
func list(_ path: String, name: String) -> Request<[Int]> {
    var request = Request<[Int]>(method: .get, path: path, name: name)
    request.authentication = .none
    return request
}

/// Polls `condition` every 10 ms until it holds, for up to 30 s (long enough for a loaded
/// machine; a condition that holds returns at once).
func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while ContinuousClock.now < deadline {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("condition not met within 30 s")
}
