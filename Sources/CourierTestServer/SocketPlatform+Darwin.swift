// Where the loopback servers' sockets differ between Linux (Glibc) and Apple platforms (Darwin).
// The Darwin branches are never compiled on the Linux machines Courier is developed on; they
// follow Apple's manual pages (developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/):
// - socket(2): `int socket(int domain, int type, int protocol)`, SOCK_STREAM an `int`; Darwin
//   has no SOCK_CLOEXEC, so close-on-exec is set with fcntl(2) F_SETFD FD_CLOEXEC.
// - setsockopt(2): SO_NOSIGPIPE, an `int` option at SOL_SOCKET; Darwin has no MSG_NOSIGNAL for
//   send(2), so a write to a closed peer is kept from raising SIGPIPE per socket instead.
// - netinet/in.h: `struct sockaddr_in` starts with `sin_len` (the structure's size).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls whose spelling differs between Glibc and Darwin, in one place.
public enum SocketPlatform {
    /// A new TCP socket descriptor (or -1 with `errno`), close-on-exec: a test that starts a
    /// process must not hand it a copy that keeps the connection open.
    public static func streamSocket() -> Int32 {
        #if canImport(Glibc)
        socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
        #endif
    }

    /// The flags for `send(2)`: Linux's MSG_NOSIGNAL, so that writing to a peer that has gone
    /// is an error (EPIPE) rather than a SIGPIPE; none on Darwin (see ``keepSIGPIPEAway(_:)``).
    public static var sendFlags: Int32 {
        #if canImport(Glibc)
        Int32(MSG_NOSIGNAL)
        #else
        0
        #endif
    }

    /// Darwin: sets SO_NOSIGPIPE on `fd`, its per-socket form of MSG_NOSIGNAL. Linux: nothing.
    public static func keepSIGPIPEAway(_ fd: Int32) {
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// 127.0.0.1 at `port` (0 picks a free port); Darwin's `sin_len` set to the structure's size.
    public static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
