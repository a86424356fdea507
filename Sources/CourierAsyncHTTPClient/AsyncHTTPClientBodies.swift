// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import NIOCore
import NIOFoundationCompat

/// A request body's chunks as AsyncHTTPClient takes them: read as it sends (so a file or a
/// stream is never gathered) and counted for progress; a stream's own chunks check its declared
/// length.
///
/// AsyncHTTPClient hands each chunk to the connection's event loop without waiting, and pauses
/// taking chunks only once that loop has seen its socket fall behind; a producer faster than the
/// loop (a file, a busy machine) can queue a great deal first (measured: up to 116 MB above idle
/// for 1 GiB). So every ``drainInterval`` bytes the chunks wait for each of `eventLoops` to run
/// what was queued before: what AsyncHTTPClient holds unsent stays near that interval.
struct OutgoingChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// How many bytes may be handed over between two waits for the event loops.
    static let drainInterval = 1 << 20

    let body: HTTPBody
    let progress: ProgressSink
    let eventLoops: any EventLoopGroup

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.chunks().makeAsyncIterator(), declared: body.length, progress: progress, eventLoops: eventLoops)
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBody.Chunks.Iterator
        let declared: Int?
        let progress: ProgressSink
        let eventLoops: any EventLoopGroup
        var sent = 0
        var undrained = 0

        mutating func next() async throws -> ByteBuffer? {
            if undrained >= OutgoingChunks.drainInterval {
                undrained = 0
                // Each loop runs its tasks in order: once these no-ops have run, every write
                // handed over before them has reached its channel, which has paused the body if
                // its socket is full.
                let drained = eventLoops.makeIterator().map { $0.submit {} }
                for loop in drained { _ = try? await loop.get() }
            }
            guard let chunk = try await chunks.next() else { return nil }
            sent += chunk.count
            undrained += chunk.count
            if progress.isActive { progress.sent(sent, of: declared) }
            return ByteBuffer(bytes: chunk)
        }
    }
}

extension ByteBuffer {
    /// The readable bytes as `Data` that shares the buffer's storage instead of copying it: a
    /// copy of each buffer of a fast body costs more than reading it (measured on Linux: a fresh
    /// allocation per buffer faults in every page of a gigabyte again).
    var sharedData: Data {
        readableBytes == 0 ? Data() : Data(buffer: self, byteTransferStrategy: .noCopy)
    }
}
#endif
