import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The shared state of one ``URLSessionTransport`` call: its data task, whether the calling
/// Swift task was cancelled, and the timer that enforces the request's timeout.
final class SessionCall: Sendable {
    /// How the call ended, as seen by the completion handler.
    struct Outcome: Sendable {
        var cancelled: Bool
        var timedOut: Bool
        var taskIdentifier: Int?
    }

    private struct State {
        var task: URLSessionDataTask?
        var timer: DispatchWorkItem?
        var cancelled = false
        var timedOut = false
        var finished = false
    }

    private let state = Locked(State())

    /// Creates the data task with `make`, arms the timeout and resumes the task; `false` when the
    /// call was already cancelled (then no task is made).
    func start(timeout: Duration, _ make: () -> URLSessionDataTask) -> Bool {
        state.withLock { state in
            guard !state.cancelled else { return false }
            let task = make()
            let timer = DispatchWorkItem { [self] in timeOut() }
            state.task = task
            state.timer = timer
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.timeInterval, execute: timer)
            task.resume()
            return true
        }
    }

    /// Cancels the call because the calling task was cancelled.
    func cancel() {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard !state.finished else { return nil }
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Cancels the call because its timeout passed.
    private func timeOut() {
        let task = state.withLock { state -> URLSessionDataTask? in
            guard !state.finished, !state.cancelled else { return nil }
            state.timedOut = true
            return state.task
        }
        task?.cancel()
    }

    /// Marks the call finished, disarms the timer and says how it ended.
    func finish() -> Outcome {
        state.withLock { state in
            state.finished = true
            state.timer?.cancel()
            state.timer = nil
            return Outcome(cancelled: state.cancelled, timedOut: state.timedOut, taskIdentifier: state.task?.taskIdentifier)
        }
    }
}
