import Foundation

/// Runs `operation` and returns what it returns, unless `timeout` passes first: then the caller
/// gets ``TransportFailure/timedOut(after:)`` at once, from a Dispatch timer, and the operation is
/// cancelled behind it. Cancelling the calling task ends the call with `CancellationError` just
/// as promptly.
///
/// Transports use it to bound the whole exchange, body included, by Courier's own clock rather
/// than by a network library's timeouts (which may cover only the response head, or restart
/// whenever a byte arrives).
package func withDeadline<Value: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let race = DeadlineRace<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            race.start(continuation, timeout: timeout, operation)
        }
    } onCancel: {
        race.cancel()
    }
}

/// Where transports' timeouts fire: a queue of its own at the highest priority, so that a flood
/// of work on the global queues (URLSession's callbacks under a fast body) cannot hold a timeout
/// back.
package let timeoutQueue = DispatchQueue(label: "courier.timeouts", qos: .userInteractive)

/// The state of one ``withDeadline(_:_:)`` call: whoever finishes first resumes the caller.
private final class DeadlineRace<Value: Sendable>: Sendable {
    typealias Continuation = CheckedContinuation<Value, any Error>

    private struct State {
        var continuation: Continuation?
        var work: Task<Void, Never>?
        var timer: DispatchWorkItem?
        var cancelled = false
        var finished = false
    }

    private let state = Locked(State())

    func start(_ continuation: Continuation, timeout: Duration, _ operation: @escaping @Sendable () async throws -> Value) {
        let started = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            let timer = DispatchWorkItem { [self] in finish(.failure(CourierError.transport(.timedOut(after: timeout)))) }
            state.timer = timer
            state.work = Task { [self] in
                do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
            }
            timeoutQueue.asyncAfter(deadline: .now() + timeout.timeInterval, execute: timer)
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
        let ended = state.withLock { state -> (Continuation?, Task<Void, Never>?, DispatchWorkItem?)? in
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
        timer?.cancel()
        work?.cancel()
        continuation?.resume(with: result)
    }
}
