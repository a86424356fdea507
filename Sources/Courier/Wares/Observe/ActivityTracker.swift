/// Counts the calls in flight, for a network activity indicator: the app reads ``count``, listens
/// on ``changes()``, or passes a closure. Every call that starts also ends, whether it succeeds,
/// fails or is cancelled, so the count always comes back to zero.
///
/// ```swift
/// let activity = ActivityTracker { inFlight in
///     Task { @MainActor in spinner.isHidden = inFlight == 0 }
/// }
/// let client = try Client(service: service, wares: [activity])
/// ```
public final class ActivityTracker: Ware {
    /// A call began or ended, and how many are in flight now.
    public enum Change: Sendable, Hashable {
        /// A call of `endpoint` began.
        case began(endpoint: String, inFlight: Int)
        /// A call of `endpoint` ended.
        case ended(endpoint: String, inFlight: Int)

        /// The calls in flight after the change.
        public var inFlight: Int {
            switch self {
            case .began(_, let count), .ended(_, let count): count
            }
        }
    }

    private let inFlight = Locked(0)
    /// Held while a change is counted and reported, so reports arrive in the order of the counts
    /// (the last one is the count now); ``count`` reads `inFlight` alone, so `onChange` may read it.
    private let reporting = Locked(())
    private let broadcast = Broadcast<Change>(buffering: 1_000)
    private let onChange: (@Sendable (Int) -> Void)?

    /// A tracker; `onChange` (if any) is called with the number in flight after every change, one
    /// change at a time and in order. It must return quickly and not send calls itself (hop to
    /// your UI's queue to show the count).
    public init(onChange: (@Sendable (Int) -> Void)? = nil) {
        self.onChange = onChange
    }

    /// Outermost, so the count covers everything a call does.
    public var position: WarePosition { .before(.observation) }

    /// The calls in flight now.
    public var count: Int { inFlight.withLock { $0 } }

    /// Subscribes now and returns the subscription: every change from this call on, however late
    /// its iteration starts (call it before starting the task that listens). It is one consumer's
    /// stream, each change handed out once: two tasks iterating it split the changes between
    /// them, so each listener calls `changes()` for its own. Up to 1,000 unread changes are kept
    /// (the oldest dropped past that); the subscription ends when the stream is gone or its
    /// iterating task is cancelled.
    public func changes() -> AsyncStream<Change> {
        broadcast.subscribe()
    }

    /// Counts the call in and out.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        change(+1) { .began(endpoint: context.endpoint, inFlight: $0) }
        defer { change(-1) { .ended(endpoint: context.endpoint, inFlight: $0) } }
        return try await next(request, context)
    }

    private func change(_ delta: Int, _ make: (Int) -> Change) {
        reporting.withLock { _ in
            let count = inFlight.withLock { count in
                count += delta
                return count
            }
            broadcast.yield(make(count))
            onChange?(count)
        }
    }
}
