import Foundation

/// A loopback server that reads the first ``pausedAfter`` bytes of what a client sends, stops
/// reading until ``resume()``, then reads on until the client closes, and answers nothing: a peer
/// slow enough that an upload is still going out when a test changes what it sends (a file cut
/// short under it).
///
/// ```swift
/// let server = try PausingUploadServer(pausedAfter: 1 << 20)
/// server.start()
/// defer { server.stop() }
/// // send an upload to server.baseURL, wait until server.bytesReceived ≥ 1 MiB, change the file
/// server.resume()
/// ```
public final class PausingUploadServer: Sendable {
    /// The port the server listens on.
    public let port: UInt16
    /// How many bytes the server reads before it pauses.
    public let pausedAfter: Int

    private let loop: AcceptLoop
    private let received = Locked(0)
    private let resumed = Locked(false)

    /// Binds 127.0.0.1 at a free port.
    ///
    /// - Throws: ``SocketError`` when the socket cannot be opened or bound.
    public init(pausedAfter: Int) throws {
        self.pausedAfter = pausedAfter
        loop = try AcceptLoop(port: 0)
        port = loop.port
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        Socket.baseURL(port: port)
    }

    /// How many bytes have arrived so far, over every connection.
    public var bytesReceived: Int {
        received.withLock { $0 }
    }

    /// Starts accepting connections on a background thread.
    public func start() {
        let (received, resumed, pausedAfter) = (self.received, self.resumed, self.pausedAfter)
        loop.start(name: "PausingUploadServer") { connection, stop in
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while !stop.isRaised {
                if received.withLock({ $0 }) >= pausedAfter, !resumed.withLock({ $0 }) {
                    guard stop.sleep(.milliseconds(2)) else { return }
                    continue
                }
                guard stop.waitReadable(connection) else { continue }
                guard let count = connection.read(into: &buffer), count > 0 else { return }
                received.withLock { $0 += count }
            }
        }
    }

    /// Reads on after the pause.
    public func resume() {
        resumed.withLock { $0 = true }
    }

    /// Stops the server and closes its connections.
    public func stop() {
        loop.stop()
    }
}
