import Foundation

/// The chunks of a streamed response body, each of which must arrive within an idle timeout:
/// a body that sends nothing for that long fails with
/// ``TransportFailure/timedOut(after:)`` naming the idle timeout, and its connection is closed.
///
/// ``Client/serverSentEvents(_:of:decoder:terminator:reconnection:idleTimeout:maximumEventSize:)``
/// and ``Client/jsonLines(_:of:decoder:idleTimeout:maximumLineSize:)`` read their bodies through
/// it; the timer is Courier's own (the one that bounds calls), not the client's injected clock.
/// Like ``HTTPBody/Chunks``, chunks are read only as they are asked for, and ending the iteration
/// early (or dropping the iterator) closes the connection.
public struct IdleLimitedChunks: AsyncSequence, Sendable {
    /// Each element is the next run of bytes.
    public typealias Element = Data

    let body: HTTPBody
    let idleTimeout: Duration?

    /// The chunks of `body`, each due within `idleTimeout` of the request for it; `nil` for no
    /// limit.
    public init(_ body: HTTPBody, idleTimeout: Duration?) {
        self.body = body
        self.idleTimeout = idleTimeout
    }

    /// Starts reading the body.
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: ChunkBox(body.chunks().makeAsyncIterator()), idleTimeout: idleTimeout)
    }

    /// Reads one body's chunks.
    public struct Iterator: AsyncIteratorProtocol {
        let reader: ChunkBox
        let idleTimeout: Duration?
        var failed = false

        /// The next chunk, or `nil` at the end of the body.
        ///
        /// - Throws: ``TransportFailure/timedOut(after:)`` when no chunk came within the idle
        ///   timeout, `CancellationError` when the task was cancelled, or the body's error; the
        ///   iteration is over after any of them.
        public mutating func next() async throws -> Data? {
            guard !failed else { return nil }
            do {
                guard let idleTimeout else { return try await reader.next() }
                let reader = self.reader
                return try await withDeadline(idleTimeout) { try await reader.next() }
            } catch {
                // The timed-out or cancelled read may still be unwinding: never read again.
                failed = true
                throw error
            }
        }
    }
}

/// A body's chunk iterator, shared with the task that reads it under the idle timeout.
///
/// `@unchecked Sendable`: one read at a time. ``IdleLimitedChunks/Iterator`` awaits each read
/// before the next and stops reading after one that failed or was abandoned.
final class ChunkBox: @unchecked Sendable {
    private var iterator: HTTPBody.Chunks.Iterator

    init(_ iterator: HTTPBody.Chunks.Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> Data? {
        try await iterator.next()
    }
}
