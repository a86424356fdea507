#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension stat {
    /// The modification time, in seconds since 1970 with its nanoseconds.
    ///
    /// POSIX names the field `st_mtim` (Glibc and Musl do); Darwin's `struct stat` names it
    /// `st_mtimespec`. The Darwin branch follows Apple's stat(2) manual page
    /// (developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/stat.2.html:
    /// `struct timespec st_mtimespec; /* time of last data modification */`). Never compiled here.
    var modificationSeconds: Double {
        #if canImport(Darwin)
        Double(st_mtimespec.tv_sec) + Double(st_mtimespec.tv_nsec) / 1e9
        #else
        Double(st_mtim.tv_sec) + Double(st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// The modification time in nanoseconds since 1970, exact (a `Double` keeps microseconds).
    var modificationNanoseconds: Int64 {
        #if canImport(Darwin)
        Int64(st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int64(st_mtimespec.tv_nsec)
        #else
        Int64(st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st_mtim.tv_nsec)
        #endif
    }
}
