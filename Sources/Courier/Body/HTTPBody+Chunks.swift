import Foundation

extension HTTPBody {
    /// The body's bytes in order, as chunks of at most 64 KB for a file, as produced for a stream,
    /// and in one piece for bytes in memory.
    ///
    /// Reading a streamed response applies back-pressure: the transport reads from the network
    /// only as fast as the chunks are taken. Ending the iteration early (or dropping the
    /// iterator) stops the transfer.
    public func chunks() -> Chunks {
        Chunks(body: self)
    }

    /// The chunks of an ``HTTPBody``.
    public struct Chunks: AsyncSequence, Sendable {
        /// Each element is the next run of bytes.
        public typealias Element = Data

        let body: HTTPBody

        /// Starts reading the body; a one-shot stream read before throws on the first `next()`.
        public func makeAsyncIterator() -> Iterator {
            switch body.storage {
            case .bytes(let data): Iterator(state: .bytes(data.isEmpty ? nil : data))
            case .file(let url): Iterator(state: .file(FileChunkReader(url: url, length: body.length)))
            case .stream(let source): Iterator(state: source.makeReader(), declared: body.length)
            }
        }

        /// Reads one body's chunks.
        public struct Iterator: AsyncIteratorProtocol {
            enum State {
                case bytes(Data?)
                case file(FileChunkReader)
                case stream(any ChunkReading)
                case failed(CourierError)
                case done
            }

            var state: State
            /// The length a stream declared, checked as its chunks arrive.
            var declared: Int?
            /// The bytes a stream produced so far.
            var produced = 0

            init(state: State, declared: Int? = nil) {
                self.state = state
                self.declared = declared
            }

            /// The next chunk, or `nil` at the end of the body.
            ///
            /// - Throws: for a stream that declared its length,
            ///   ``InvalidRequestReason/bodyLengthMismatch(declared:actual:)`` as soon as it produces
            ///   more, or when it ends with fewer: a transport never sends a body its length misstates.
            public mutating func next() async throws -> Data? {
                switch state {
                case .bytes(let data):
                    state = .done
                    return data
                case .file(let reader):
                    let chunk = try reader.next()
                    if chunk == nil { state = .done }
                    return chunk
                case .stream(let reader):
                    let chunk = try await reader.next()
                    produced += chunk?.count ?? 0
                    if let declared, chunk == nil ? produced != declared : produced > declared {
                        state = .done
                        throw CourierError.invalidRequest(.bodyLengthMismatch(declared: declared, actual: produced))
                    }
                    if chunk == nil { state = .done }
                    return chunk
                case .failed(let error):
                    state = .done
                    throw error
                case .done:
                    return nil
                }
            }
        }
    }
}

/// Something that hands out a stream's chunks one at a time, for one reader.
protocol ChunkReading: AnyObject {
    /// The next chunk, or `nil` at the end.
    func next() async throws -> Data?
}

/// Where a streamed body's chunks come from: a sequence iterated once per reader, or only once.
final class ChunkSource: Sendable {
    private let makeIterator: @Sendable () -> any ChunkReading
    private let replayable: Bool
    private let used = Locked(false)
    /// Runs when the source goes away never read: a transport's body lets go of its connection,
    /// which a reader made and dropped would have done (nobody may read it any more).
    private let onUnread: (@Sendable () -> Void)?
    /// What runs once when the body is done with (see ``whenDone(_:)``); `nil` once it ran.
    private let doneActions = Locked<[@Sendable () -> Void]?>([])
    /// Ends a transport's body from outside (see ``interrupt(with:)``); `nil` for a sequence.
    private let interrupter: (@Sendable (any Error) -> Void)?

