import Courier
import CourierTestServer
import Foundation
import Logging
import Testing

/// How soon "promptly" is: far below the loopback client's 10 s timeout, so a call that waited for
/// the timeout (or hung) fails, yet loose enough for a loaded 2-core CI machine.
let promptly: Duration = .seconds(5)

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
    let server = try TestServer()
    routes(server)
    server.start()
    defer { server.stop() }
    var service = ServiceConfiguration(name: "loopback", baseURL: server.baseURL, timeout: .seconds(10))
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
