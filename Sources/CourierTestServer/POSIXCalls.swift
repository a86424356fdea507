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
