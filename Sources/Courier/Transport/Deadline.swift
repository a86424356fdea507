import Foundation

/// Runs `operation` and returns what it returns, unless `timeout` passes first: then the caller
/// gets ``TransportFailure/timedOut(after:)`` at once, from Courier's own timer thread, and the operation is
/// cancelled behind it. Cancelling the calling task ends the call with `CancellationError` just
/// as promptly.
///
/// Transports use it to bound the whole exchange, body included, by Courier's own clock rather
/// than by a network library's timeouts (which may cover only the response head, or restart
/// whenever a byte arrives).
package func withDeadline<Value: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withDeadline(timeout, timeout: timeout, operation)
}

/// Like ``withDeadline(_:_:)`` for what is left of a call's `timeout` (`remaining`, measured
/// from ``TransportContext/deadline``); the error names the whole `timeout`.
package func withDeadline<Value: Sendable>(
    _ remaining: Duration, timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = DeadlineRace<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, after: max(remaining, .zero), reporting: timeout, operation)
        }
    } onCancel: {
        race.cancel()
    }
}

/// The state of one ``withDeadline(_:_:)`` call: whoever finishes first resumes the caller.
private final class DeadlineRace<Value: Sendable>: Sendable {
    typealias Continuation = CheckedContinuation<Value, any Error>

    private struct State {
        var continuation: Continuation?
        var work: Task<Void, Never>?
        var timer: TimeoutScheduler.Token?
        var cancelled = false
        var finished = false
    }

    private let state = Locked(State())

    func start(
        _ continuation: Continuation, after delay: Duration, reporting timeout: Duration,
        _ operation: @escaping @Sendable () async throws -> Value
    ) {
        let started = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            state.work = Task { [self] in
                do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
            }
            state.timer = TimeoutScheduler.shared.schedule(after: delay) { [self] in
                finish(.failure(CourierError.transport(.timedOut(after: timeout))))
            }
            return true
        }
        if !started { continuation.resume(throwing: CancellationError()) }
    }

    func cancel() {
        let started = state.withLock { state -> Bool in
            state.cancelled = true
            return state.continuation != nil
        }
        if started { finish(.failure(CancellationError())) }
    }

    private func finish(_ result: Result<Value, any Error>) {
        let ended = state.withLock { state -> (Continuation?, Task<Void, Never>?, TimeoutScheduler.Token?)? in
            guard !state.finished, state.continuation != nil else { return nil }
            state.finished = true
            defer {
                state.continuation = nil
                state.work = nil
                state.timer = nil
            }
            return (state.continuation, state.work, state.timer)
        }
        guard let (continuation, work, timer) = ended else { return }
        if let timer { TimeoutScheduler.shared.cancel(timer) }
        work?.cancel()
        continuation?.resume(with: result)
    }
}
