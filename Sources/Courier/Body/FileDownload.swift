import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A response body being written to a file for ``ResponseDelivery/file(_:)``: bytes go to a new
/// temporary file beside the destination, which replaces the destination in one `rename` only
/// when the whole body arrived; ``discard()`` removes it, so a failed download leaves nothing.
///
/// Used by one thread at a time (a transport's callback queue or its reading task).
package final class FileDownload {
    /// Where the file goes; `nil` keeps the temporary file for the caller.
    package let destination: URL?
    /// Where the bytes are written until ``commit()``.
    package let partial: URL
    private var descriptor: Int32
    /// Bytes written so far.
    package private(set) var written = 0

    /// Opens a new partial file for `destination` (a temporary file when `nil`).
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/fileWriteFailed(file:reason:)`` when the
    ///   file cannot be created.
    package init(destination: URL?) throws(CourierError) {
        self.destination = destination
        let name = "courier-\(UUID().uuidString).download"
        let directory = destination?.deletingLastPathComponent() ?? FileManager.default.temporaryDirectory
        partial = directory.appendingPathComponent(destination == nil ? name : ".\(name)")
        descriptor = open(partial.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw FileDownload.failure(destination ?? partial, errno)
        }
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(partial.path)
        }
    }

    /// Appends `data`.
    package func write(_ data: Data) throws(CourierError) {
        guard descriptor >= 0 else { return }
        if let failure = NewFile.writeAll(data, to: descriptor) { throw FileDownload.failure(destination ?? partial, failure) }
        written += data.count
    }

    /// Closes the file and moves it to the destination; returns where the body now is.
    package func commit() throws(CourierError) -> URL {
        guard descriptor >= 0 else { throw FileDownload.failure(destination ?? partial, EBADF) }
        let closed = close(descriptor) == 0
        descriptor = -1
        guard closed else {
            let code = errno
            unlink(partial.path)
            throw FileDownload.failure(destination ?? partial, code)
        }
        guard let destination else { return partial }
        guard rename(partial.path, destination.path) == 0 else {
            let code = errno
            unlink(partial.path)
            throw FileDownload.failure(destination, code)
        }
        return destination
    }

    /// Closes and removes the partial file.
    package func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(partial.path)
    }

    private static func failure(_ file: URL, _ code: Int32) -> CourierError {
        CourierError.transport(.fileWriteFailed(file: file.lastPathComponent, reason: String(cString: strerror(code))))
    }
}

