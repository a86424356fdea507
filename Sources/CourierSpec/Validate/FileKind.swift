#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names on disk, for `sample:` (symbolic links followed).
enum FileKind: Equatable, Sendable {
    /// Nothing (or nothing this process may look at).
    case missing
    /// A regular file, which can be read as a sample.
    case regular
    /// A directory.
    case directory
    /// Something else: a FIFO, a socket, a device. The text names it ("a FIFO").
    case other(String)

    /// What `path` is.
    static func of(_ path: String) -> FileKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFIFO: return .other("a FIFO (named pipe)")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        default: return .other("not a regular file")
        }
    }
}
