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

    private struct State {
        var count = 0
        var nextID = 0
        var subscribers: [Int: AsyncStream<Change>.Continuation] = [:]
    }

    private let state = Locked(State())
    private let onChange: (@Sendable (Int) -> Void)?

    /// A tracker; `onChange` (if any) is called with the number in flight after every change.
    public init(onChange: (@Sendable (Int) -> Void)? = nil) {
        self.onChange = onChange
    }

    /// Outermost, so the count covers everything a call does.
    public var position: WarePosition { .before(.observation) }

    /// The calls in flight now.
    public var count: Int { state.withLock { $0.count } }

    /// Every change from now on, for as long as the stream is iterated.
    public func changes() -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(1_000))
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Counts the call in and out.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        change(+1) { .began(endpoint: context.endpoint, inFlight: $0) }
        defer { change(-1) { .ended(endpoint: context.endpoint, inFlight: $0) } }
        return try await next(request, context)
    }

    private func change(_ delta: Int, _ make: (Int) -> Change) {
        let (count, subscribers) = state.withLock { state -> (Int, [AsyncStream<Change>.Continuation]) in
            state.count += delta
            return (state.count, Array(state.subscribers.values))
        }
        let change = make(count)
        for subscriber in subscribers { subscriber.yield(change) }
        onChange?(count)
    }
}
