import Foundation

/// Turns the bytes of a `text/event-stream` body into ``ServerSentEvent``s, following the WHATWG
/// HTML standard's rules for parsing and interpreting an event stream.
///
/// The bytes may arrive in chunks split anywhere: between `CR` and `LF`, inside a field name, or
/// inside a UTF-8 character. The parser works on bytes and decodes text (as UTF-8, invalid bytes
/// becoming U+FFFD) only for the fields it keeps. It follows the standard's rules:
/// - a UTF-8 byte order mark at the very start is skipped (once);
/// - lines end with `CRLF`, `LF` or `CR`;
/// - a line starting with `:` is a comment (heartbeats) and is ignored;
/// - `name: value` sets a field, one space after the colon is dropped, and a line without a colon
///   is a field with an empty value; unknown fields are ignored;
/// - `data` lines are joined with `LF`; a blank line dispatches the event, unless no `data` line
///   came, in which case the `event` and `retry` of that block are dropped;
/// - an `id` holding U+0000 is ignored; the last event ID carries over to later events, and
///   becomes ``lastEventID`` only when its event is dispatched;
/// - `retry` counts only when it is all ASCII digits (milliseconds), and sets
///   ``reconnectionTime`` at once;
/// - an event not ended by a blank line when the stream ends is discarded.
///
/// It holds at most ``maximumEventSize`` bytes for an event (its data so far plus the line
/// being read); more throws ``StreamFailure/elementTooLarge(limit:at:)``, after which the parser
/// produces nothing more.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for try await chunk in body.chunks() {
///     parser.append(chunk)
///     while let event = try parser.next() { handle(event) }
/// }
/// parser.finish()
/// let resumeFrom = parser.lastEventID       // for a `Last-Event-ID` header on reconnect
/// ```
public struct ServerSentEventParser: Sendable {
    /// An event as the parser dispatches it: its data still as bytes (often a slice of a chunk).
    @usableFromInline
    struct Frame: Sendable {
        @usableFromInline var data: Data
        @usableFromInline var event: String?
        @usableFromInline var id: String?
        @usableFromInline var retry: Duration?
        @usableFromInline var position: StreamPosition

        init(data: Data, event: String?, id: String?, retry: Duration?, position: StreamPosition) {
            self.data = data
            self.event = event
            self.id = id
            self.retry = retry
            self.position = position
        }

        /// The event with its data as text.
        @usableFromInline
        var serverSentEvent: ServerSentEvent {
            let text = data.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
            return ServerSentEvent(data: text, event: event, id: id, retry: retry)
        }
    }

    /// The most bytes the parser holds for one event: its data plus the line being read.
    public let maximumEventSize: Int
    /// The ID of the stream's last dispatched event (the latest `id` field before it, in it or in
    /// an earlier event): what a reconnecting client sends as `Last-Event-ID`. `nil` when there
    /// was none or it was reset by an empty `id`. An `id` in a block that ends without data still
    /// counts once its blank line arrives; one in an event the stream cut off does not.
    public private(set) var lastEventID: String?
    /// The reconnection time the stream last asked for with a valid `retry` field, `nil` if none.
    public private(set) var reconnectionTime: Duration?

    // MARK: Input

    /// The chunk being read, and how far.
    private var chunk = Data() {
        didSet {
            cursor = 0
            nextLF = -1
            nextCR = -1
        }
    }
    private var cursor = 0
    /// Where the current chunk's next `LF` and `CR` are at or after the last search (the chunk's
    /// end for none; -1 before searching), so that each byte is searched once for each.
    private var nextLF = -1
    private var nextCR = -1
    /// Chunks appended before the current one was read to its end.
    private var queued: [Data] = []
    /// The offset in the stream of the current chunk's first byte.
    private var chunkOffset = 0
    /// The start of a line that began in an earlier chunk.
    private var carry: [UInt8] = []
    /// Whether the last line ended in `CR` at the end of a chunk, so that an `LF` starting the
    /// next one belongs to it.
    private var skipLF = false
    /// How many bytes of a byte order mark the stream started with so far; `nil` once decided.
    private var bomMatched: Int? = 0
    private var finished = false
    private var failed = false

    // MARK: The event being read

    /// The event's first `data` value, while it is the only one and lies in one chunk: a slice
    /// of that chunk, so that the usual one-line event is never copied.
    private var firstData: Data?
    /// The `data` values so far, joined with `LF`, once there is more than one (or one that
    /// spanned chunks).
    private var data: [UInt8] = []
    /// How many `data` lines the event has: with none it is not dispatched.
    private var dataLines = 0
    private var eventType: String?
    /// The standard's last event ID buffer: the latest `id`, not yet confirmed by a dispatch.
    private var idBuffer: String?
    private var retry: Duration?
    /// The offset of the first line after the last blank line: where the next event starts.
    private var blockStart = 0
    /// How many events were dispatched.
    private var dispatched = 0
    /// The event just dispatched, until ``nextFrame()`` hands it over.
    private var ready: Frame?

