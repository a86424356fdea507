import Foundation

/// A decoder that cuts a byte stream into frames (events, lines, records), given the bytes a
/// chunk at a time.
///
/// The sequences' iteration is `@inlinable` (with what it touches `@usableFromInline`) so that
/// it is specialized for the caller's chunk and element types: unspecialized, each element cost
/// generic metadata look-ups and task allocations worth about as much as the parsing.
@usableFromInline
protocol ChunkFramer {
    /// What it cuts the stream into.
    associatedtype Frame
    /// Hands it the stream's next bytes.
    mutating func append(_ chunk: Data)
    /// Tells it the stream ended.
    mutating func finish()
    /// The next complete frame in the bytes so far, `nil` when it needs more (or the stream ended).
    mutating func nextFrame() throws(CourierError) -> Frame?
}

extension ServerSentEventParser: ChunkFramer {}

extension JSONLinesParser: ChunkFramer {
    @usableFromInline
    mutating func nextFrame() throws(CourierError) -> Data? {
        try next()
    }
}

extension JSONSequenceParser: ChunkFramer {
    @usableFromInline
    mutating func nextFrame() throws(CourierError) -> Data? {
        try next()
    }
}

/// Reads a chunk sequence through a ``ChunkFramer``, pulling the next chunk only when the framer
/// has no complete frame left: the consumer's pace is the pace at which the body is read.
@usableFromInline
struct FrameReader<Chunks: AsyncIteratorProtocol, Framer: ChunkFramer> where Chunks.Element: DataProtocol {
    /// The chunks; `nil` once they ended, failed, or the reader was stopped (which lets a
    /// transport's stream go at once).
    @usableFromInline var chunks: Chunks?
    @usableFromInline var framer: Framer

    @usableFromInline
    init(_ chunks: Chunks, framer: Framer) {
        self.chunks = chunks
        self.framer = framer
    }

    /// The next frame, or `nil` at the end of the stream. An error ends the reading, except a
    /// truncated JSON text sequence record: the framer skipped it and can go on.
    @inlinable
    mutating func next() async throws -> Framer.Frame? {
        while true {
            do {
                if let frame = try framer.nextFrame() { return frame }
            } catch {
                if case .stream(.truncatedRecord) = error.reason {} else { stop() }
                throw error
            }
            guard chunks != nil else { return nil }
            let chunk: Chunks.Element?
            do {
                chunk = try await chunks!.next()
            } catch {
                stop()
                throw error
            }
            if let chunk {
                framer.append(Self.data(chunk))
            } else {
                chunks = nil
                framer.finish()
            }
        }
    }

    /// Stops reading: the chunks are let go, and ``next()`` returns what the framer completed
    /// already, then `nil`.
    @inlinable
    mutating func stop() {
        chunks = nil
        framer.finish()
    }

    /// The chunk as `Data`, not copied when it is one.
    @inlinable
    static func data(_ chunk: Chunks.Element) -> Data {
        if let data = chunk as? Data { return data }
        return Data(chunk)
    }
}
