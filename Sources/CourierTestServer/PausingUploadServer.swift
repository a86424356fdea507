import Foundation

/// A loopback server that reads the first ``pausedAfter`` bytes of what a client sends, stops
/// reading until ``resume()``, then reads on until the client closes: a peer slow enough that an
/// upload is still going out when a test changes what it sends (a file cut short or grown under
/// it). It answers nothing, unless made with `answering: true`: then, once the body its request's
/// `Content-Length` declares has arrived, it answers `200` with `{"received":<length>}` and counts
/// whatever the client sends after that body (``bytesBeyondBody``: bytes no request declared).
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
    /// Whether the server answers once the declared body has arrived.
    public let answering: Bool
    /// After the pause, how much the server reads at a time and how long it waits between reads
    /// (`nil`: as fast as the client sends).
    public let trickle: (bytes: Int, every: Duration)?

    private let received = Locked(0)
    private let resumed = Locked(false)
    private let beyondBody = Locked(0)

    /// Binds 127.0.0.1 at a free port. `trickle` makes it a slow reader after the pause: the
    /// client's socket then stays full, and every write it makes waits for the server.
    ///
    /// - Throws: ``SocketError`` when the socket cannot be opened or bound.
    public init(pausedAfter: Int, answering: Bool = false, trickle: (bytes: Int, every: Duration)? = nil) throws {
        self.pausedAfter = pausedAfter
        self.answering = answering
        self.trickle = trickle
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

    /// The bytes that arrived after the first request's declared body (`answering` servers):
    /// anything here was sent beyond the `Content-Length` the client declared.
    public var bytesBeyondBody: Int {
        beyondBody.withLock { $0 }
    }

    /// Starts accepting connections on a background thread.
    public func start() {
        let (received, resumed, pausedAfter, beyondBody) = (self.received, self.resumed, self.pausedAfter, self.beyondBody)
        let (answering, trickle) = (self.answering, self.trickle)
        loop.start(name: "PausingUploadServer") { connection, stop in
            defer { connection.close() }  // a stopped server hangs up on its clients
            var buffer = [UInt8](repeating: 0, count: trickle?.bytes ?? 64 << 10)
            var framing = UploadFraming()
            while !stop.isRaised {
                if received.withLock({ $0 }) >= pausedAfter, !resumed.withLock({ $0 }) {
                    guard stop.sleep(.milliseconds(2)) else { return }
                    continue
                }
                if let trickle, received.withLock({ $0 }) >= pausedAfter {
                    guard stop.sleep(trickle.every) else { return }
                }
                guard stop.waitReadable(connection) else { continue }
                guard let count = connection.read(into: &buffer), count > 0 else { return }
                received.withLock { $0 += count }
                guard answering else { continue }
                let extra = framing.consume(buffer[..<count])
                if extra > 0 { beyondBody.withLock { $0 += extra } }
                if let length = framing.takeCompletedBody() {
                    let body = #"{"received":\#(length)}"#
                    let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                    guard connection.write(Array((head + body).utf8), isStopping: { stop.isRaised }) else { return }
                }
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

/// Follows one request's framing as its bytes arrive: the head up to its blank line, then the
/// body its `Content-Length` declares; whatever comes after is counted apart.
struct UploadFraming {
    private var head: [UInt8] = []
    private var declared: Int?
    private var bodyReceived = 0
    private var answered = false

    /// Takes `bytes` in; returns how many of them lie beyond the declared body.
    mutating func consume(_ bytes: ArraySlice<UInt8>) -> Int {
        var rest = bytes
        if declared == nil {
            head.append(contentsOf: rest)
            guard let end = head.firstRange(of: [13, 10, 13, 10])?.upperBound else { return 0 }
            declared = Self.contentLength(head[..<end]) ?? 0
            rest = ArraySlice(head[end...])
            head = []
        }
        let room = max(0, (declared ?? 0) - bodyReceived)
        let inBody = min(room, rest.count)
        bodyReceived += inBody
        return rest.count - inBody
    }

    /// The declared length, once, when the whole body has arrived.
    mutating func takeCompletedBody() -> Int? {
        guard let declared, !answered, bodyReceived >= declared else { return nil }
        answered = true
        return declared
    }

    private static func contentLength(_ head: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: head, as: UTF8.self)
        for line in text.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }
}
