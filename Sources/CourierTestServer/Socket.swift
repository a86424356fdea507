import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of a socket call, with the call's name and `errno`.
public struct SocketError: Error, Sendable, CustomStringConvertible {
    /// The POSIX call that failed, such as `bind`.
    public var call: String
    /// The `errno` it left.
    public var code: Int32

    /// A one-line explanation.
    public var description: String { "\(call) failed: errno \(code)" }
}

/// A thin owner of one POSIX socket descriptor: loopback listening, accepting, reading and
/// writing with bounded waits. Not thread-safe; each socket is used by one thread at a time.
struct Socket {
    let descriptor: Int32

    /// Opens a TCP socket listening on 127.0.0.1 at `port` (0 picks a free port).
    static func listen(port: UInt16) throws(SocketError) -> Socket {
        let socket = try bound(port: port, reusingAddress: true)
        guard posixListen(socket.descriptor, 64) == 0 else {
            let code = errno
            socket.close()
            throw SocketError(call: "listen", code: code)
        }
        return socket
    }

    /// Opens a TCP socket bound to 127.0.0.1 at `port` (0 picks a free port) that does not
    /// listen. Without `reusingAddress`, no other socket can take the port while this one holds it.
    static func bound(port: UInt16, reusingAddress: Bool) throws(SocketError) -> Socket {
        // Close-on-exec: a test that starts a process (the multipart server's Python) while this
        // socket is open must not hand it a copy, which would keep the connection open after the
        // server closed it, until that process exits.
        let fd = SocketPlatform.streamSocket()
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        if reusingAddress {
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = SocketPlatform.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            posixClose(fd)
            throw SocketError(call: "bind", code: code)
        }
        return Socket(descriptor: fd)
    }

    /// A socket listening on 127.0.0.1 at `port` (0 picks a free port) and the port it got.
    static func listener(port: UInt16) throws(SocketError) -> (socket: Socket, port: UInt16) {
        let socket = try listen(port: port)
        do {
            return (socket, try socket.localPort())
        } catch {
            socket.close()
            throw error
        }
    }

    /// `http://127.0.0.1:<port>`.
    static func baseURL(port: UInt16) -> URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// The local port this socket is bound to.
    func localPort() throws(SocketError) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw SocketError(call: "getsockname", code: errno) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Accepts a pending connection, or `nil` when none could be taken.
    func accept() -> Socket? {
        // Close-on-exec, as for the listener (see `bound(port:reusingAddress:)`).
        let fd = posixAccept(descriptor)
        // A process started between `accept` and this line could still get a copy; Glibc does not
        // export `accept4` to Swift, and the window is a few instructions wide.
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard fd >= 0 else { return nil }
        SocketPlatform.keepSIGPIPEAway(fd)
        // Sends give up after 20 ms so a writer to a peer that stopped reading can look for the
        // server stopping; ``write(_:isStopping:)`` retries.
        var sendTimeout = timeval(tv_sec: 0, tv_usec: 20_000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        return Socket(descriptor: fd)
    }

    /// Reads what is available into `buffer`; returns the byte count, 0 when the peer closed,
    /// or `nil` on an error.
    func read(into buffer: inout [UInt8]) -> Int? {
        buffer.withUnsafeMutableBytes { read(into: $0) }
    }

    /// Reads what is available into `buffer`; returns the byte count, 0 when the peer closed,
    /// or `nil` on an error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            // A signal that lands during the call is not the peer's doing: read again.
            if count < 0, errno == EINTR { continue }
            return count >= 0 ? count : nil
        }
    }

    /// Whether the peer closed its side (an orderly `FIN` or a reset), found by looking at the
    /// next byte without taking it; `false` while it is open, with or without bytes waiting.
    func peerHasClosed() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        if count == 0 { return true }
        return count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR
    }

    /// Writes all of `bytes`; returns `false` when the peer has gone or `isStopping` says so
    /// while the peer is not reading.
    @discardableResult
    func write(_ bytes: [UInt8], isStopping: () -> Bool = { false }) -> Bool {
        bytes.withUnsafeBytes { write($0, isStopping: isStopping) }
    }

    /// Writes all of `bytes` from raw memory, as the array form does.
    @discardableResult
    func write(_ bytes: UnsafeRawBufferPointer, isStopping: () -> Bool = { false }) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let sent = send(descriptor, base + offset, bytes.count - offset, SocketPlatform.sendFlags)
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if isStopping() { return false }
                continue
            }
            guard sent > 0 else { return false }
            offset += sent
            // A long write to a peer that keeps reading (a bomb, a gigabyte) ends with the server.
            if offset < bytes.count, isStopping() { return false }
        }
        return true
    }

    /// Makes ``close()`` end the connection with a TCP reset (`RST`) instead of an orderly `FIN`.
    func resetOnClose() {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// Closes the descriptor.
    func close() {
        posixClose(descriptor)
    }
}
