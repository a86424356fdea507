import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One ``URLSessionTransport`` exchange: its data task, the body arriving so far, and the caller
/// waiting for it.
///
/// The caller is resumed exactly once, by whichever comes first: the task completing, the
/// calling task's cancellation (which is how the transport's deadline ends it), or the body
/// passing its size limit. Only then is the data task cancelled, so a server that keeps sending
/// cannot hold the caller, however long `URLSession` takes to wind the task down.
final class SessionCall: Sendable {
    typealias Continuation = CheckedContinuation<RawResponse, any Error>

    let request: PreparedRequest

    private struct State {
        var continuation: Continuation?
        var task: URLSessionDataTask?
        var body: ResponseBodyCollector
        var head: HTTPResponse?
        var challenged: HTTPResponse?
        var cancelled = false
        var finished = false
    }

    private let state: Locked<State>

    init(request: PreparedRequest) {
        self.request = request
        self.state = Locked(State(body: ResponseBodyCollector(limit: request.maximumResponseSize)))
    }

    /// Keeps `continuation`, creates the data task with `make` and resumes it. A call cancelled before it started resumes `continuation` with `CancellationError`.
    func start(_ continuation: Continuation, _ make: () -> URLSessionDataTask) {
        let started = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            let task = make()
            state.task = task
            task.resume()
            return true
        }
        if !started { continuation.resume(throwing: CancellationError()) }
    }

    /// The calling task was cancelled.
    func cancel() {
        let before = state.withLock { state -> Bool in
            defer { state.cancelled = true }
            return state.continuation == nil && !state.finished
        }
        if !before { finish(.failure(CancellationError())) }
    }

    // MARK: - Events from the session delegate

    /// The response head arrived; `false` to stop the task (its declared body is too large).
    func received(_ response: HTTPURLResponse) -> Bool {
        let head = URLSessionTransport.httpResponse(from: response)
        let tooLarge = state.withLock { state -> CourierError? in
            state.head = head
            do throws(CourierError) { try state.body.expect(contentLength: head.headerFields[.contentLength]) } catch { return error }
            return nil
        }
        guard let tooLarge else { return true }
        finish(.failure(tooLarge))
        return false
    }

    /// Body bytes arrived.
    func received(_ data: Data) {
        let tooLarge = state.withLock { state -> CourierError? in
            guard !state.finished else { return nil }
            do throws(CourierError) { try state.body.append(data) } catch { return error }
            return nil
        }
        if let tooLarge { finish(.failure(tooLarge)) }
    }

    /// An authentication challenge came with `response` (kept: on Linux, rejecting the challenge
    /// ends the task as cancelled, and this is the response the caller gets).
    func challenged(by response: HTTPResponse) {
        state.withLock { $0.challenged = response }
    }

    /// The server redirected: answers `reply` with `nil`, so that the `3xx` becomes the
    /// response and the transport follows it by Courier's rules (Foundation on Linux would drop
    /// the body of a `307` and keep every header on the way to another origin).
    ///
    /// swift-corelibs-foundation traps when a redirect is answered after its task was cancelled,
    /// so the answer is given under the call's lock, and not at all once the call has ended (its
    /// task is being cancelled then, which ends the wait).
    func redirect(reply: (URLRequest?) -> Void) {
        state.withLock { state in
            guard !state.finished else { return }
            reply(nil)
        }
    }

    /// The task ended, with `error` or without.
    func completed(error: (any Error)?) {
        let (head, challenged, body) = state.withLock { state in (state.head, state.challenged, state.body.data) }
        if let error {
            // On Linux a rejected authentication challenge ends the task as cancelled: hand over
            // the challenging response itself.
            if let challenged { return finish(.success(RawResponse(http: challenged, body: body))) }
            return finish(.failure(URLSessionTransport.map(error, timeout: request.timeout)))
        }
        guard let head else {
            return finish(.failure(CourierError.transport(.connectionLost(message: "the server sent no response"))))
        }
        finish(.success(RawResponse(http: head, body: body)))
    }

    // MARK: - Ending

    /// Resumes the caller with `result` if nobody did yet, then frees the body and cancels the
    /// data task (a no-op when it already completed).
    private func finish(_ result: Result<RawResponse, any Error>) {
        let ended = state.withLock { state -> (Continuation?, URLSessionDataTask?)? in
            guard !state.finished else { return nil }
            state.finished = true
            defer {
                state.continuation = nil
                state.body = ResponseBodyCollector(limit: 0)
            }
            return (state.continuation, state.task)
        }
        guard let (continuation, task) = ended else { return }
        task?.cancel()
        continuation?.resume(with: result)
    }
}
