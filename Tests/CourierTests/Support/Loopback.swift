import Courier
import CourierTestServer
import Foundation
import Logging
import Testing

/// How soon "promptly" is: half the loopback client's 60 s timeout, so a call that waited for the
/// timeout (or hung) fails, with room for a heavily loaded 2-core CI machine (where a call that
/// takes milliseconds alone was seen to take up to 10 s).
let promptly: Duration = .seconds(30)

/// Runs `body` against a fresh loopback server configured by `routes`, with a client on a real
/// `URLSessionTransport`; the server is stopped afterwards, whatever happens.
func withLoopback(
    routes: (TestServer) -> Void,
    service configure: (inout ServiceConfiguration) -> Void = { _ in },
    wares: [any Ware] = [],
    logger: Logger = Logger(label: "loopback", factory: { _ in SwiftLogNoOpLogHandler() }),
    clock: any Clock<Duration> = ContinuousClock(),
    wallClock: WallClock = .system,
    random: RandomSource = .system,
    _ body: (TestServer, Client) async throws -> Void
) async throws {
    await PoolLatency.settle()  // calls here are timed and bounded: not while the run's start holds the pool
    let server = try TestServer()
    routes(server)
    server.start()
    defer { server.stop() }
    var service = ServiceConfiguration(name: "loopback", baseURL: server.baseURL, timeout: .seconds(60))
    configure(&service)
    let client = try Client(
        service: service, transport: URLSessionTransport(), wares: wares, logger: logger,
        clock: clock, wallClock: wallClock, random: random)
    try await body(server, client)
}

/// Measures how long `body` takes on a monotonic clock.
func elapsed(_ body: () async throws -> Void) async rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return clock.now - start
}

/// Runs `body` and returns what it threw, or `nil`.
func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}

/// Polls `condition` every 10 ms until it holds, for up to ``promptly``.
func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + promptly
    while ContinuousClock.now < deadline {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("condition not met within \(promptly)")
}
