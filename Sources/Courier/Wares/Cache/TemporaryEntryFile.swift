import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file an entry is written to before it is renamed into place, and the cleanup
/// of those a killed process left behind.
///
/// A writer holds an exclusive `flock` on its temporary file from creating it until it is renamed
/// (or removed), and the system drops the lock when the writer's process dies. So a store that
/// opens a directory another store is writing in (an app and its extension, two clients) can
/// tell a write in progress, whose lock it cannot take, from an abandoned one, however recent.
/// One gap remains: between `open` creating the file and `flock` locking it, a scan may take it
/// for abandoned and remove it; that write then fails to rename, and is lost like a failed write.
enum TemporaryEntryFile {
    /// Creates `path` (which must not exist), locks it, writes `data`, and calls `finish` with
    /// whether all of that worked, still holding the lock: `finish` renames the file into place
    /// and returns whether it did. The file is removed unless it was.
    static func write(_ data: Data, to path: String, finish: (_ written: Bool) -> Bool) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        defer { if descriptor >= 0 { close(descriptor) } }
        // Not synced: a killed process loses nothing written; a power cut may cost recent
        // entries, which the checksum then turns into misses.
        let written = descriptor >= 0 && flock(descriptor, LOCK_EX) == 0 && NewFile.writeAll(data, to: descriptor) == nil
        if !finish(written), descriptor >= 0 { unlink(path) }
    }

    /// Removes the temporary file at `path` unless a live write holds it. Anything but a regular
    /// file (a link, a FIFO) is removed unopened, as it can be no write's; a directory stays.
    static func removeIfAbandoned(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & mode_t(S_IFMT) {
        case mode_t(S_IFDIR): return
        case mode_t(S_IFREG): break
        default:
            unlink(path)
            return
        }
        // O_NOFOLLOW and O_NONBLOCK: whatever was swapped in since `lstat` is neither followed
        // nor waited for.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // Taken: no live write holds it. Removed while held, so no write can begin on it.
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
    }
}
