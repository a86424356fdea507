import Logging

/// What a ``Transport`` knows about the call it sends: whose call and which one it is, where
/// to log, when it must end and where to report progress. It does not reach the client.
public struct TransportContext: Sendable {
    /// The call's ID, unique in the process.
    public let callID: CallID
    /// The endpoint's name (the spec's, or `METHOD /path`).
    public let endpoint: String
    /// Which attempt of the call this is (1 for the first).
    public let attempt: Int
    /// Whose call it is (``CallContext/principal``).
    public let principal: Principal
    /// The call's logger, with its metadata (`courier.call`, `courier.endpoint`, `courier.attempt`).
    public var logger: Logger {
        // Built on demand: adding metadata allocates, and most transport calls never log.
        var logger = baseLogger
        logger[metadataKey: "courier.call"] = .stringConvertible(callID)
        logger[metadataKey: "courier.endpoint"] = .string(endpoint)
        if attempt > 1 { logger[metadataKey: "courier.attempt"] = .stringConvertible(attempt) }
        return logger
    }
    /// When the exchange must be over, body included, on the client's clock (see ``now``): the
    /// moment the transport was called plus ``PreparedRequest/timeout``.
    public let deadline: Duration
    /// The whole time the exchange was given (``PreparedRequest/timeout``), for
    /// ``TransportFailure/timedOut(after:)``.
    public let timeout: Duration
    /// Where to report bytes sent and received.
    public let progress: ProgressSink
    let clock: MonotonicClock
    private let baseLogger: Logger

    /// A context for sending a request outside a client (tests, a transport wrapping another);
    /// a new call ID when `callID` is `nil`.
    public init(
        callID: CallID? = nil, endpoint: String, attempt: Int = 1, principal: Principal = .anonymous,
        logger: Logger = Logger(label: "courier", factory: { _ in SwiftLogNoOpLogHandler() }),
        timeout: Duration, progress: ProgressSink = .none, clock: any Clock<Duration> = ContinuousClock()
    ) {
        let clock = MonotonicClock(clock)
        self.init(
            callID: callID ?? .next(), endpoint: endpoint, attempt: attempt, principal: principal, logger: logger,
            deadline: clock.now + timeout, timeout: timeout, progress: progress, clock: clock)
    }

    init(
        callID: CallID, endpoint: String, attempt: Int, principal: Principal, logger: Logger, deadline: Duration,
        timeout: Duration, progress: ProgressSink, clock: MonotonicClock
    ) {
        self.timeout = timeout
        self.callID = callID
        self.endpoint = endpoint
        self.attempt = attempt
        self.principal = principal
        self.baseLogger = logger
        self.deadline = deadline
        self.progress = progress
        self.clock = clock
    }

    /// The client's clock now, on the scale of ``deadline``.
    public var now: Duration { clock.now }

    /// How long until ``deadline`` (zero or less once it passed).
    public var remaining: Duration { deadline - clock.now }

    /// Sleeps on the client's clock (a `ManualClock` in tests); cancelling the calling task ends
    /// the sleep at once by throwing `CancellationError`.
    public func sleep(for duration: Duration) async throws {
        try await clock.clock.sleep(for: duration, tolerance: nil)
    }
}
