import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Looking at and reading one entry file of a cache directory without trusting it.
///
/// Anything with write access to the directory (another process, a bug, an attacker) may put a
/// symbolic link, a hard link to a file elsewhere, a FIFO, a device or a huge sparse file where
/// an entry should be. The store only ever creates regular files with one link whose size is
/// within its byte limit, so anything else is refused by its metadata, before a byte is read:
/// links are never followed, a FIFO is never opened for blocking, and a file is never read
/// beyond the size it had when it was opened, nor beyond the limit.
enum EntryFile {
    /// What a name in the directory is, judged by `lstat` (which does not follow links).
    enum Status: Equatable {
        /// A regular file with one link and at most `limit` bytes: possibly an entry.
        case entry(size: Int, modified: Double)
        /// A directory: left alone, since the store never makes one and `unlink` cannot remove it.
        case directory
        /// Nothing under the name.
        case missing
        /// It could not be looked at, for a reason that says nothing about it (no permission to
        /// search the directory, an I/O error): left alone and not counted.
        case unavailable
        /// Something the store never writes there; the caller removes the name.
        case refused
    }

    /// Which file a name held: compared before a file is removed, so that only the one that was
    /// judged goes, never one renamed into its place since. The size and modification time are
    /// part of it because an inode number is reused as soon as its file is gone.
    struct Identity: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
            size = Int64(info.st_size)
            modified = info.modificationNanoseconds
        }
    }

    /// What reading a name gave.
    enum Contents {
        /// The file's bytes, at most `limit` of them, and which file they came from.
        case bytes(Data, Identity)
        /// Nothing under the name.
        case missing
        /// It could not be looked at or opened for a reason that says nothing about the file (no
        /// descriptors left, no permission): a miss that leaves the file alone.
        case unavailable
        /// Not a file the store wrote, or it changed while being read; the caller removes what
        /// was refused if the name still holds it (`nil`: nothing to remove for sure).
        case refused(Identity?)
    }

    /// What `path` is, without following a link or opening it.
    static func status(_ path: String, limit: Int) -> Status {
        examine(path, limit: limit).status
    }

    /// Which file is at `path` now (a link itself, not its target), or `nil` when none is.
    static func identity(of path: String) -> Identity? {
        var info = stat()
        return lstat(path, &info) == 0 ? Identity(info) : nil
    }

    /// What `path` is, and which file, from one `lstat`.
    private static func examine(_ path: String, limit: Int) -> (status: Status, identity: Identity?) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return (isGone(errno) ? .missing : .unavailable, nil) }
        if isDirectory(info) { return (.directory, Identity(info)) }
        guard isEntry(info, limit: limit) else { return (.refused, Identity(info)) }
        return (.entry(size: Int(info.st_size), modified: info.modificationSeconds), Identity(info))
    }

    /// The bytes of the regular file at `path`, read with one buffer of the file's size.
    static func contents(of path: String, limit: Int) -> Contents {
        // Looked at first so that a FIFO or device is never opened at all; `open` below checks
        // again, because the name may be replaced between the two calls.
        let looked = examine(path, limit: limit)
        switch looked.status {
        case .entry: break
        case .missing: return .missing
        case .unavailable: return .unavailable
        case .directory, .refused: return .refused(looked.identity)
        }
        // O_NOFOLLOW: a link put there since `lstat` fails with ELOOP instead of being followed.
        // O_NONBLOCK: a FIFO put there since cannot make `open` wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            // A link swapped in is refused (ELOOP; EMLINK on some BSDs), without an identity: a
            // second look could find a good entry renamed in since, so the next read removes it;
            // a name removed since is missing; anything else (out of descriptors, no
            // permission) leaves the file alone.
            let error = errno
            if error == ELOOP || error == EMLINK { return .refused(nil) }
            return isGone(error) ? .missing : .unavailable
        }
        defer { close(descriptor) }
        // The descriptor is what gets read, so its metadata is the one that counts.
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .refused(nil) }
        guard isEntry(info, limit: limit) else { return .refused(Identity(info)) }
        return readAll(descriptor, size: Int(info.st_size), of: Identity(info))
    }

    /// Exactly `size` bytes of `descriptor` (the file `identity`), or `.refused` when the file
    /// turns out shorter or longer: the store replaces files by renaming and never changes one in
    /// place, so a file that changes size while open is not the store's. Its identity changed
    /// with it, so it stays until a read finds it still.
    private static func readAll(_ descriptor: Int32, size: Int, of identity: Identity) -> Contents {
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < size {
                let count = readRetrying(descriptor, base + offset, size - offset)
                if count <= 0 { return false }  // an error, or the file shrank
                offset += count
            }
            return true
        }
        guard complete else { return .refused(identity) }
        var extra: UInt8 = 0
        guard readRetrying(descriptor, &extra, 1) == 0 else { return .refused(identity) }  // it grew
        return .bytes(data, identity)
    }

    /// `read(2)`, retried when a signal interrupts it.
    private static func readRetrying(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let result = read(descriptor, buffer, count)
            if result < 0, errno == EINTR { continue }
            return result
        }
    }

    /// A regular file with a single link, of at most `limit` bytes: the only kind the store
    /// writes. A second link may be a name for a file outside the directory; anything larger
    /// than the limit was never an entry, and reading it could take any amount of memory.
    private static func isEntry(_ info: stat, limit: Int) -> Bool {
        info.st_mode & mode_t(S_IFMT) == mode_t(S_IFREG) && info.st_nlink == 1 && info.st_size >= 0 && Int(info.st_size) <= limit
    }

    /// Whether `error` (of `lstat` or `open`) means nothing is under the name.
    private static func isGone(_ error: Int32) -> Bool {
        error == ENOENT || error == ENOTDIR
    }

    private static func isDirectory(_ info: stat) -> Bool {
        info.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR)
    }
}