    /// A parser at the start of a stream.
    ///
    /// - Parameters:
    ///   - maximumEventSize: The most bytes one event may hold (its data plus the line being read).
    ///   - lastEventID: The last event ID carried over from an earlier connection of the same
    ///     stream (the one sent as `Last-Event-ID` when reconnecting): events of this stream that
    ///     set no `id` of their own report it, as the standard's event source does.
    public init(maximumEventSize: Int = StreamLimits.defaultMaximumElementSize, lastEventID: String? = nil) {
        self.maximumEventSize = maximumEventSize
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
    }

    /// Hands the parser the stream's next bytes. Call ``next()`` until it returns `nil` before
    /// appending more, or chunks pile up in memory. Ignored after ``finish()``.
    public mutating func append(_ chunk: Data) {
        guard !finished, !failed, !chunk.isEmpty else { return }
        if cursor >= self.chunk.count, queued.isEmpty {
            chunkOffset += self.chunk.count
            self.chunk = chunk
        } else {
            queued.append(chunk)
        }
    }

    /// Tells the parser the stream ended: once the events already complete are taken, ``next()``
    /// returns `nil`, and an event not ended by a blank line is discarded.
    public mutating func finish() {
        finished = true
    }

    /// The next complete event in the bytes appended so far, or `nil` when more bytes are needed
    /// (or the stream ended).
    ///
    /// - Throws: ``CourierError`` with ``StreamFailure/elementTooLarge(limit:at:)`` when an event
    ///   outgrows ``maximumEventSize``; the parser then produces nothing more.
    public mutating func next() throws(CourierError) -> ServerSentEvent? {
        try nextFrame()?.serverSentEvent
    }

    /// The next complete event with its data as bytes, for decoding without making a string.
    @usableFromInline
    mutating func nextFrame() throws(CourierError) -> Frame? {
        while !failed {
            if cursor < chunk.count {
                let current = chunk
                let outcome = current.withUnsafeBytes { scan($0.assumingMemoryBound(to: UInt8.self)) }
                switch outcome {
                case .frame:
                    guard let frame = ready.take() else { continue }
                    return frame
                case .failed(let error):
                    failed = true
                    release()
                    throw error
                case .exhausted:
                    break
                }
            }
            guard !queued.isEmpty else {
                if finished { release() }
                return nil
            }
            chunkOffset += chunk.count
            chunk = queued.removeFirst()
        }
        return nil
    }

    /// Drops what the parser holds, at the end of the stream or after a failure.
    private mutating func release() {
        chunkOffset += chunk.count
        chunk = Data()
        queued = []
        carry = []
        data = []
        firstData = nil
        dataLines = 0
    }

    // MARK: Lines

    /// What reading lines came to; a dispatched event waits in ``ready`` (returning it inside
    /// the outcome copied it more).
    private enum Outcome {
        case frame
        case failed(CourierError)
        case exhausted
    }

