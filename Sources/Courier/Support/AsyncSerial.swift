/// Runs async critical sections one at a time, in the order they asked: for work that must not
/// interleave across suspension points, such as writing credentials to a store and then to
/// memory while a sign-out does the same.
///
/// Waiting is not cancellable: the sections it guards are short, and a sign-in must not stop
/// half-way because its task was cancelled.
final class AsyncSerial: Sendable {
    private struct State {
        var busy = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Runs `body` once every section that asked earlier has ended.
    func run<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        let free = state.withLock { state -> Bool in
            guard state.busy else {
                state.busy = true
                return true
            }
            return false
        }
        if free { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ownsIt = state.withLock { state -> Bool in
                guard state.busy else {
                    state.busy = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if ownsIt { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.busy = false
                return nil
            }
            return state.waiters.removeFirst()  // stays busy: ownership passes to the next
        }
        next?.resume()
    }
}
