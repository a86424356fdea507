// getrusage(2) differs between Linux and macOS; the macOS branch is never compiled on the Linux
// machines Courier is developed on. It follows Apple's getrusage(2) manual page
// (developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/getrusage.2.html):
// `int getrusage(int who, struct rusage *r_usage)`, `ru_maxrss` in bytes.
import Foundation

/// The process's peak resident set so far, in bytes.
func peakRSS() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)  // bytes on macOS
    #endif
}
