/// Calls in flight by key, each run once in a task of its own and shared by everyone who joins
/// while it runs. A joiner that is cancelled leaves at once; the call is cancelled when its last
/// joiner leaves.
final class SharedCalls<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One shared call: its task, its waiters, and its result once it has one.
    private final class Call: Sendable {
        struct State {
            var task: Task<Void, Never>?
            var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
            var result: Result<Value, any Error>?
            /// Joiners cancelled before they started waiting.
            var cancelledEarly: Set<UInt64> = []
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
    /// `joined` says whether it was already in flight.
    func join(_ key: Key, work: @escaping @Sendable () async throws -> Value) async throws -> (value: Value, joined: Bool) {
        let (call, id, isNew) = registry.withLock { registry -> (Call, UInt64, Bool) in
            registry.nextID += 1
            if let call = registry.calls[key] { return (call, registry.nextID, false) }
            let call = Call()
            registry.calls[key] = call
            return (call, registry.nextID, true)
        }
        let value = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let ready = call.state.withLock { state -> Result<Value, any Error>? in
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    if let result = state.result { return result }  // it ended while we joined
                    state.waiters[id] = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
                if isNew { start(call, key: key, work: work) }
            }
        } onCancel: {
            leave(call, key: key, id: id)
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
        let waiters = call.state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            state.result = result
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// Removes a cancelled joiner at once; cancels the call when it was the last.
    private func leave(_ call: Call, key: Key, id: UInt64) {
        let (waiter, orphaned) = call.state.withLock { state -> (CheckedContinuation<Value, any Error>?, Bool) in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                if state.result == nil { state.cancelledEarly.insert(id) }
                return (nil, false)
            }
            return (waiter, state.waiters.isEmpty && state.result == nil)
        }
        waiter?.resume(throwing: CancellationError())
        if orphaned { abandon(call, key: key) }
    }

    private func abandon(_ call: Call, key: Key) {
        forget(call, key: key)
        call.state.withLock { $0.task }?.cancel()
    }

    private func forget(_ call: Call, key: Key) {
        registry.withLock { registry in
            if registry.calls[key] === call { registry.calls[key] = nil }
        }
    }
}
