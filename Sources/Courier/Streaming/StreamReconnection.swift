/// Whether and when a stream of server-sent events reconnects after its connection drops or the
/// server closes it before the terminator; see ``ServerSentEventStream``. Only a `GET` stream
/// reconnects: any other request is never sent again, whatever this says.
///
/// The wait before a reconnect is the server's last `retry:` value when it sent one (exactly, the
/// first time), otherwise ``delay``; each further attempt in a row doubles it (a server's value
/// below ``delay`` is doubled from ``delay``), up to ``maximumDelay``, and a wait not set by the
/// server is jittered down to half of itself at random (the client's ``RandomSource``). Waits are
/// slept on the client's clock.
///
/// ```swift
/// let events = client.serverSentEvents(request, of: Tick.self, reconnection: .disabled)
/// ```
public struct StreamReconnection: Sendable, Hashable {
    /// How many reconnects may follow one another without an element arriving between them;
    /// when they are used up, the stream ends with the last failure (or cleanly, when the server
    /// had closed the connection). `0` never reconnects.
    public var maximumAttempts: Int
    /// The first wait when the server sent no `retry:`.
    public var delay: Duration
    /// The longest wait.
    public var maximumDelay: Duration

    /// Reconnects up to `maximumAttempts` times in a row, waiting `delay` at first (when the
    /// server sets none) and at most `maximumDelay`.
    public init(maximumAttempts: Int, delay: Duration, maximumDelay: Duration) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
        self.maximumDelay = maximumDelay
    }

    /// Up to 5 attempts in a row, from 1 s (or the server's `retry:`) up to 30 s.
    public static let standard = StreamReconnection(maximumAttempts: 5, delay: .seconds(1), maximumDelay: .seconds(30))

    /// Never reconnects: a dropped connection ends the stream with its error, a close by the
    /// server ends it cleanly.
    public static let disabled = StreamReconnection(maximumAttempts: 0, delay: .zero, maximumDelay: .zero)

    /// The wait before reconnect number `attempt` (from 1) of a row, given the server's `retry:`.
    func wait(attempt: Int, serverRetry: Duration?, random: RandomSource) -> Duration {
        let doublings = min(max(attempt - 1, 0), 20)
        if let serverRetry {
            if doublings == 0 { return serverRetry }
            // Doubled from no less than `delay`: a `retry: 0` (or a few milliseconds) would
            // otherwise stay near zero, spending every attempt within moments of the drop (a
            // server restarting for two seconds ended the stream) or spinning with no limit.
            return StreamReconnection.doubled(max(serverRetry, delay), doublings, upTo: max(maximumDelay, serverRetry))
        }
        let full = StreamReconnection.doubled(delay, doublings, upTo: maximumDelay)
        return full * (0.5 + 0.5 * random.unitInterval())
    }

    /// `base` doubled `times` times, but no more than `cap`. Doubled step by step, since a
    /// server's `retry:` may be as long as `Int64.max` milliseconds, which multiplied by `2^20`
    /// overflows `Duration` (and traps).
    private static func doubled(_ base: Duration, _ times: Int, upTo cap: Duration) -> Duration {
        var value = base
        for _ in 0..<times {
            if value >= cap / 2 { return cap }
            value = value * 2
        }
        return min(value, cap)
    }
}
