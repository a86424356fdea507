import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for tests and examples, on plain POSIX sockets.
///
/// It binds a free port when created, answers routes registered by method and path, records
/// every request it receives, and can misbehave on purpose (truncated bodies, dropped
/// connections, stalls) to exercise a client's error paths.
///
/// ```swift
/// let server = try TestServer()
/// server.route(.get, "/pets/{id}") { request in
///     .json(#"{"id": \#(request.pathParameters["id"] ?? "0")}"#)
/// }
/// server.start()
/// defer { server.stop() }
/// let url = server.baseURL // http://127.0.0.1:<port>
/// ```
///
/// Paths are matched on the raw, percent-encoded request path; a `{name}` segment matches any
/// one segment. A request no route matches gets `404` with a text body naming it. A request
/// whose `Content-Length` is over 16 MB gets `413` before its body is read, and the connection
/// closes (recorded, no route asked), as a server with a body limit answers. Each
/// connection is served on its own thread; ``stop()`` closes the listener, ends every
/// connection (stalled ones too) and waits for the threads to finish.
public final class TestServer: Sendable {
    /// Answers one request.
    public typealias Handler = @Sendable (Request) -> Response

    /// The port the server listens on.
    public let port: UInt16

    private let loop: AcceptLoop
    private let state = Locked(State())

    private struct Route {
        let method: Method
        let segments: [Substring]
        let handler: Handler
    }

    private struct State {
        var routes: [Route] = []
        var requests: [Request] = []
        var hangUps: [HangUp] = []
    }

    /// A stalled request (``Response/stall``) or one answered by a script (``Response/raw(_:)``)
    /// whose client closed the connection, and when the server saw it.
    public struct HangUp: Sendable {
        /// The request the server was holding.
        public let request: Request
        /// When the server saw the connection close.
        public let at: ContinuousClock.Instant
    }

    /// The stalled or scripted requests whose clients closed their connections (a cancelled
    /// call), in the order the server saw them close.
    public var hangUps: [HangUp] {
        state.withLock { $0.hangUps }
    }

    /// How many requests one connection serves: the last one's answer says `Connection: close`,
    /// and the server closes the connection after it.
    public let requestsPerConnection: Int

    /// Binds 127.0.0.1 at `port`; the default 0 picks a free port, read back in ``port``. Each
    /// connection serves up to `requestsPerConnection` requests (at least one), as a server's
    /// keep-alive limit does (nginx's `keepalive_requests`).
    ///
    /// - Throws: ``SocketError`` when the socket cannot be opened or bound.
    public init(port: UInt16 = 0, requestsPerConnection: Int = 10_000) throws {
        loop = try AcceptLoop(port: port)
        self.port = loop.port
        self.requestsPerConnection = max(1, requestsPerConnection)
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>`, to use as a service's base URL.
    public var baseURL: URL {
        Socket.baseURL(port: port)
    }

    /// Registers `handler` for `method` requests to `path` (percent-encoded, `{name}` matches a
    /// segment). A later registration for the same method and path replaces the earlier one.
    public func route(_ method: Method, _ path: String, _ handler: @escaping Handler) {
        let route = Route(method: method, segments: path.split(separator: "/", omittingEmptySubsequences: false), handler: handler)
        state.withLock { state in
            state.routes.removeAll { $0.method == method && $0.segments == route.segments }
            state.routes.append(route)
        }
    }

    /// Every request received so far, in arrival order.
    public var requests: [Request] {
        state.withLock { $0.requests }
    }

    /// How many requests have been received so far.
    public var requestCount: Int {
        state.withLock { $0.requests.count }
    }

    /// Starts accepting connections on a background thread; calling it again does nothing.
    public func start() {
        let (state, limit) = (self.state, requestsPerConnection)
        loop.start(name: "TestServer") { connection, stop in
            var served = Connection(socket: connection, stop: stop) { request in TestServer.answer(request, state: state) }
            served.maxRequests = limit
            served.hungUp = { request in
                let hangUp = HangUp(request: request, at: ContinuousClock.now)
                state.withLock { $0.hangUps.append(hangUp) }
            }
            served.recordOnly = { request in state.withLock { $0.requests.append(request) } }
            served.serve()
        }
    }

    /// Stops the server: no new connections, open ones (stalled ones too) are closed, and the call
    /// returns once every server thread has finished, or after a quarter of a second at most. The
    /// stop wakes every server thread at once, so the wait is usually microseconds; it is bounded
    /// so short because it runs on a test's cooperative thread: a connection held in a route
    /// handler (a test's gate) ends by itself when the handler returns, and must not hold the
    /// thread every other test needs.
    public func stop() {
        loop.stop()
    }

    // MARK: - Serving

    private static func answer(_ request: Request, state: Locked<State>) -> Response {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false)
        let match = state.withLock { state -> (Handler, [String: String])? in
            state.requests.append(request)
            for route in state.routes.reversed() where route.method == request.method {
                if let parameters = TestServer.match(route.segments, segments) { return (route.handler, parameters) }
            }
            return nil
        }
        guard let (handler, parameters) = match else {
            return .text("TestServer: no route for \(request.method) \(request.path)", status: 404)
        }
        var matched = request
        matched.pathParameters = parameters
        return handler(matched)
    }

    /// The `{name}` values when `segments` fit `pattern`, else `nil`.
    private static func match(_ pattern: [Substring], _ segments: [Substring]) -> [String: String]? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (expected, actual) in zip(pattern, segments) {
            if expected.hasPrefix("{"), expected.hasSuffix("}"), expected.count > 2, !actual.isEmpty {
                parameters[String(expected.dropFirst().dropLast())] = String(actual)
            } else if expected != actual {
                return nil
            }
        }
        return parameters
    }
}
