/// A call's ``TransferProgress`` as an async sequence: set it as the request's
/// ``Request/progressUpdates`` and iterate it while the call runs; it ends when the call ends,
/// or, for a response read as a stream (``ResponseDelivery/stream``), when the caller has read it
/// to its end, stopped reading or dropped it.
///
/// ```swift
/// let progress = ProgressUpdates()
/// var request = Petstore.uploadPhoto(id: 7, photo: photo)
/// request.progressUpdates = progress
/// async let pet = client.send(request)
/// for await update in progress where update.direction == .upload {
///     bar.value = update.fractionCompleted ?? 0
/// }
/// ```
///
/// It receives the same reports as ``Request/onProgress``: throttled (at least every 1% or
/// 256 KB, at most about 60 a second per direction), never going back, and ending with a 100%
/// report for each direction that moved a body when the call succeeds. One value serves one
/// call: the first call that ends finishes it. Reports are buffered until read, so a caller that
/// starts reading late still sees all of them.
public final class ProgressUpdates: AsyncSequence, Sendable {
    /// Each element is one report.
    public typealias Element = TransferProgress
    /// Reads the reports in order.
    public typealias AsyncIterator = AsyncStream<TransferProgress>.Iterator

    private let stream: AsyncStream<TransferProgress>
    private let continuation: AsyncStream<TransferProgress>.Continuation

    /// A sequence with no reports yet, for one call.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: TransferProgress.self)
    }

    /// Starts reading the reports; the sequence can be read once.
    public func makeAsyncIterator() -> AsyncIterator {
        stream.makeAsyncIterator()
    }

    /// Adds a report; a closure for ``Request/onProgress`` too, for code that has one.
    public func report(_ progress: TransferProgress) {
        continuation.yield(progress)
    }

    /// Ends the sequence (the client does this when the call ends).
    public func finish() {
        continuation.finish()
    }
}
