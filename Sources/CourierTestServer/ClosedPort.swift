import Foundation

/// A loopback port that refuses connections for as long as this value lives: a socket bound to
/// it that never listens. Unlike a port that was free a moment ago, no other test's server can
/// take it in the meantime, so a "connection refused" test cannot meet someone else's server.
///
/// ```swift
/// let closed = try ClosedPort()
/// let client = try Client(service: ServiceConfiguration(name: "gone", baseURL: closed.baseURL))
/// ```
public final class ClosedPort: Sendable {
    private let socket: Socket
    /// The refusing port.
    public let port: UInt16

    /// Holds a free port without listening on it.
    public init() throws {
        let socket = try Socket.bound(port: 0, reusingAddress: false)
        do {
            self.port = try socket.localPort()
        } catch {
            socket.close()
            throw error
        }
        self.socket = socket
    }

    deinit {
        socket.close()
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        Socket.baseURL(port: port)
    }
}
