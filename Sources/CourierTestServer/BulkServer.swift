import Foundation

/// A loopback HTTP/1.1 server for measuring bulk transfers, which holds no body in memory: each
/// connection has one read buffer and one block of bytes it sends over and over.
///
/// - `GET /bytes/<n>` answers `n` bytes (`Content-Length: n`), written a megabyte at a time.
/// - `PUT` or `POST /sink` reads the request body (by `Content-Length` or chunked), discards it,
///   and answers with the number of body bytes it read, as text.
///
/// Anything else gets `404`. Connections are kept alive and served one thread each;
/// ``stop()`` ends them all. Unlike ``TestServer`` it records only a count of requests and runs
/// no routes, so a gigabyte costs it a megabyte.
///
/// ```swift
/// let server = try BulkServer()
/// server.start()
/// defer { server.stop() }
/// // GET  http://127.0.0.1:<port>/bytes/1073741824   → 1 GiB
/// // PUT  http://127.0.0.1:<port>/sink               → "1073741824"
/// ```
public final class BulkServer: Sendable {
    /// How many bytes the server reads or writes at once.
    public static let blockSize = 1 << 20

    /// The port the server listens on.
    public let port: UInt16

    private let loop: AcceptLoop
    private let requests = Locked(0)
    private let abandoned = Locked(0)

    /// Binds 127.0.0.1 at `port`; the default 0 picks a free port, read back in ``port``.
    ///
    /// - Throws: ``SocketError`` when the socket cannot be opened or bound.
    public init(port: UInt16 = 0) throws {
        loop = try AcceptLoop(port: port)
        self.port = loop.port
    }

    deinit {
        stop()
    }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL {
        Socket.baseURL(port: port)
    }

    /// How many requests have arrived so far (their heads read).
    public var requestCount: Int {
        requests.withLock { $0 }
    }

    /// How many `GET /bytes/<n>` answers ended before their last byte because the client closed
    /// the connection: what a client that stops reading a download must cause.
    public var abandonedDownloads: Int {
        abandoned.withLock { $0 }
    }

    /// Starts accepting connections on a background thread; calling it again does nothing.
    public func start() {
        let (requests, abandoned) = (self.requests, self.abandoned)
        loop.start(name: "BulkServer") { connection, stop in
            var served = BulkConnection(
                socket: connection, stop: stop,
                arrived: { requests.withLock { $0 += 1 } }, abandoned: { abandoned.withLock { $0 += 1 } })
            served.serve()
        }
    }

    /// Stops the server: no new connections, open ones are closed, and the call returns once
    /// every server thread has finished (or after a quarter of a second at most: see ``TestServer/stop()``).
    public func stop() {
        loop.stop()
    }
}

/// Serves one ``BulkServer`` connection: reads each request's head into a fixed buffer, counts
/// and discards its body, and answers from one reused block.
private struct BulkConnection {
    static let maxHeadBytes = 64 * 1024
    static let idleLimit: Duration = .seconds(60)

    let socket: Socket
    let stop: StopSignal
    private var isStopping: () -> Bool { { [stop] in stop.isRaised } }
    /// Counts a request whose head arrived.
    let arrived: @Sendable () -> Void
    /// Counts a download the peer stopped taking before its end.
    let abandoned: @Sendable () -> Void

    /// Read but not yet consumed: `buffer[start..<end]`.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: BulkServer.blockSize, alignment: 16)
    private var start = 0
    private var end = 0

    init(
        socket: Socket, stop: StopSignal,
        arrived: @escaping @Sendable () -> Void, abandoned: @escaping @Sendable () -> Void
    ) {
        self.socket = socket
        self.stop = stop
        self.arrived = arrived
        self.abandoned = abandoned
    }

