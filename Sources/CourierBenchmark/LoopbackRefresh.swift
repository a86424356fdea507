import Courier
import CourierTestServer
import Foundation

/// 100 calls at once whose token the loopback server rejects: the time from the server's first
/// 401 to the last call resumed (after one refresh and the replays), median over `runs` runs.
func runRefreshBurst(burst: Int = 100, runs: Int = 5) async throws -> String {
    struct Tokens: Decodable, Sendable { var accessToken: String }
    let current = LockedBox(value: "")
    let firstRejection = LockedBox<ContinuousClock.Instant?>(value: nil)
    let refreshes = LockedBox(value: 0)
    let server = try TestServer()
    server.route(.get, "/data") { request in
        guard request.header("Authorization") == "Bearer \(current.value)" else {
            firstRejection.update { $0 = $0 ?? ContinuousClock.now }
            return .status(401)
        }
        return .json(#"{"ok":true}"#)
    }
    server.route(.post, "/refresh") { _ in
        refreshes.update { $0 += 1 }
        let token = "token-\(UUID().uuidString.prefix(8))"
        current.update { $0 = token }
        return .json(#"{"accessToken":"\#(token)"}"#)
    }
    server.start()
    defer { server.stop() }

    let scheme = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
        request: { _ in
            var request = Request<Tokens>(method: .post, path: "/refresh", name: "refresh")
            request.authentication = .none
            return request
        },
        read: { TokenGrant(accessToken: $0.accessToken, refreshToken: "unused") }))
    var service = ServiceConfiguration(name: "bench", baseURL: server.baseURL, timeout: .seconds(30))
    service.authSchemes = [scheme]
    service.defaultAuthScheme = "session"
    let request = Request<[String: Bool]>(method: .get, path: "/data", name: "data")

    var samples: [Double] = []
    for run in 0...runs {
        let auth = Authenticator(store: MemoryCredentialStore(["session": .bearer("stale", refreshToken: "r")]))
        let client = try Client(service: service, wares: [auth])
        firstRejection.update { $0 = nil }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<burst { group.addTask { _ = try await client.send(request) } }
            try await group.waitForAll()
        }
        let end = ContinuousClock.now
        if run > 0, let first = firstRejection.value {  // run 0 warms the connections
            let elapsed = end - first
            samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
    }
    let median = samples.sorted()[samples.count / 2]
    return String(
        format: "\n%d calls with a rejected token (loopback): first 401 to all %d resumed %.1f ms (median of %d), %d refreshes in %d runs",
        burst, burst, median, runs, refreshes.value - 1, runs)
}

/// A value behind a lock, for the handlers above.
final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func update(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&stored)
    }
}
