// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import NIOCore

/// A request body's chunks as AsyncHTTPClient takes them: read as it sends (so a file or a
/// stream is never gathered), counted for progress, and checked against the declared length.
struct OutgoingChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let body: HTTPBody
    let progress: ProgressSink

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.chunks().makeAsyncIterator(), declared: body.length, progress: progress)
    }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPBody.Chunks.Iterator
        let declared: Int?
        let progress: ProgressSink
        var sent = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await chunks.next() else {
                if let declared, declared != sent {
                    throw CourierError.invalidRequest(.bodyLengthMismatch(declared: declared, actual: sent))
                }
                return nil
            }
            sent += chunk.count
            if let declared, sent > declared {
                throw CourierError.invalidRequest(.bodyLengthMismatch(declared: declared, actual: sent))
            }
            if progress.isActive { progress.sent(sent, of: declared) }
            return ByteBuffer(bytes: chunk)
        }
    }
}

/// A streamed response body: a task reads AsyncHTTPClient's body into a ``ByteChannel`` as fast as
/// the caller reads the channel, ends it at the call's deadline, and stops when the caller does.
enum ResponseStream {
    /// Starts reading `source` and returns the channel the caller reads.
    static func start(
        _ source: HTTPClientResponse.Body, declared: Int?, request: PreparedRequest, context: TransportContext, ratio: Int
    ) -> ByteChannel {
        let reading = Locked<Task<Void, Never>?>(nil)
        let channel = ByteChannel(onCancel: { reading.withLock { $0?.cancel() } })
        let timeout = request.timeout
        let timer = TimeoutScheduler.shared.schedule(after: max(context.remaining, .zero)) {
            channel.finish(throwing: CourierError.transport(.timedOut(after: timeout)))
            reading.withLock { $0?.cancel() }
        }
        let task = Task {
            var received = 0
            do {
                for try await buffer in source {
                    received += buffer.readableBytes
                    guard await channel.send(Data(buffer.readableBytesView)) else { break }
                    if context.progress.isActive { context.progress.received(received, of: declared) }
                }
                channel.finish()
            } catch {
                channel.finish(throwing: AsyncHTTPClientTransport.map(error, request: request, ratio: ratio))
            }
            TimeoutScheduler.shared.cancel(timer)
        }
        reading.withLock { $0 = task }
        return channel
    }
}
#endif