    mutating func serve() {
        defer {
            socket.close()
            buffer.deallocate()
        }
        let block = [UInt8](repeating: UInt8(ascii: "x"), count: BulkServer.blockSize)
        while let head = readHead() {
            arrived()
            if head.headers["expect"]?.lowercased() == "100-continue" {
                guard socket.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), isStopping: isStopping) else { return }
            }
            guard let received = discardBody(head.headers) else { return }
            let keepAlive = head.version == "HTTP/1.1" && head.headers["connection"]?.lowercased() != "close"
            let connection = keepAlive ? "keep-alive" : "close"
            let segments = head.path.split(separator: "?", maxSplits: 1).first?.split(separator: "/") ?? []
            if head.method == "GET", segments.count == 2, segments[0] == "bytes", let count = Int(segments[1]), count >= 0 {
                let lead = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(count)\r\nConnection: \(connection)\r\n\r\n"
                guard socket.write(Array(lead.utf8), isStopping: isStopping) else { return }
                var remaining = count
                let sent = block.withUnsafeBytes { block -> Bool in
                    while remaining > 0 {
                        let size = min(remaining, block.count)
                        guard !stop.isRaised, socket.write(UnsafeRawBufferPointer(rebasing: block[..<size]), isStopping: isStopping) else { return false }
                        remaining -= size
                    }
                    return true
                }
                guard sent else {
                    if !isStopping() { abandoned() }
                    return
                }
            } else if head.method == "PUT" || head.method == "POST", segments == ["sink"] {
                guard answer(200, "\(received)", connection: connection) else { return }
            } else {
                guard answer(404, "BulkServer: no route for \(head.method) \(head.path)", connection: connection) else { return }
            }
            if !keepAlive { return }
        }
    }

    private func answer(_ status: Int, _ text: String, connection: String) -> Bool {
        let body = Array(text.utf8)
        let reason = status == 200 ? "OK" : "Not Found"
        let lead = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain\r\nContent-Length: \(body.count)\r\nConnection: \(connection)\r\n\r\n"
        return socket.write(Array(lead.utf8) + body, isStopping: isStopping)
    }

    // MARK: Reading

    private struct Head {
        var method: String
        var path: String
        var version: String
        /// Field names lower-cased; a repeated field keeps its last value.
        var headers: [String: String]
    }

    /// The next request's head; `nil` when the peer closed, the server stopped or the bytes are
    /// not HTTP.
    private mutating func readHead() -> Head? {
        guard let requestLine = line() else { return nil }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        while true {
            guard let field = line() else { return nil }
            if field.isEmpty { break }
            guard let colon = field.firstIndex(of: ":") else { return nil }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Head(method: String(parts[0]), path: String(parts[1]), version: String(parts[2]), headers: headers)
    }

    /// Reads and drops the body `headers` announce; how many bytes it held, or `nil` when the
    /// connection ended first.
    private mutating func discardBody(_ headers: [String: String]) -> Int? {
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            var total = 0
            while true {
                guard let sizeLine = line(),
                      let size = Int(sizeLine.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16),
                      size >= 0
                else { return nil }
                if size == 0 {
                    while true {  // trailer fields, up to an empty line
                        guard let trailer = line() else { return nil }
                        if trailer.isEmpty { return total }
                    }
                }
                guard discard(size), line() == "" else { return nil }
                total += size
            }
        }
        guard let text = headers["content-length"] else { return 0 }
        guard let length = Int(text), length >= 0, discard(length) else { return nil }
        return length
    }

    /// Consumes `count` bytes.
    private mutating func discard(_ count: Int) -> Bool {
        var remaining = count
        while remaining > 0 {
            if start == end, !fill() { return false }
            let take = min(remaining, end - start)
            start += take
            remaining -= take
        }
        return true
    }

    /// The next line without its CRLF; `nil` when the connection ended or the line is too long.
    private mutating func line() -> String? {
        var scanned = start
        while true {
            while scanned + 1 < end {
                if buffer[scanned] == 13, buffer[scanned + 1] == 10 {
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<scanned]), as: UTF8.self)
                    start = scanned + 2
                    return text
                }
                scanned += 1
            }
            guard end - start < BulkConnection.maxHeadBytes else { return nil }
            let offset = start
            guard fill() else { return nil }
            scanned -= offset - start
        }
    }

    /// Reads more after what is buffered (moving the unread bytes to the front first); `false`
    /// when the peer closed, the server stopped or the connection idled out.
    private mutating func fill() -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if start > 0 {
            buffer.baseAddress.map { base in _ = memmove(base, base + start, end - start) }
            end -= start
            start = 0
        }
        guard end < buffer.count else { return false }
        let clock = ContinuousClock()
        let began = clock.now
        while !stop.isRaised, clock.now - began < BulkConnection.idleLimit {
            guard stop.waitReadable(socket) else { continue }
            guard let count = socket.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...])), count > 0 else { return false }
            end += count
            return true
        }
        return false
    }
}
