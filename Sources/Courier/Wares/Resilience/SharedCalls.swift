/// Calls in flight by key, each run once in a task of its own and shared by everyone who joins
/// while it runs. A joiner that is cancelled, or whose own timeout passes, leaves at once; the
/// call goes on for the others, and is cancelled when its last joiner leaves — unless the calls
/// finish what they started whoever waits (``finishesAbandonedWork``).
final class SharedCalls<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Whether a call nobody waits for any more runs to its end rather than being cancelled: for
    /// work that must not stop half-way, such as a token refresh whose request may have reached a
    /// server that rotates refresh tokens (cancelled, the new tokens would be lost).
    let finishesAbandonedWork: Bool

    init(finishesAbandonedWork: Bool = false) {
        self.finishesAbandonedWork = finishesAbandonedWork
    }

    /// One shared call: its task, its waiters, and its result once it has one.
    private final class Call: Sendable {
        struct State {
            var task: Task<Void, Never>?
            var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
            var result: Result<Value, any Error>?
            /// Joiners cancelled before they started waiting.
            var cancelledEarly: Set<UInt64> = []
            /// The timers of joiners that wait with a timeout.
            var timers: [UInt64: TimeoutScheduler.Token] = [:]
            /// Its last waiter left and its work was cancelled: a joiner that found it just then
            /// starts over with a new call.
            var abandoned = false
        }

        let state = Locked(State())
    }

    private struct Registry {
        var calls: [Key: Call] = [:]
        var nextID: UInt64 = 0
    }

    private let registry = Locked(Registry())

    /// How many calls are in flight.
    var count: Int { registry.withLock { $0.calls.count } }

    /// The value of the call for `key`: the one in flight, or a new one made with `work`;
    /// `joined` says whether it was already in flight. With a `timeout`, this joiner stops waiting
    /// when it passes and gets ``TransportFailure/timedOut(after:)``; the call goes on for the others.
    /// `starterWaitsForWork` spares the caller that starts the call its timer, for work that is
    /// bounded by that same caller's timeout already (a coalesced request runs with its starter's).
    func join(
        _ key: Key, timeout: Duration? = nil, starterWaitsForWork: Bool = false,
        joining: (_ joined: Bool) -> Void = { _ in },
        work: @escaping @Sendable () async throws -> Value
    ) async throws -> (value: Value, joined: Bool) {
        while true {
            do {
                return try await joinOnce(key, timeout: timeout, starterWaitsForWork: starterWaitsForWork, joining: joining, work: work)
            } catch is AbandonedCall {
                continue  // the call ended for want of waiters just as this caller joined it
            }
        }
    }

    /// Thrown to a joiner that found a call its last waiter was abandoning.
    private struct AbandonedCall: Error {}

    private func joinOnce(
        _ key: Key, timeout: Duration?, starterWaitsForWork: Bool,
        joining: (_ joined: Bool) -> Void,
        work: @escaping @Sendable () async throws -> Value
    ) async throws -> (value: Value, joined: Bool) {
        let (call, id, isNew) = registry.withLock { registry -> (Call, UInt64, Bool) in
            registry.nextID += 1
            if let call = registry.calls[key] { return (call, registry.nextID, false) }
            let call = Call()
            registry.calls[key] = call
            return (call, registry.nextID, true)
        }
        joining(!isNew)
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let ready = call.state.withLock { state -> Result<Value, any Error>? in
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    // Abandoned, its work was cancelled: a failure it ended with is not this joiner's.
                    let succeeded = if case .success? = state.result { true } else { false }
                    if state.abandoned, !succeeded { return .failure(AbandonedCall()) }
                    if let result = state.result { return result }  // it ended while we joined
                    state.waiters[id] = continuation
                    if let timeout, !(isNew && starterWaitsForWork) {
                        state.timers[id] = TimeoutScheduler.shared.schedule(after: timeout) { [self] in
                            leave(call, key: key, id: id, with: CourierError.transport(.timedOut(after: timeout)))
                        }
                    }
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
                if isNew { start(call, key: key, work: work) }
            }
        } onCancel: {
            leave(call, key: key, id: id, with: CancellationError())
        }
        return (value, !isNew)
    }

    private func start(_ call: Call, key: Key, work: @escaping @Sendable () async throws -> Value) {
        let task = Task {
            let result: Result<Value, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            finish(call, key: key, with: result)
        }
        let orphaned = call.state.withLock { state -> Bool in
            state.task = task
            return state.waiters.isEmpty && state.result == nil
        }
        // Everyone left before the call started (its starter was cancelled at once).
        if orphaned { abandon(call, key: key) }
    }

    /// Hands `result` to every waiter of `call`, and forgets the call.
    private func finish(_ call: Call, key: Key, with result: Result<Value, any Error>) {
        forget(call, key: key)
        let (waiters, timers) = call.state.withLock { state -> ([CheckedContinuation<Value, any Error>], [TimeoutScheduler.Token]) in
            state.result = result
            defer {
                state.waiters = [:]
                state.timers = [:]
            }
            return (Array(state.waiters.values), Array(state.timers.values))
        }
        for timer in timers { TimeoutScheduler.shared.cancel(timer) }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// Removes a joiner that was cancelled or timed out at once, resuming it with `error`;
    /// cancels the call when it was the last.
    private func leave(_ call: Call, key: Key, id: UInt64, with error: any Error) {
        let (waiter, timer, orphaned) = call.state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, TimeoutScheduler.Token?, Bool) in
            let timer = state.timers.removeValue(forKey: id)
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                if state.result == nil, error is CancellationError { state.cancelledEarly.insert(id) }
                return (nil, timer, false)
            }
            return (waiter, timer, state.waiters.isEmpty && state.result == nil)
        }
        if let timer { TimeoutScheduler.shared.cancel(timer) }
        waiter?.resume(throwing: error)
        if orphaned { abandon(call, key: key) }
    }

    private func abandon(_ call: Call, key: Key) {
        // Left in the registry, the call is joined by whoever comes next, and forgotten when it ends.
        if finishesAbandonedWork { return }
        forget(call, key: key)
        // A joiner that found the call before it was forgotten may have begun waiting since: then
        // the call goes on for it. Otherwise it is marked, so such a joiner starts a new one.
        let task = call.state.withLock { state -> Task<Void, Never>? in
            guard state.waiters.isEmpty, state.result == nil else { return nil }
            state.abandoned = true
            return state.task
        }
        task?.cancel()
    }

    private func forget(_ call: Call, key: Key) {
        registry.withLock { registry in
            if registry.calls[key] === call { registry.calls[key] = nil }
        }
    }
}
