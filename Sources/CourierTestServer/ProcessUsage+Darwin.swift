// getrusage(2) on Linux (Glibc) and Apple platforms (Darwin). The Darwin branches are never
// compiled on the Linux machines Courier is developed on; they follow Apple's getrusage(2) manual
// page (developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/getrusage.2.html):
// `int getrusage(int who, struct rusage *r_usage)` with RUSAGE_SELF an `int`, and `ru_maxrss`
// in bytes. Glibc declares `who` as an enum and counts `ru_maxrss` in kilobytes.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's resource use, for benchmarks and memory checks.
public enum ProcessUsage {
    /// User plus system CPU seconds of this process so far.
    public static func cpuSeconds() -> Double {
        let usage = current()
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The process's peak resident memory so far, in bytes.
    public static func peakResidentBytes() -> Int {
        #if canImport(Darwin)
        Int(current().ru_maxrss)  // bytes
        #else
        Int(current().ru_maxrss) * 1024  // kilobytes
        #endif
    }

    private static func current() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}
