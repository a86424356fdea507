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
        return writeAll(data, to: descriptor) == nil && (!sync || fsync(descriptor) == 0)
    }

    /// Writes every byte of `data` to `descriptor`, retrying short and interrupted writes;
    /// `nil` when all went out, else the `errno` that stopped it.
    static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { bytes -> Int32? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, base + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return count < 0 ? errno : EIO }
                offset += count
            }
            return nil
        }
    }

    /// Moves `temporary` over `path` in one step.
    static func replace(_ path: String, with temporary: String) -> Bool {
        rename(temporary, path) == 0
    }
}