    init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks, replayable: Bool) where Chunks.Element == Data {
        self.makeIterator = { SequenceChunkReader(chunks.makeAsyncIterator()) }
        self.replayable = replayable
        self.onUnread = nil
        self.interrupter = nil
    }

    /// A source over a reader made on demand (a transport's channel), read only once;
    /// `onUnread` runs if it goes away before a reader was made, `interrupt` ends the transfer
    /// with an error for its reader.
    init(
        once make: @escaping @Sendable () -> any ChunkReading, onUnread: (@Sendable () -> Void)? = nil,
        interrupt: (@Sendable (any Error) -> Void)? = nil
    ) {
        self.makeIterator = make
        self.replayable = false
        self.onUnread = onUnread
        self.interrupter = interrupt
    }

    /// Ends the transfer now, whoever reads: the reader gets `error` at its next read (a waiting
    /// one at once) and the transport stops. `false` for a body that cannot be stopped from
    /// outside (chunks of a sequence, such as a stub's).
    func interrupt(with error: any Error) -> Bool {
        guard let interrupter else { return false }
        interrupter(error)
        return true
    }

    deinit {
        if let onUnread, !used.withLock({ $0 }) { onUnread() }
        finishReading()
    }

    /// Runs `action` once, when the body is done with: its first reader reached the end, failed
    /// or went away, or the source went away never read. A call's progress updates end then,
    /// not when the call hands the stream over.
    func whenDone(_ action: @escaping @Sendable () -> Void) {
        let added = doneActions.withLock { actions in
            guard actions != nil else { return false }
            actions?.append(action)
            return true
        }
        if !added { action() }
    }

    /// The body is done with: runs what ``whenDone(_:)`` registered, once.
    fileprivate func finishReading() {
        let actions = doneActions.withLock { actions in
            defer { actions = nil }
            return actions ?? []
        }
        for action in actions { action() }
    }

    /// Whether a one-shot source has been read (a reader was made for it).
    var wasRead: Bool { used.withLock { $0 } }

    /// Records that the source's bytes are being read another way (a multipart body's parts,
    /// written one by one): it cannot be read again, and no ware may send it again.
    func markRead() {
        used.withLock { $0 = true }
    }

    /// A reader for the next iteration; a one-shot source read before gives a failure instead.
    func makeReader() -> HTTPBody.Chunks.Iterator.State {
        if !replayable {
            let first = used.withLock { used in
                defer { used = true }
                return !used
            }
            guard first else { return .failed(CourierError.invalidRequest(.bodyNotReplayable)) }
        }
        let reader = makeIterator()
        // Only a source someone waits on pays for the watching reader.
        let watched = doneActions.withLock { !($0?.isEmpty ?? true) }
        return .stream(watched ? FinishingReader(reader, source: self) : reader)
    }
}

/// A reader that tells its ``ChunkSource`` when reading is over: at the end, on a failure, or
/// when it is dropped part-way.
private final class FinishingReader: ChunkReading {
    private let base: any ChunkReading
    private let source: ChunkSource

    init(_ base: any ChunkReading, source: ChunkSource) {
        self.base = base
        self.source = source
    }

    deinit {
        source.finishReading()
    }

    func next() async throws -> Data? {
        do {
            let chunk = try await base.next()
            if chunk == nil { source.finishReading() }
            return chunk
        } catch {
            source.finishReading()
            throw error
        }
    }
}

/// Reads an `AsyncSequence`'s iterator for ``ChunkSource``.
final class SequenceChunkReader<Base: AsyncIteratorProtocol>: ChunkReading where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    func next() async throws -> Data? {
        try await base.next()
    }
}

/// Reads a file in chunks of 64 KB, opening it on the first read and closing it at the end (or
/// when the reader is dropped).
final class FileChunkReader {
    static let chunkSize = 64 * 1024

    let url: URL
    /// How many bytes one read takes.
    let readSize: Int
    /// The length the body declared (the file's size when it was measured), or `nil` to read to
    /// the end.
    let length: Int?
    private var handle: FileHandle?
    private var finished = false
    private var produced = 0

    /// A reader of `url`; with a `length`, it gives exactly that many bytes: a file that grew
    /// since (a log still being written) has its new bytes left out, because they would follow
    /// a `Content-Length` body on the connection, and one that shrank fails with the file named.
    init(url: URL, length: Int?, readSize: Int = FileChunkReader.chunkSize) {
        self.url = url
        self.length = length
        self.readSize = readSize
    }

    deinit {
        try? handle?.close()
    }

    /// The file's size in bytes, or `nil` when it cannot be read.
    static func size(of url: URL) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
              (attributes[.type] as? FileAttributeType) == .typeRegular,
              let size = attributes[.size] as? NSNumber
        else { return nil }
        return size.intValue
    }

    func next() throws(CourierError) -> Data? {
        guard !finished else { return nil }
        do {
            if handle == nil { handle = try FileHandle(forReadingFrom: url) }
            guard let handle else { return nil }
            let wanted = length.map { min(readSize, $0 - produced) } ?? readSize
            if wanted > 0, let chunk = try handle.read(upToCount: wanted), !chunk.isEmpty {
                produced += chunk.count
                return chunk
            }
            finished = true
            try? handle.close()
            self.handle = nil
            if let length, produced < length {
                throw CourierError.invalidRequest(.bodyFileShrank(url, to: produced))
            }
            return nil
        } catch let error as CourierError {
            finished = true
            throw error
        } catch {
            finished = true
            throw CourierError.invalidRequest(.bodyFileUnreadable(path: url.lastPathComponent, reason: FileChunkReader.reason(error)))
        }
    }

    /// A short reason without paths (`NSError`'s description holds the whole path).
    private static func reason(_ error: any Error) -> String {
        let code = (error as NSError).code
        switch code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        default: return "read failed (code \(code))"
        }
    }
}
