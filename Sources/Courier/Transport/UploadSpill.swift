import Foundation

/// Writes a streamed request body to a temporary file, for transports that can send a file but
/// not an async stream (``URLSessionTransport``): memory stays at one chunk whatever the size.
enum UploadSpill {
    /// A new temporary file holding `body`'s bytes; the caller removes it.
    ///
    /// - Throws: what reading the body throws (``InvalidRequestReason/bodyNotReplayable`` for a
    ///   one-shot stream read before), ``InvalidRequestReason/bodyLengthMismatch(declared:actual:)``
    ///   when it ends at another length than it declared, or a file failure.
    static func write(_ body: HTTPBody) async throws -> URL {
        let file = try FileDownload(destination: nil)
        do {
            for try await chunk in body.chunks() { try file.write(chunk) }
            return try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// A new temporary file holding the first `length` bytes of `file`; the caller removes it.
    ///
    /// - Throws: ``InvalidRequestReason/bodyFileUnreadable(path:reason:)`` when `file` cannot be
    ///   read or holds fewer than `length` bytes, or a failure to write the copy.
    static func snapshot(of file: URL, length: Int) async throws -> URL {
        let reader: FileHandle
        do {
            reader = try FileHandle(forReadingFrom: file)
        } catch {
            throw CourierError.invalidRequest(.bodyFileUnreadable(path: file.lastPathComponent, reason: "not a readable regular file"))
        }
        defer { try? reader.close() }
        let copy = try FileDownload(destination: nil)
        do {
            var copied = 0
            while copied < length {
                try Task.checkCancellation()
                let chunk: Data
                do {
                    chunk = try reader.read(upToCount: min(1 << 20, length - copied)) ?? Data()
                } catch {
                    throw CourierError.invalidRequest(.bodyFileUnreadable(path: file.lastPathComponent, reason: "\(error.localizedDescription)"))
                }
                guard !chunk.isEmpty else { throw CourierError.invalidRequest(.bodyFileShrank(file, to: copied)) }
                try copy.write(chunk)
                copied += chunk.count
            }
            return try copy.commit()
        } catch {
            copy.discard()
            throw error
        }
    }
}
