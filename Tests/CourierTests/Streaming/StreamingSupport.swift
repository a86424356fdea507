import Courier
import Foundation

/// A repeatable generator, so that a failing random chunking can be run again.
struct ChunkingRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `bytes` cut before each offset in `cuts` (ascending, inside the bytes).
func chunks(_ bytes: [UInt8], cuts: [Int]) -> [Data] {
    var pieces: [Data] = []
    var start = 0
    for cut in cuts where cut > start && cut < bytes.count {
        pieces.append(Data(bytes[start..<cut]))
        start = cut
    }
    pieces.append(Data(bytes[start...]))
    return pieces
}

/// `bytes` cut into chunks of random sizes between 1 and `largest`.
func randomChunks(_ bytes: [UInt8], largest: Int, using generator: inout ChunkingRandom) -> [Data] {
    var pieces: [Data] = []
    var start = 0
    while start < bytes.count {
        let size = Int.random(in: 1...largest, using: &generator)
        let end = min(bytes.count, start + size)
        pieces.append(Data(bytes[start..<end]))
        start = end
    }
    return pieces
}

/// The parser's events for `pieces` appended one at a time (draining between), and the parser
/// after the end of the stream.
func parse(_ pieces: [Data], limit: Int = StreamLimits.defaultMaximumElementSize) throws -> ([ServerSentEvent], ServerSentEventParser) {
    var parser = ServerSentEventParser(maximumEventSize: limit)
    var events: [ServerSentEvent] = []
    for piece in pieces {
        parser.append(piece)
        while let event = try parser.next() { events.append(event) }
    }
    parser.finish()
    while let event = try parser.next() { events.append(event) }
    return (events, parser)
}

/// The events of `text` given whole.
func parse(_ text: String) throws -> [ServerSentEvent] {
    try parse([Data(text.utf8)]).0
}

/// A body's chunks that counts how many were taken, and can fail or stall at its end.
struct CountingChunks: AsyncSequence, Sendable {
    typealias Element = Data

    /// What happens after the last chunk.
    enum Ending: Sendable {
        case end
        case fail(TestStreamError)
        /// Produces `filler` forever.
        case endless(Data)
    }

    let pieces: [Data]
    var ending: Ending = .end
    /// One entry per chunk handed out (its index).
    let taken = Recorder<Int>()

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: CountingChunks
        var index = 0

        mutating func next() async throws -> Data? {
            defer { index += 1 }
            if index < source.pieces.count {
                source.taken.append(index)
                return source.pieces[index]
            }
            switch source.ending {
            case .end: return nil
            case .fail(let error): throw error
            case .endless(let filler):
                source.taken.append(index)
                return filler
            }
        }
    }
}

/// An error a test's body throws.
struct TestStreamError: Error, Equatable, Sendable {
    var note: String
}

/// The elements of `sequence`, and the error that ended it, if any.
func collect<S: AsyncSequence>(_ sequence: S) async -> ([S.Element], (any Error)?) {
    var elements: [S.Element] = []
    do {
        for try await element in sequence { elements.append(element) }
        return (elements, nil)
    } catch {
        return (elements, error)
    }
}
