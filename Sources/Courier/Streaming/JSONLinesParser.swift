import Foundation

/// Cuts a JSON Lines (NDJSON) body into its elements' bytes, given the body in chunks split
/// anywhere.
///
/// Elements are separated by `LF`; a `CR` before the `LF` is dropped, lines that are empty or
/// hold only spaces and tabs are skipped, and a last line without `LF` still counts. The bytes
/// are not checked as JSON: decoding does that.
///
/// A line longer than ``maximumLineSize`` bytes (not counting its `LF`, nor a `CR` before it) throws
/// ``StreamFailure/elementTooLarge(limit:at:)``, after which the parser produces nothing more.
///
/// ```swift
/// var parser = JSONLinesParser()
/// parser.append(Data("{\"a\":1}\n{\"a\":2}".utf8))
/// parser.finish()
/// while let line = try parser.next() { print(try JSONDecoder().decode(Row.self, from: line)) }
/// ```
public struct JSONLinesParser: Sendable {
    /// The most bytes one line may hold.
    public let maximumLineSize: Int
    /// Where the element last returned by ``next()`` is (before the first: index 0, offset 0).
    public private(set) var position = StreamPosition(index: 0, byteOffset: 0)

    private var chunks = ChunkQueue()
    /// The start of a line that began in an earlier chunk, and where it began.
    private var carry: [UInt8] = []
    private var carryOffset = 0
    private var finished = false
    private var failed = false
    /// How many elements were returned.
    private var produced = 0

    /// A parser at the start of a body.
    ///
    /// - Parameter maximumLineSize: The most bytes one line may hold.
    public init(maximumLineSize: Int = StreamLimits.defaultMaximumElementSize) {
        self.maximumLineSize = maximumLineSize
    }

    /// Hands the parser the body's next bytes. Call ``next()`` until it returns `nil` before
    /// appending more. Ignored after ``finish()``.
    public mutating func append(_ chunk: Data) {
        guard !finished, !failed, !chunk.isEmpty else { return }
        chunks.append(chunk)
    }

    /// Tells the parser the body ended: a last line without `LF` becomes an element.
    public mutating func finish() {
        finished = true
    }

    /// The next element's bytes (without its line end), or `nil` when more bytes are needed (or
    /// the body ended).
    ///
    /// - Throws: ``CourierError`` with ``StreamFailure/elementTooLarge(limit:at:)`` for a line
    ///   longer than ``maximumLineSize``; the parser then produces nothing more.
    public mutating func next() throws(CourierError) -> Data? {
        while !failed {
            if chunks.hasUnread {
                let current = chunks.chunk
                let outcome = current.withUnsafeBytes { scan($0.assumingMemoryBound(to: UInt8.self)) }
                switch outcome {
                case .line(let line): return line
                case .failed(let error):
                    failed = true
                    release()
                    throw error
                case .exhausted: break
                }
            }
            if !chunks.advance() {
                guard finished else { return nil }
                defer { release() }
                guard !carry.isEmpty else { return nil }
                if carry.count - (carry.last == 0x0D ? 1 : 0) > maximumLineSize {
                    failed = true
                    throw tooLarge(at: carryOffset)
                }
                return element(carry.withUnsafeBufferPointer(Self.content), at: carryOffset)
            }
        }
        return nil
    }

    private mutating func release() {
        chunks.release()
        carry = []
    }

    private enum Outcome {
        case line(Data)
        case failed(CourierError)
        case exhausted
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        guard let base = bytes.baseAddress else { return .exhausted }
        var start = chunks.cursor
        let end = bytes.count
        while start < end {
            guard let found = memchr(base + start, 0x0A, end - start) else {
                if carry.isEmpty { carryOffset = chunks.chunkOffset + start }
                // A CR last may be the start of the line's CRLF end, which does not count.
                let allowed = maximumLineSize + (bytes[end - 1] == 0x0D ? 1 : 0)
                if carry.count + (end - start) > allowed { return .failed(tooLarge(at: carryOffset)) }
                carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                chunks.cursor = end
                return .exhausted
            }
            let stop = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let line: Data?
            // The byte before the LF, in this chunk or the carry: a CR there is the line end's.
            let crlf = (stop > start ? bytes[stop - 1] : carry.last) == 0x0D ? 1 : 0
            if carry.isEmpty {
                if stop - start - crlf > maximumLineSize { return .failed(tooLarge(at: chunks.chunkOffset + start)) }
                line = element(Self.content(UnsafeBufferPointer(rebasing: bytes[start..<stop])), at: chunks.chunkOffset + start)
            } else {
                if carry.count + (stop - start) - crlf > maximumLineSize { return .failed(tooLarge(at: carryOffset)) }
                carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<stop]))
                line = element(carry.withUnsafeBufferPointer(Self.content), at: carryOffset)
                carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
            }
            start = stop + 1
            if let line {
                chunks.cursor = start
                return .line(line)
            }
        }
        chunks.cursor = end
        return .exhausted
    }

    /// The bytes of a line without a `CR` at its end, or `nil` for a blank line.
    private static func content(_ line: UnsafeBufferPointer<UInt8>) -> Data? {
        var count = line.count
        if count > 0, line[count - 1] == 0x0D { count -= 1 }
        guard line[..<count].contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
        return Data(UnsafeBufferPointer(rebasing: line[..<count]))
    }

    /// Counts a line's content, if any, as the next element, starting at `offset`.
    private mutating func element(_ content: Data?, at offset: Int) -> Data? {
        guard let content else { return nil }
        position = StreamPosition(index: produced, byteOffset: offset)
        produced += 1
        return content
    }

    private func tooLarge(at offset: Int) -> CourierError {
        .stream(.elementTooLarge(limit: maximumLineSize, at: StreamPosition(index: produced, byteOffset: offset)))
    }
}
