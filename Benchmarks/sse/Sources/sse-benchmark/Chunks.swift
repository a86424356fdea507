import Foundation

/// Chunks made before the clock starts, handed out in order: the benchmark measures decoding,
/// not producing bytes.
struct PreparedChunks<Chunk: Sendable>: AsyncSequence, Sendable {
    typealias Element = Chunk
    let chunks: [Chunk]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [Chunk]
        var index = 0
        mutating func next() async -> Chunk? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

/// An endless-looking body of `count` events made as it is read, in chunks of `chunkSize`
/// bytes, so that the process holds only what the decoder keeps.
struct GeneratedChunks<Chunk: Sendable>: AsyncSequence, Sendable {
    typealias Element = Chunk
    let maker: EventMaker
    let count: Int
    let chunkSize: Int
    let make: @Sendable ([UInt8]) -> Chunk

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: GeneratedChunks
        var produced = 0
        var pending: [UInt8] = []

        mutating func next() async -> Chunk? {
            while pending.count < source.chunkSize, produced < source.count {
                pending += source.maker.event(produced)
                produced += 1
            }
            guard !pending.isEmpty else { return nil }
            let size = Swift.min(source.chunkSize, pending.count)
            let chunk = source.make(Array(pending[..<size]))
            pending.removeFirst(size)
            return chunk
        }
    }
}

/// `bytes` cut into chunks of `size` bytes.
func cut(_ bytes: [UInt8], size: Int) -> [Range<Int>] {
    stride(from: 0, to: bytes.count, by: size).map { $0..<min(bytes.count, $0 + size) }
}
