import Foundation

/// Writes a request body to a temporary file, for transports that can send a file but not an
/// async stream (``URLSessionTransport``), nor a file only up to its declared length (the same,
/// on Linux; a file body's chunks stop at its length): memory stays at one chunk whatever the size.
/// A small body can be gathered in memory instead (``gather(_:)``).
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

    /// `body`'s bytes in memory, for a body small enough to send that way
    /// (``SessionCall/memoryUploadLimit``).
    ///
    /// - Throws: what ``write(_:)`` throws, but for the file failures.
    static func gather(_ body: HTTPBody) async throws -> Data {
        var data = Data()
        if let length = body.length { data.reserveCapacity(length) }
        for try await chunk in body.chunks() { data.append(chunk) }
        return data
    }
}
