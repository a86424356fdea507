import Courier
import CourierTestServer
import Foundation

/// A loopback server that checks bearer tokens and refreshes them, counting what it sees.
final class AuthTestServer: @unchecked Sendable {
    struct Tokens: Codable, Sendable {
        var accessToken: String
        var refreshToken: String
        var expiresIn: Int
    }

    private struct State {
        var access = "access-1"
        var refreshTokens: Set<String> = ["refresh-1"]
        var refreshCount = 0
        var refreshStatus: Int?
        var expiresIn = 3600
        var issued = 1
        var rejectEverything = false
        var alsoAccepted: String?
        var refreshRedirect: String?
    }

    let server: TestServer
    private let lock = NSLock()
    private var state = State()
    /// How long a refresh takes to answer, so that waiters pile up.
    var refreshDelay: Duration = .milliseconds(150)
    /// When set, a refresh is answered only once the test signals it.
    var refreshGate: DispatchSemaphore?

    init() throws {
        server = try TestServer()
        server.route(.get, "/data") { [self] request in
            let (valid, rejectAll, extra) = locked { ($0.access, $0.rejectEverything, $0.alsoAccepted) }
            let sent = request.header("Authorization")
            guard !rejectAll, sent == "Bearer \(valid)" || (extra != nil && sent == "Bearer \(extra ?? "")") else {
                return .json(#"{"error":"unauthorized"}"#, status: 401)
            }
            return .json(#"{"ok":true}"#)
        }
        // An upload behind the same check: answers with the number of bytes it received.
        server.route(.put, "/upload") { [self] request in
            let valid = locked { $0.access }
            guard request.header("Authorization") == "Bearer \(valid)" else { return .json(#"{"error":"unauthorized"}"#, status: 401) }
            return .json(#"{"received":\#(request.body.count)}"#)
        }
        // Checks the token on arrival and answers after a delay: a late 401 for an old token.
        server.route(.get, "/slow") { [self] request in
            let valid = locked { $0.access }
            let response: TestServer.Response = request.header("Authorization") == "Bearer \(valid)"
                ? .json(#"{"ok":true}"#) : .json(#"{"error":"unauthorized"}"#, status: 401)
            return response.delayed(by: .milliseconds(400))
        }
        server.route(.post, "/refresh") { [self] request in
            let token = request.bodyText.split(separator: "=").last.map { String($0).removingPercentEncoding ?? String($0) } ?? ""
            let answer = locked { state -> TestServer.Response in
                // Only the first hop: a same-origin redirect comes back with a query.
                if let location = state.refreshRedirect, request.query == nil {
                    return TestServer.Response(status: 307, headers: [.init(name: "Location", value: location)])
                }
                state.refreshCount += 1
                if let status = state.refreshStatus { return .json(#"{"error":"no"}"#, status: status) }
                guard state.refreshTokens.remove(token) != nil else { return .json(#"{"error":"bad refresh token"}"#, status: 401) }
                state.issued += 1
                state.access = "access-\(state.issued)"
                state.refreshTokens.insert("refresh-\(state.issued)")
                return .json(
                    #"{"accessToken":"\#(state.access)","refreshToken":"refresh-\#(state.issued)","expiresIn":\#(state.expiresIn)}"#)
            }
            if let refreshGate { _ = refreshGate.wait(timeout: .now() + 10) }
            return answer.delayed(by: refreshDelay)
        }
        server.start()
    }

    func stop() { server.stop() }

    /// Holds every refresh answer until the returned gate is signalled.
    func holdRefreshes() -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        refreshGate = gate
        return gate
    }

    /// Waits until a `/refresh` request has arrived (it may be held at the gate).
    func refreshArrived() async throws {
        try await waitUntil { server.requests.contains { $0.path == "/refresh" } }
    }

    private func locked<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    var refreshCount: Int { locked { $0.refreshCount } }
    var currentAccessToken: String { locked { $0.access } }
    /// Makes refreshes fail with `status` (`nil`: they work again).
    func failRefreshes(with status: Int?) { locked { $0.refreshStatus = status } }
    /// The lifetime refreshes hand out, in seconds.
    func setExpiresIn(_ seconds: Int) { locked { $0.expiresIn = seconds } }
    /// Rejects every access token.
    func rejectEveryToken() { locked { $0.rejectEverything = true } }
    /// Answers refreshes without a query with `307 Location: location` (`nil`: answers them again).
    func redirectRefreshes(to location: String?) { locked { $0.refreshRedirect = location } }
    /// Accepts `token` too, besides the current one.
    func alsoAccept(_ token: String) { locked { $0.alsoAccepted = token } }
    /// The data requests that carried `token`.
    func dataRequests(carrying token: String) -> Int {
        server.requests.filter { $0.path == "/data" && $0.header("Authorization") == "Bearer \(token)" }.count
    }

    /// The session scheme of the test service: bearer, refreshed through `/refresh`.
    static let session = AuthScheme(name: "session", kind: .bearer, refresh: TokenRefresh(
        request: { refreshToken in
            var request = Request<Tokens>(method: .post, path: "/refresh", name: "refresh")
            var fields = FormFields()
            fields.add("refresh_token", refreshToken)
            request.body = .form(fields.items)
            request.authentication = .none
            return request
        },
        read: { TokenGrant(accessToken: $0.accessToken, refreshToken: $0.refreshToken, expiresIn: .seconds($0.expiresIn)) }
    ))

    /// A client with `authenticator` for this server.
    func client(
        _ authenticator: Authenticator, schemes: [AuthScheme] = [session],
        clock: any Clock<Duration> = ContinuousClock(), wallClock: WallClock = .system
    ) throws -> Client {
        // A bound, not a wait: generous, because the suite runs these beside a package build.
        var service = ServiceConfiguration(name: "auth", baseURL: server.baseURL, timeout: .seconds(30))
        service.authSchemes = schemes
        service.defaultAuthScheme = schemes.first?.name
        return try Client(service: service, wares: [authenticator], clock: clock, wallClock: wallClock)
    }
}

/// `GET /data` as the authenticated endpoint.
func dataRequest(_ path: String = "/data") -> Request<[String: Bool]> {
    Request(method: .get, path: path, name: "data")
}

/// The `sessionEnded` events `client` published since `events` last read: a marker event is
/// published and the events before it counted.
func sessionsEnded(_ client: Client, _ events: inout ServiceEvents.Iterator) async -> Int {
    client.publish(StandardEvent.maintenance(message: "marker"))
    var ended = 0
    while let event = await events.next() {
        if case StandardEvent.maintenance = event { break }
        if case StandardEvent.sessionEnded = event { ended += 1 }
    }
    return ended
}
