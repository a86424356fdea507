import Foundation

/// Cuts a JSON text sequence (RFC 7464, `application/json-seq`) into its records' bytes, given
/// the body in chunks split anywhere.
///
/// Each record starts with `RS` (0x1E) and ends with `LF`. A record is returned as soon as its
/// closing `LF` arrives: the parser follows the JSON text's brackets and strings just enough to
/// tell an `LF` that ends it from one inside it, so a live stream's record is not held back until
/// the next `RS`. Consecutive `RS` bytes and whitespace between records are ignored.
///
/// A record cut short (the next `RS` or the end of the body came before its `LF`), or bytes
/// before any `RS`, make ``next()`` throw ``StreamFailure/truncatedRecord(at:)``; as RFC 7464
/// allows, the parser skips it and goes on with the next record on the next call. A record of
/// more than ``maximumRecordSize`` bytes throws ``StreamFailure/elementTooLarge(limit:at:)``, after
/// which the parser produces nothing more.
public struct JSONSequenceParser: Sendable {
    /// The most bytes one record may hold (between its `RS` and its `LF`).
    public let maximumRecordSize: Int
    /// Where the record last returned (or reported truncated) by ``next()`` is.
    public private(set) var position = StreamPosition(index: 0, byteOffset: 0)

    private var chunks = ChunkQueue()
    /// The record's bytes from earlier chunks.
    private var carry: [UInt8] = []
    private var finished = false
    private var failed = false
    /// How many records were returned or reported.
    private var produced = 0

    private enum State {
        /// Between records: whitespace until the next `RS`.
        case between
        /// In a record that began at this offset.
        case record(start: Int)
        /// Skipping bytes of a record already reported, until the next `RS`.
        case skipping
    }

    private var state = State.between
    /// How the record's JSON text stands: nesting depth, inside a string, after a backslash, and
    /// whether any of a value was seen.
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var sawValue = false

    /// A parser at the start of a body.
    ///
    /// - Parameter maximumRecordSize: The most bytes one record may hold.
    public init(maximumRecordSize: Int = StreamLimits.defaultMaximumElementSize) {
        self.maximumRecordSize = maximumRecordSize
    }

    /// Hands the parser the body's next bytes. Call ``next()`` until it returns `nil` before
    /// appending more. Ignored after ``finish()``.
    public mutating func append(_ chunk: Data) {
        guard !finished, !failed, !chunk.isEmpty else { return }
        chunks.append(chunk)
    }

    /// Tells the parser the body ended: a record still open is truncated.
    public mutating func finish() {
        finished = true
    }

    /// The next record's JSON text (without `RS` and the final `LF`), or `nil` when more bytes
    /// are needed (or the body ended).
    ///
    /// - Throws: ``CourierError`` with ``StreamFailure/truncatedRecord(at:)`` for a record cut
    ///   short (call again to go on), or ``StreamFailure/elementTooLarge(limit:at:)`` for one
    ///   larger than ``maximumRecordSize`` (the parser then produces nothing more).
    public mutating func next() throws(CourierError) -> Data? {
        while !failed {
            if chunks.hasUnread {
                let current = chunks.chunk
                let outcome = current.withUnsafeBytes { scan($0.assumingMemoryBound(to: UInt8.self)) }
                switch outcome {
                case .record(let record): return record
                case .truncated(let offset): throw truncated(at: offset)
                case .tooLarge(let offset):
                    failed = true
                    release()
                    throw CourierError.stream(.elementTooLarge(
                        limit: maximumRecordSize, at: StreamPosition(index: produced, byteOffset: offset)))
                case .exhausted: break
                }
            }
            if !chunks.advance() {
                guard finished else { return nil }
                let open = state
                state = .between
                release()
                if case .record(let start) = open, sawValue { throw truncated(at: start) }
                return nil
            }
        }
        return nil
    }

    private mutating func release() {
        chunks.release()
        carry = []
    }

    private mutating func truncated(at offset: Int) -> CourierError {
        position = StreamPosition(index: produced, byteOffset: offset)
        produced += 1
        return .stream(.truncatedRecord(at: position))
    }

    private enum Outcome {
        case record(Data)
        case truncated(at: Int)
        case tooLarge(at: Int)
        case exhausted
    }

    private static let rs: UInt8 = 0x1E
    private static let lf: UInt8 = 0x0A

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        var index = chunks.cursor
        let end = bytes.count
        /// Where the open record's bytes in this chunk begin.
        var recordFrom = index
        while index < end {
            let byte = bytes[index]
            let offset = chunks.chunkOffset + index
            index += 1
            switch state {
            case .between:
                if byte == Self.rs {
                    openRecord(at: offset)
                    recordFrom = index
                } else if !Self.isWhitespace(byte) {
                    state = .skipping
                    chunks.cursor = index
                    return .truncated(at: offset)
                }
            case .skipping:
                if byte == Self.rs {
                    openRecord(at: offset)
                    recordFrom = index
                }
            case .record(let start):
                if byte == Self.rs {
                    let wasValue = sawValue
                    carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
                    openRecord(at: offset)
                    recordFrom = index
                    if wasValue {
                        chunks.cursor = index
                        return .truncated(at: start)
                    }
                } else if byte == Self.lf, !inString, depth == 0, sawValue {
                    let length = carry.count + (index - 1 - recordFrom)
                    guard length <= maximumRecordSize else { return .tooLarge(at: start) }
                    let record: Data
                    if carry.isEmpty {
                        record = Data(UnsafeBufferPointer(rebasing: bytes[recordFrom..<(index - 1)]))
                    } else {
                        carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[recordFrom..<(index - 1)]))
                        record = Data(carry)
                        carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
                    }
                    state = .between
                    position = StreamPosition(index: produced, byteOffset: start)
                    produced += 1
                    chunks.cursor = index
                    return .record(record)
                } else {
                    follow(byte)
                    if carry.count + (index - recordFrom) > maximumRecordSize { return .tooLarge(at: start) }
                }
            }
        }
        if case .record = state {
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[recordFrom..<end]))
        }
        chunks.cursor = end
        return .exhausted
    }

    private mutating func openRecord(at offset: Int) {
        state = .record(start: offset)
        depth = 0
        inString = false
        escaped = false
        sawValue = false
    }

    /// Follows the JSON text's structure by one byte.
    private mutating func follow(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == 0x5C {  // backslash
                escaped = true
            } else if byte == 0x22 {  // quote
                inString = false
            }
            return
        }
        switch byte {
        case 0x22:
            inString = true
            sawValue = true
        case 0x7B, 0x5B:  // { [
            depth += 1
            sawValue = true
        case 0x7D, 0x5D:  // } ]
            depth = max(0, depth - 1)
            sawValue = true
        default:
            if !Self.isWhitespace(byte) { sawValue = true }
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
