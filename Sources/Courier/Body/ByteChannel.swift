import Foundation

/// A bounded buffer between a transport receiving a body and the code reading it: the
/// transport offers chunks as they arrive and pauses when the reader falls more than
/// ``highWater`` bytes behind, so a streamed body of any size holds about that much memory.
///
/// The reader side is an ``HTTPBody`` made by ``body(length:)``: it can be read once, and ending
/// the reading early (or dropping it) cancels the transfer through `onCancel`.
package final class ByteChannel: Sendable {
    private struct State {
        var chunks: [Data] = []
        var head = 0
        var buffered = 0
        var end: Result<Void, any Error>?
        var reader: CheckedContinuation<Data?, any Error>?
        var writer: CheckedContinuation<Bool, Never>?
        var paused = false
        var cancelled = false
        /// A reader is waiting and the producer owes it a ``wakeReader()`` call.
        var wakeOwed = false
    }

    /// How many unread bytes make the producer pause.
    package let highWater: Int
    private let state = Locked(State())
    private let onResume: @Sendable () -> Void
    private let onCancel: @Sendable () -> Void

    /// A channel that asks its producer to pause past `highWater` unread bytes and calls
    /// `onResume` when it may go on; `onCancel` runs once if the reader stops before the end.
    package init(
        highWater: Int = 1 << 20, onResume: @escaping @Sendable () -> Void = {}, onCancel: @escaping @Sendable () -> Void = {}
    ) {
        self.highWater = highWater
        self.onResume = onResume
        self.onCancel = onCancel
    }

    // MARK: Producer

    /// Adds `data` for the reader; `false` when the producer should pause until `onResume` (or
    /// when the reader is gone, which `isCancelled` tells).
    @discardableResult
    package func offer(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        let (reader, goOn) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard !state.cancelled, state.end == nil else { return (nil, false) }
            if let reader = state.reader {
                state.reader = nil
                return (reader, true)
            }
            state.chunks.append(data)
            state.buffered += data.count
            if state.buffered >= highWater { state.paused = true }
            return (nil, !state.paused)
        }
        reader?.resume(returning: data)
        return goOn
    }

    /// Adds `data` like ``offer(_:)``, but a waiting reader is not woken here: when `wake` is
    /// `true` the producer must call ``wakeReader()`` once, later, after the other chunks that
    /// arrived with this one (an event loop's next turn), so a burst of chunks costs the reader
    /// one wake-up instead of one per chunk. `goOn` is `false` when the producer should pause.
    package func offerDeferringWake(_ data: Data) -> (goOn: Bool, wake: Bool) {
        guard !data.isEmpty else { return (true, false) }
        return state.withLock { state in
            guard !state.cancelled, state.end == nil else { return (false, false) }
            state.chunks.append(data)
            state.buffered += data.count
            if state.buffered >= highWater { state.paused = true }
            let wake = state.reader != nil && !state.wakeOwed
            if wake { state.wakeOwed = true }
            return (!state.paused, wake)
        }
    }

    /// Hands a waiting reader the first buffered chunk (see ``offerDeferringWake(_:)``).
    package func wakeReader() {
        let (reader, chunk, resume) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, Data?, Bool) in
            state.wakeOwed = false
            guard let reader = state.reader, state.head < state.chunks.count else { return (nil, nil, false) }
            state.reader = nil
            let chunk = ByteChannel.takeChunk(&state)
            return (reader, chunk, ByteChannel.shouldResume(&state, highWater: highWater))
        }
        if resume { wakeProducer() }
        reader?.resume(returning: chunk)
    }

    /// Adds `data` and waits while the reader is more than ``highWater`` bytes behind; `false`
    /// when the reader is gone and producing should stop.
    package func send(_ data: Data) async -> Bool {
        if offer(data) { return true }
        return await withCheckedContinuation { continuation in
            let now = state.withLock { state -> Bool? in
                if state.cancelled || state.end != nil { return false }
                if !state.paused { return true }
                state.writer = continuation
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Ends the body. Without `error` the reader gets what is buffered, then the end; with
    /// `error` it throws `error` at its next read: a failed body's buffered chunks are dropped,
    /// unless `keepingBuffered` (a download written to a file keeps every byte that arrived
    /// before a dropped connection, to resume after them).
    package func finish(throwing error: (any Error)? = nil, keepingBuffered: Bool = false) {
        let (reader, writer, result, handOver) = state.withLock { state -> (CheckedContinuation<Data?, any Error>?, CheckedContinuation<Bool, Never>?, Result<Void, any Error>?, (CheckedContinuation<Data?, any Error>, Data)?) in
            guard state.end == nil, !state.cancelled else { return (nil, nil, nil, nil) }
            let end: Result<Void, any Error> = error.map { .failure($0) } ?? .success(())
            state.end = end
            if error == nil || keepingBuffered, let reader = state.reader, state.head < state.chunks.count {
                // A reader whose wake-up was deferred gets what is buffered first; the end after it.
                state.reader = nil
                let chunk = ByteChannel.takeChunk(&state)
                defer { state.writer = nil }
                return (nil, state.writer, nil, (reader, chunk))
            }
            if error != nil, !keepingBuffered {
                // A failure is what the reader must see next; what is buffered cannot be trusted.
                state.chunks = []
                state.head = 0
                state.buffered = 0
            }
            defer { state.reader = nil; state.writer = nil }
            return (state.reader, state.writer, end, nil)
        }
        writer?.resume(returning: false)
        if let (waiting, chunk) = handOver { waiting.resume(returning: chunk) }
        guard let reader, let result else { return }
        switch result {
        case .success: reader.resume(returning: nil)
        case .failure(let error): reader.resume(throwing: error)
        }
    }

    /// Whether the reader stopped before the end.
    package var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Whether the producer should pause now: the reader is ``highWater`` bytes behind and has
    /// not caught up to half of it since (`onResume` is called when it has).
    package var isPaused: Bool { state.withLock { $0.paused } }

    // MARK: Reader

    /// The next chunk; `nil` at the end.
    func next() async throws -> Data? {
        // A chunk already buffered (the transport is ahead) is taken without a continuation.
        if let ready = takeReady() { return try ready.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                let (immediate, resume) = state.withLock { state -> (Result<Data?, any Error>?, Bool) in
                    if state.cancelled { return (.failure(CancellationError()), false) }
                    if state.head < state.chunks.count {
                        let chunk = ByteChannel.takeChunk(&state)
                        return (.success(chunk), ByteChannel.shouldResume(&state, highWater: highWater))
                    }
                    switch state.end {
                    case .success: return (.success(nil), false)
                    case .failure(let error): return (.failure(error), false)
                    case nil:
                        state.reader = continuation
                        return (nil, false)
                    }
                }
                if resume { wakeProducer() }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The next buffered chunk, or the end, when one is there already; `nil` when the reader
    /// must wait. A cancelled task gets `CancellationError` and stops the transfer.
    private func takeReady() -> Result<Data?, any Error>? {
        if Task.isCancelled {
            cancel()
            return .failure(CancellationError())
        }
        let (ready, resume) = state.withLock { state -> (Result<Data?, any Error>?, Bool) in
            if state.cancelled { return (.failure(CancellationError()), false) }
            guard state.head < state.chunks.count else {
                switch state.end {
                case .success: return (.success(nil), false)
                case .failure(let error): return (.failure(error), false)
                case nil: return (nil, false)
                }
            }
            return (.success(ByteChannel.takeChunk(&state)), ByteChannel.shouldResume(&state, highWater: highWater))
        }
        if resume { wakeProducer() }
        return ready
    }

    /// Removes the first buffered chunk.
    private static func takeChunk(_ state: inout State) -> Data {
        let chunk = state.chunks[state.head]
        state.head += 1
        state.buffered -= chunk.count
        if state.head == state.chunks.count {
            state.chunks.removeAll(keepingCapacity: true)
            state.head = 0
        }
        return chunk
    }

    /// Whether a paused producer may go on now that the reader caught up to half the mark.
    private static func shouldResume(_ state: inout State, highWater: Int) -> Bool {
        guard state.paused, state.buffered <= highWater / 2 else { return false }
        state.paused = false
        return true
    }

    private func wakeProducer() {
        let writer = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            defer { state.writer = nil }
            return state.writer
        }
        if let writer { writer.resume(returning: true) } else { onResume() }
    }

    /// Ends the body from outside both sides (the session it was read for ended): the reader
    /// throws `error` at its next read (a waiting one at once), what is buffered is dropped,
    /// and a producer still sending is told to stop, as when the reader stops.
    package func stop(throwing error: any Error) {
        let stopped = state.withLock { state -> (wasOpen: Bool, CheckedContinuation<Data?, any Error>?, CheckedContinuation<Bool, Never>?)? in
            guard !state.cancelled else { return nil }
            if case .failure = state.end { return nil }
            let wasOpen = state.end == nil
            state.end = .failure(error)
            state.chunks = []
            state.head = 0
            state.buffered = 0
            defer { state.reader = nil; state.writer = nil }
            return (wasOpen, state.reader, state.writer)
        }
        guard let (wasOpen, reader, writer) = stopped else { return }
        reader?.resume(throwing: error)
        writer?.resume(returning: false)
        if wasOpen { onCancel() }
    }

    /// The reader stopped: drops what is buffered and tells the producer, once.
    package func cancel() {
        let (first, reader, writer) = state.withLock { state -> (Bool, CheckedContinuation<Data?, any Error>?, CheckedContinuation<Bool, Never>?) in
            guard !state.cancelled else { return (false, nil, nil) }
            let wasOpen = state.end == nil
            state.cancelled = true
            state.chunks = []
            state.head = 0
            state.buffered = 0
            defer { state.reader = nil; state.writer = nil }
            return (wasOpen, state.reader, state.writer)
        }
        reader?.resume(throwing: CancellationError())
        writer?.resume(returning: false)
        if first { onCancel() }
    }

    /// The reader's side: a one-shot body of `length` bytes if known.
    package func body(length: Int?) -> HTTPBody {
        // Dropped unread (a stream nobody iterated), the body cancels the transfer, as a reader
        // dropped early does: the connection is not held until the transport's bound (a day).
        // From a task of its own: the last reference may go inside a transport's lock or on its
        // queue, which cancelling takes or waits for.
        HTTPBody(
            storage: .stream(ChunkSource(
                once: { [self] in ChannelReader(channel: self) }, onUnread: { [self] in Task.detached { self.cancel() } },
                interrupt: { [weak self] error in self?.stop(throwing: error) })),
            length: length, isReplayable: false)
    }
}

/// Reads a ``ByteChannel``; dropping it before the end cancels the transfer.
final class ChannelReader: ChunkReading {
    private let channel: ByteChannel
    private var ended = false

    init(channel: ByteChannel) {
        self.channel = channel
    }

    deinit {
        if !ended { channel.cancel() }
    }

    func next() async throws -> Data? {
        do {
            let chunk = try await channel.next()
            if chunk == nil { ended = true }
            return chunk
        } catch {
            ended = true
            throw error
        }
    }
}
