import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files the stores write: a new file made with exactly the given permissions and filled with
/// plain system calls, to be renamed over the old one so that readers never see half of it.
enum NewFile {
    /// Creates `path` (it must not exist) with `mode`, writes `data`, and flushes it to the disk
    /// first when `sync` is set. `false` when any step failed; the caller removes the file.
    static func create(_ path: String, with data: Data, mode: mode_t, sync: Bool) -> Bool {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, mode)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, base + offset, bytes.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        return written && (!sync || fsync(descriptor) == 0)
    }

    /// Moves `temporary` over `path` in one step.
    static func replace(_ path: String, with temporary: String) -> Bool {
        rename(temporary, path) == 0
    }
}
