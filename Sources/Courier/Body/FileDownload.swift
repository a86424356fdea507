import Foundation
import HTTPTypes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A response body being written to a file for ``ResponseDelivery/file(_:)``: bytes go to a new
/// temporary file beside the destination, which replaces the destination in one `rename` only
/// when the whole body arrived; ``discard()`` removes it, so a failed download leaves nothing
/// (a ``PartialDownload`` keeps it for the next attempt instead, and removes it when the call
/// ends without a whole body).
///
/// Written by one thread at a time (a transport's callback queue or its reading task; between the
/// attempts of a resumed download, the ``PartialDownload`` that holds it). The descriptor is
/// under a lock, so that ``remove()`` from a cancelled caller may come while a transport's task
/// is still writing or committing (AsyncHTTPClient's reading task ends after its caller does):
/// once removed, the file takes no more bytes and cannot be committed.
package final class FileDownload {
    /// Where the file goes; `nil` keeps the temporary file for the caller.
    package let destination: URL?
    /// Where the bytes are written until ``commit()``.
    package let partial: URL
    /// The open file's descriptor; -1 once committed or removed.
    private let descriptor: Locked<Int32>
    /// Bytes in the file so far (those of earlier attempts included, when continuing one).
    package private(set) var written = 0
    /// Where the body must end, when its head said (`Content-Length`, or the end of a
    /// `Content-Range`, on a body not content-encoded): ``commit()`` refuses a file of another
    /// length as a body cut short, whatever the transport noticed.
    package var expectedLength: Int?
    /// Whether a ``PartialDownload`` keeps the file for a later attempt: ``discard()`` then leaves
    /// it and its bytes in place, and only ``remove()`` deletes it.
    var isHeld = false

    /// Opens a new partial file for `destination` (a temporary file when `nil`).
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/fileWriteFailed(file:reason:)`` when the
    ///   file cannot be created.
    package init(destination: URL?) throws(CourierError) {
        self.destination = destination
        let name = "courier-\(UUID().uuidString).download"
        let directory = destination?.deletingLastPathComponent() ?? FileManager.default.temporaryDirectory
        partial = directory.appendingPathComponent(destination == nil ? name : ".\(name)")
        let opened = open(partial.path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard opened >= 0 else {
            throw FileDownload.failure(destination ?? partial, errno)
        }
        descriptor = Locked(opened)
    }

    deinit {
        remove()
    }

    /// Appends `data` (nothing, once the file was removed).
    package func write(_ data: Data) throws(CourierError) {
        let outcome = descriptor.withLock { descriptor -> (written: Bool, failure: Int32?) in
            guard descriptor >= 0 else { return (false, nil) }
            return (true, NewFile.writeAll(data, to: descriptor))
        }
        if let failure = outcome.failure { throw FileDownload.failure(destination ?? partial, failure) }
        if outcome.written { written += data.count }
    }

    /// Whether the file is still being written (neither committed nor removed).
    package var isOpen: Bool { descriptor.withLock { $0 >= 0 } }

    /// Closes the file and moves it to the destination; returns where the body now is.
    ///
    /// - Throws: ``TransportFailure/connectionLost(message:)`` when the file does not have
    ///   ``expectedLength`` bytes (the file stays open, for ``discard()``), or
    ///   ``TransportFailure/fileWriteFailed(file:reason:)``.
    package func commit() throws(CourierError) -> URL {
        if let expectedLength, written != expectedLength, isOpen {
            throw CourierError.transport(.connectionLost(message: "the body ended after \(written) of \(expectedLength) bytes"))
        }
        let (partial, destination) = (self.partial, self.destination)
        // Closed and moved under the lock: a `remove()` comes wholly before (then this fails) or after.
        let failure = descriptor.withLock { descriptor -> Int32? in
            guard descriptor >= 0 else { return EBADF }
            let closed = close(descriptor) == 0
            let code = errno
            descriptor = -1
            guard closed else {
                unlink(partial.path)
                return code
            }
            guard let destination, rename(partial.path, destination.path) != 0 else { return nil }
            let renameCode = errno
            unlink(partial.path)
            return renameCode
        }
        if let failure { throw FileDownload.failure(destination ?? partial, failure) }
        return destination ?? partial
    }

    /// Ends an attempt that failed: closes and removes the partial file, unless a
    /// ``PartialDownload`` holds it for the next attempt (then it stays as it is).
    package func discard() {
        if !isHeld { remove() }
    }

    /// Closes and removes the partial file, whoever holds it; a committed file is left alone.
    func remove() {
        let partial = self.partial
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
            unlink(partial.path)
        }
    }

    /// Keeps the first `offset` bytes and writes on after them.
    func truncate(to offset: Int) throws(CourierError) {
        let failure = descriptor.withLock { descriptor -> Int32? in
            guard descriptor >= 0 else { return EBADF }
            // Already there (a new file and a fresh start): no `ftruncate`. On ext4, truncating a
            // file to zero makes its `close` write the whole file back to disk (`auto_da_alloc`);
            // measured: a 1 GiB download took 1.0–1.8 s with it (writeback started from `close`,
            // seen in `perf`), 0.55–0.96 s without it.
            var info = stat()
            if fstat(descriptor, &info) == 0, Int(info.st_size) == offset, lseek(descriptor, 0, SEEK_CUR) == off_t(offset) { return nil }
            guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { return errno }
            return nil
        }
        if let failure { throw FileDownload.failure(destination ?? partial, failure) }
        written = offset
    }

    /// The file a transport writes `request`'s body to once `head` arrived with a status the
    /// request accepts, for ``ResponseDelivery/file(_:)`` to `destination`: the partial file of
    /// earlier attempts, positioned for `head`, when the download is being resumed (see
    /// ``PartialDownload``); a new one otherwise. Either way ``commit()`` checks the length
    /// `head` declares.
    ///
    /// - Throws: ``CourierError`` when the file cannot be created, or when `head` answers a
    ///   resumed request with a range that cannot continue the file (the next attempt starts over).
    package static func make(for request: PreparedRequest, destination: URL?, head: HTTPResponse) throws(CourierError) -> FileDownload {
        if let partial = request.options[PartialDownload.Slot.self] {
            return try partial.file(for: head, method: request.http.method)
        }
        let file = try FileDownload(destination: destination)
        file.expectedLength = RangeFields.declaredLength(of: head, method: request.http.method)
        return file
    }

    private static func failure(_ file: URL, _ code: Int32) -> CourierError {
        CourierError.transport(.fileWriteFailed(file: file.lastPathComponent, reason: String(cString: strerror(code))))
    }
}

