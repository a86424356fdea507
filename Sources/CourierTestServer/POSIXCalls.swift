#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// close(2), listen(2) and accept(2) at file scope, where the methods of `Socket` with those names
// do not hide them: the same spelling on Linux and Apple platforms, no module qualification.

/// Closes `fd`, ignoring the result.
func posixClose(_ fd: Int32) {
    _ = close(fd)
}

/// Marks `fd` as listening with room for `backlog` pending connections.
func posixListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}

/// Accepts a pending connection on `fd`, without its peer's address.
func posixAccept(_ fd: Int32) -> Int32 {
    accept(fd, nil, nil)
}

/// A new pipe with both ends close-on-exec (`[read, write]`), or `nil` (descriptors exhausted).
/// Close-on-exec as the sockets are, so that no child started meanwhile keeps an end open;
/// Glibc does not export `pipe2` to Swift, which would do both at once.
func closeOnExecPipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}
