import Courier
import Foundation

/// How ``StubReply`` hands a body over in pieces, as a network would.
enum StubDelivery {
    /// `body`'s bytes cut at `sizes` (whole when `nil`); a streamed body's own chunks otherwise.
    static func pieces(of body: HTTPBody, sizes: [Int]?) -> Pieces {
        guard let data = body.data else { return .body(body) }
        guard let sizes, !sizes.isEmpty else { return .chunks(data.isEmpty ? [] : [data]) }
        var chunks: [Data] = []
        var offset = data.startIndex
        for size in sizes where offset < data.endIndex {
            let end = min(data.endIndex, offset + size)
            chunks.append(data[offset..<end])
            offset = end
        }
        if offset < data.endIndex { chunks.append(data[offset...]) }
        return .chunks(chunks)
    }

    /// Where the pieces come from.
    enum Pieces: Sendable {
        case chunks([Data])
        case body(HTTPBody)
    }

    /// The pieces one at a time, `interval` apart on the client's clock, with progress reported;
    /// a piece due after the call's deadline ends the body with `TransportFailure/timedOut(after:)`.
    struct Paced: AsyncSequence, Sendable {
        typealias Element = Data

        let pieces: Pieces
        let interval: Duration
        let context: TransportContext
        let total: Int?
        /// Whether the pieces count as the call's download (the answer's body, not an error page's).
        var counts = true

        func makeAsyncIterator() -> Iterator {
            switch pieces {
            case .chunks(let chunks): Iterator(chunks: chunks, body: nil, interval: interval, context: context, total: total, counts: counts)
            case .body(let body):
                Iterator(chunks: [], body: body.chunks().makeAsyncIterator(), interval: interval, context: context, total: total, counts: counts)
            }
        }

        struct Iterator: AsyncIteratorProtocol {
            var chunks: [Data]
            var body: HTTPBody.Chunks.Iterator?
            let interval: Duration
            let context: TransportContext
            let total: Int?
            let counts: Bool
            var index = 0
            var received = 0

            mutating func next() async throws -> Data? {
                let chunk: Data?
                if body != nil {
                    chunk = try await body?.next()
                } else {
                    chunk = index < chunks.count ? chunks[index] : nil
                    index += 1
                }
                guard let chunk else { return nil }
                if interval > .zero, received > 0 {
                    // The body is bounded by the call's deadline, as on a real transport.
                    let remaining = context.remaining
                    guard interval <= remaining else {
                        try await context.sleep(for: Swift.max(remaining, .zero))
                        throw CourierError.transport(.timedOut(after: context.timeout))
                    }
                    try await context.sleep(for: interval)
                }
                try Task.checkCancellation()
                received += chunk.count
                if counts, context.progress.isActive { context.progress.received(received, of: total) }
                return chunk
            }
        }
    }
}
