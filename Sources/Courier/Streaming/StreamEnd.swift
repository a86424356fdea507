/// How one connection of a streamed answer ended, as a ware's ``StreamWatch`` is told of it once
/// (see ``StreamWatch/init(end:)``): what a tracing span that covers the connection ends with.
public enum StreamEnd: Sendable {
    /// The connection ended cleanly: the end of the body, the terminator, a `204 No Content`, or
    /// a server's close that a server-sent event stream then resumes from on a new connection
    /// (a call of its own, with watches of its own).
    case finished
    /// The connection ended with `error`, the one a ``StreamFailureNote`` carries: a dropped
    /// connection or the idle timeout, an element that does not decode or is too large, an
    /// answer that is not the stream asked for, a session that ended while it was open.
    case failed(any Error)
    /// The caller's task was cancelled while it read.
    case cancelled
    /// The caller stopped reading before the end: it broke out of the loop, or dropped the
    /// iterator (or the sequence, or the answer, unread).
    case abandoned
}

/// Tells one watch's `end` once. The streams tell it how the connection ended; when nobody has by
/// the time the last copy of the watch goes (the iterator holding it was dropped, or the answer
/// never reached one), it tells ``StreamEnd/abandoned``: a span waiting for the end always gets one.
final class StreamEndReport: Sendable {
    private let action: Locked<(@Sendable (StreamEnd) -> Void)?>

    init(_ action: @escaping @Sendable (StreamEnd) -> Void) {
        self.action = Locked(action)
    }

    /// Tells the watch `end`, unless it was told already.
    func report(_ end: StreamEnd) {
        // Taken out under the lock and called outside it: the watch may take locks of its own.
        let action = action.withLock { action in
            defer { action = nil }
            return action
        }
        action?(end)
    }

    deinit {
        report(.abandoned)
    }
}
