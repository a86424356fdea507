import Foundation

/// The bytes of a request or response body: in memory, in a file, or a stream of chunks
/// produced or received over time.
///
/// A request's typed ``RequestBody`` becomes one of these when the client encodes it, and a
/// transport hands one back as ``RawResponse/body``. How a response body arrives is the request's
/// choice (``ResponseDelivery``): collected in memory (the default), streamed with back-pressure,
/// or written to a file.
///
/// ```swift
/// let upload = HTTPBody.file(URL(fileURLWithPath: "/tmp/logs.zip"))     // read while sending
/// let stream = HTTPBody(chunks, length: nil)                          // one-shot, unknown length
/// for try await chunk in response.body.chunks() { write(chunk) }       // a streamed response
/// ```
///
/// A body made from bytes or a file can be read any number of times (a ware may replay its
/// request); a stream only once, unless made with `replayable: true` from a sequence that starts
/// over on each iteration. Reading a one-shot stream a second time throws
/// ``InvalidRequestReason/bodyNotReplayable``.
public struct HTTPBody: Sendable {
    enum Storage: Sendable {
        case bytes(Data)
        case file(URL)
        case stream(ChunkSource)
    }

    let storage: Storage
    /// How many bytes the body holds, when known before reading it.
    public let length: Int?
    /// Whether the body can be read more than once, so that a ware may send its request again.
    public let isReplayable: Bool
    /// Whether the body can go out (again) now: a replayable one always, a one-shot one until
    /// something began reading it. A call that failed before its body was read (a refresh that
    /// failed for now, no connection) may be retried with it.
    package var canBeSentAgain: Bool {
        if isReplayable { return true }
        if case .stream(let source) = storage { return !source.wasRead }
        return false
    }
    /// Records that a transport is sending the body from its parts (``BodyExtras``), not through
    /// ``chunks()``: a one-shot one may then not be sent again (``canBeSentAgain``).
    package func markRead() {
        if case .stream(let source) = storage { source.markRead() }
    }

    /// What the body carries besides its bytes (a multipart body's parts, for logs).
    var extras: BodyExtras?

    init(storage: Storage, length: Int?, isReplayable: Bool) {
        self.storage = storage
        self.length = length
        self.isReplayable = isReplayable
    }

    /// A body held in memory.
    public static func bytes(_ data: Data) -> HTTPBody {
        HTTPBody(storage: .bytes(data), length: data.count, isReplayable: true)
    }

    /// An empty body in memory.
    public static let empty = HTTPBody.bytes(Data())

    /// The contents of the file at `url`, read in chunks while the body is sent; its length is the
    /// file's size when the body is made (`nil` when the file cannot be read now, in which case
    /// reading it fails with ``InvalidRequestReason/bodyFileUnreadable(path:reason:)``). Exactly
    /// that many bytes are sent: a file that grows afterwards (a log still being written) goes
    /// out at its earlier length, and one that shrinks fails with
    /// ``InvalidRequestReason/bodyFileUnreadable(path:reason:)``.
    public static func file(_ url: URL) -> HTTPBody {
        HTTPBody(storage: .file(url), length: FileChunkReader.size(of: url), isReplayable: true)
    }

    /// A body whose chunks `chunks` produces.
    ///
    /// - Parameters:
    ///   - chunks: The chunks in order.
    ///   - length: The total number of bytes, when known: sent as `Content-Length` (otherwise the
    ///     body is sent chunked). A stream that ends at another length fails the call.
    ///   - replayable: Whether every iteration of `chunks` starts over with the same bytes (an
    ///     `AsyncStream` does not); only then may a ware send the request again.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, length: Int? = nil, replayable: Bool = false)
    where Chunks.Element == Data {
        self.init(storage: .stream(ChunkSource(chunks, replayable: replayable)), length: length, isReplayable: replayable)
    }

    /// The bytes, when the body is held in memory; `nil` for a file or a stream.
    public var data: Data? {
        if case .bytes(let data) = storage { return data }
        return nil
    }

    /// The file the body is read from (a file upload, or a response written to a file).
    public var fileURL: URL? {
        if case .file(let url) = storage { return url }
        return nil
    }

    /// Whether the body arrives or is produced over time rather than being held or stored.
    public var isStream: Bool {
        if case .stream = storage { return true }
        return false
    }

    /// Runs `action` once the caller is done with a one-shot stream (read to its end, failed,
    /// dropped), and says `true`; says `false` for any other body, which is done with already.
    func whenDone(_ action: @escaping @Sendable () -> Void) -> Bool {
        guard !isReplayable, case .stream(let source) = storage else { return false }
        source.whenDone(action)
        return true
    }

    /// Whether the body is known to hold no bytes.
    public var isEmpty: Bool { length == 0 }

    /// Every byte of the body in memory, at most `limit` of them.
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/responseTooLarge(limit:)`` past `limit`,
    ///   or whatever reading the body throws.
    public func collect(upTo limit: Int) async throws -> Data {
        if case .bytes(let data) = storage {
            guard data.count <= limit else { throw CourierError.transport(.responseTooLarge(limit: limit)) }
            return data
        }
        if let length, length > limit { throw CourierError.transport(.responseTooLarge(limit: limit)) }
        var collector = ResponseBodyCollector(limit: limit)
        for try await chunk in chunks() { try collector.append(chunk) }
        return collector.data
    }
}

extension HTTPBody: CustomStringConvertible {
    /// What kind of body this is and its length, never its bytes.
    public var description: String {
        let size = length.map { "\(ByteCount($0))" } ?? "unknown length"
        switch storage {
        case .bytes: return "\(size) in memory"
        case .file(let url): return "file \(url.lastPathComponent), \(size)"
        case .stream:
            let kind = multipart.map { "multipart, \($0.entries.count) parts" } ?? "stream"
            return "\(kind), \(size)\(isReplayable ? ", replayable" : "")"
        }
    }
}