    private static let lf: UInt8 = 0x0A
    private static let cr: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads lines of the current chunk from ``cursor`` until an event is dispatched or the
    /// chunk ends (keeping an unfinished line in ``carry``).
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        var start = cursor
        let end = bytes.count
        if let matched = bomMatched {
            var matched = matched
            while matched < 3, start < end {
                guard bytes[start] == Self.byteOrderMark[matched] else { break }
                matched += 1
                start += 1
            }
            if matched == 3 {
                bomMatched = nil
                blockStart = 3
            } else if start == end {
                bomMatched = matched
                cursor = end
                return .exhausted
            } else {
                // Not a byte order mark after all: the bytes that looked like one are text.
                carry.append(contentsOf: Self.byteOrderMark[..<matched])
                bomMatched = nil
            }
        }
        if skipLF, start < end {
            skipLF = false
            if bytes[start] == Self.lf {
                // The CR ended the previous chunk, so the line after it was taken to start at this
                // LF; the pair is one line end, as it is when the stream comes whole.
                if blockStart == chunkOffset + start { blockStart += 1 }
                start += 1
            }
        }
        guard let base = bytes.baseAddress else { return .exhausted }
        while start < end {
            if nextLF < start { nextLF = memchr(base + start, Int32(Self.lf), end - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end }
            if nextCR < start { nextCR = memchr(base + start, Int32(Self.cr), end - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? end }
            let stop = min(nextLF, nextCR)
            guard stop < end else {
                // The line goes on in a later chunk.
                if dataSize + carry.count + (end - start) > maximumEventSize { return .failed(tooLarge()) }
                carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                cursor = end
                return .exhausted
            }
            var next = stop + 1
            if bytes[stop] == Self.cr {
                if next < end {
                    if bytes[next] == Self.lf { next += 1 }
                } else {
                    skipLF = true
                }
            }
            let step: Outcome
            if carry.isEmpty {
                step = line(UnsafeBufferPointer(rebasing: bytes[start..<stop]), endOffset: chunkOffset + next, inChunkAt: start)
            } else {
                carry.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<stop]))
                var held: [UInt8] = []
                swap(&held, &carry)
                step = held.withUnsafeBufferPointer { line($0, endOffset: chunkOffset + next, inChunkAt: nil) }
                held.removeAll(keepingCapacity: held.capacity <= 1 << 16)
                swap(&held, &carry)
            }
            start = next
            if case .exhausted = step { continue }
            cursor = start
            return step
        }
        cursor = end
        return .exhausted
    }

    /// Interprets one line (without its end); `endOffset` is where the next line starts, and
    /// `lineStart` where the line lies in the current chunk (`nil` when it began in an earlier one).
    private mutating func line(_ line: UnsafeBufferPointer<UInt8>, endOffset: Int, inChunkAt lineStart: Int?) -> Outcome {
        let count = line.count
        if count == 0 { return dispatch(nextBlock: endOffset) }
        if dataSize + count > maximumEventSize { return .failed(tooLarge()) }
        if line[0] == Self.colon { return .exhausted }
        var colon = 0
        while colon < count, line[colon] != Self.colon { colon += 1 }
        var valueStart = min(colon + 1, count)
        if valueStart < count, line[valueStart] == Self.space { valueStart += 1 }
        let value = UnsafeBufferPointer(rebasing: line[valueStart..<count])
        switch colon {
        case 4 where line[0] == 0x64 && line[1] == 0x61 && line[2] == 0x74 && line[3] == 0x61:  // data
            if dataLines == 0, let lineStart {
                let from = chunk.startIndex + lineStart + valueStart
                firstData = chunk[from..<(from + value.count)]
            } else {
                if let first = firstData {
                    first.withUnsafeBytes { data.append(contentsOf: $0) }
                    firstData = nil
                }
                if dataLines > 0 { data.append(Self.lf) }
                data.append(contentsOf: value)
            }
            dataLines += 1
        case 5 where line[0] == 0x65 && line[1] == 0x76 && line[2] == 0x65 && line[3] == 0x6E && line[4] == 0x74:  // event
            eventType = value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
        case 2 where line[0] == 0x69 && line[1] == 0x64:  // id
            if !value.contains(0) { idBuffer = value.isEmpty ? nil : String(decoding: value, as: UTF8.self) }
        case 5 where line[0] == 0x72 && line[1] == 0x65 && line[2] == 0x74 && line[3] == 0x72 && line[4] == 0x79:  // retry
            if let milliseconds = Self.digits(value) {
                retry = .milliseconds(milliseconds)
                reconnectionTime = retry
            }
        default:
            break
        }
        return .exhausted
    }

    /// A blank line: the event so far is dispatched if it has data.
    private mutating func dispatch(nextBlock: Int) -> Outcome {
        lastEventID = idBuffer
        let start = blockStart
        blockStart = nextBlock
        defer {
            eventType = nil
            retry = nil
        }
        guard dataLines > 0 else { return .exhausted }
        ready = Frame(
            data: firstData.take() ?? Data(data), event: eventType.take(), id: lastEventID, retry: retry,
            position: StreamPosition(index: dispatched, byteOffset: start))
        data.removeAll(keepingCapacity: data.capacity <= 1 << 16)
        dataLines = 0
        dispatched += 1
        return .frame
    }

    /// How many bytes of data the event holds so far.
    private var dataSize: Int { (firstData?.count ?? 0) + data.count }

    /// The value as a base-ten number when it is one or more ASCII digits (saturating), else `nil`.
    private static func digits(_ value: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard !value.isEmpty else { return nil }
        var number: Int64 = 0
        for byte in value {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, overflow) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - 0x30))
            number = overflow || overflow2 ? .max : sum
        }
        return number
    }

    private func tooLarge() -> CourierError {
        .stream(.elementTooLarge(limit: maximumEventSize, at: StreamPosition(index: dispatched, byteOffset: blockStart)))
    }
}
