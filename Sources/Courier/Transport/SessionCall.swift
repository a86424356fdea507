import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One ``URLSessionTransport`` exchange: its task, the body arriving so far, and the caller
/// waiting for it.
///
/// The caller is resumed exactly once: for a collected body or a file, by whichever comes first
/// of the task completing, the deadline (``armDeadline()``), the calling task's cancellation or
/// the body passing its size limit; for a streamed body, when the head
/// arrives, after which the body's reader is fed (the task is suspended while the reader is more
/// than a megabyte behind, on Apple platforms: see ``canSuspend``) until the task completes, the
/// reader stops, or the deadline passes.
/// Only then is the task cancelled, so a server that keeps sending cannot hold the caller,
/// however long `URLSession` takes to wind the task down.
final class SessionCall: Sendable {
    typealias Continuation = CheckedContinuation<RawResponse, any Error>

    let request: PreparedRequest
    let context: TransportContext
    /// A file written for the upload (a stream spilled to disk), removed when the call ends.
    let temporaryUpload: URL?

    private enum Body {
        case none
        case collecting(ResponseBodyCollector)
        case streaming(ByteChannel)
        case writing(FileDownload)
    }

    private struct State {
        var continuation: Continuation?
        var task: URLSessionTask?
        var head: HTTPResponse?
        var body = Body.none
        var received = 0
        var expected: Int?
        /// The response is the answer (its status is one the request accepts): its body counts as
        /// the call's download; a redirect's or an error page's does not.
        var isAnswer = false
        var challenged: HTTPResponse?
        var timer: TimeoutScheduler.Token?
        /// The task is suspended because a streamed body's reader fell behind.
        var paused = false
        var cancelled = false
        /// The caller was resumed.
        var answered = false
        /// The transfer is over (completed, failed or stopped).
        var ended = false
        /// `URLSession` reported the task complete: there is nothing left to cancel.
        var taskCompleted = false
        /// `URLSession` reported the whole request body sent.
        var bodySent = false
    }

    private let state = Locked(State())

    // `canSuspend`, which differs between Apple's Foundation and Linux's, is in
    // URLSessionPlatform+Darwin.swift.

    init(request: PreparedRequest, context: TransportContext, temporaryUpload: URL?) {
        self.request = request
        self.context = context
        self.temporaryUpload = temporaryUpload
    }

    /// Keeps `continuation`, creates the task with `make`, resumes it and arms the deadline. A call
    /// cancelled before it started resumes `continuation` with `CancellationError`.
    func start(_ continuation: Continuation, _ make: () -> URLSessionTask) {
        let started = state.withLock { state -> Bool in
            guard !state.cancelled else { return false }
            state.continuation = continuation
            let task = make()
            state.task = task
            task.resume()
            return true
        }
        guard started else {
            removeTemporaryUpload()
            continuation.resume(throwing: CancellationError())
            return
        }
        armDeadline()
    }

    /// How often an upload from a caller's file checks that the file still holds its length.
    static let uploadFileCheckInterval = Duration.milliseconds(250)

    /// Checks, every ``uploadFileCheckInterval`` until the call ends, that `file` still holds
    /// `length` bytes, and ends the call with ``InvalidRequestReason/bodyFileShrank(_:to:)`` when
    /// it does not. Why: `URLSession` sends what the shorter file holds, then waits for the
    /// rest, and the call would end only at its timeout, reporting a timeout (measured: 20 s).
    func watch(uploadFrom file: URL, length: Int) {
        _ = TimeoutScheduler.shared.schedule(after: SessionCall.uploadFileCheckInterval) { [weak self] in
            // Once the body is all sent (or answered), the file is the caller's again to change.
            guard let self, !state.withLock({ $0.ended || $0.head != nil || $0.bodySent }) else { return }
            let size = FileChunkReader.size(of: file) ?? -1
            if size < length {
                fail(CourierError.invalidRequest(.bodyFileShrank(file, to: size)), onlyIfUnanswered: false)
            } else {
                watch(uploadFrom: file, length: length)
            }
        }
    }

    /// The calling task was cancelled (before the caller was answered; a streamed body's reader
    /// stops the transfer through its channel instead).
    func cancel() {
        let started = state.withLock { state -> Bool in
            defer { state.cancelled = true }
            return state.continuation != nil
        }
        if started { fail(CancellationError(), onlyIfUnanswered: true) }
    }

    // MARK: - Events from the session delegate

    /// The response head arrived; `false` to stop the task (its declared body is too large, or
    /// its file cannot be created).
    func received(_ response: HTTPURLResponse) -> Bool {
        let head = URLSessionTransport.httpResponse(from: response)
        let readable = ResponseBodyCollector.readableLength(
            ResponseBodyCollector.declaredLength(head.headerFields[.contentLength]), of: head)
        let delivery = request.delivery(for: head.status)
        let outcome = state.withLock { state -> Result<Continuation?, CourierError> in
            if case .streaming = state.body {
                // The caller is reading the first response's body: a second head means the
                // transfer started over, and its bytes must not be taken for the rest of the first.
                return .failure(CourierError.transport(.connectionLost(message: "the response started over in the middle of its body")))
            }
            state.head = head
            state.expected = readable
            state.isAnswer = request.acceptableStatus.accepts(head.status.code)
            switch delivery.mode {
            case .collect:
                var collector = ResponseBodyCollector(limit: request.maximumResponseSize)
                do throws(CourierError) {
                    try collector.expect(contentLength: ResponseBodyCollector.bodyLengthField(of: head, method: request.http.method))
                } catch {
                    return .failure(error)
                }
                state.body = .collecting(collector)
                return .success(nil)
            case .file(let destination):
                do throws(CourierError) {
                    state.body = .writing(try FileDownload.make(for: request, destination: destination, head: head))
                } catch {
                    return .failure(error)
                }
                return .success(nil)
            case .stream:
                let channel = ByteChannel(
                    onResume: { [weak self] in self?.readerCaughtUp() }, onCancel: { [weak self] in self?.readerStopped() })
                state.body = .streaming(channel)
                state.answered = true
                defer { state.continuation = nil }
                return .success(state.continuation)
            }
        }
        switch outcome {
        case .failure(let error):
            fail(error, onlyIfUnanswered: false)
            return false
        case .success(let continuation?):
            let channel = state.withLock { state -> ByteChannel? in
                if case .streaming(let channel) = state.body { return channel }
                return nil
            }
            guard let channel else { return false }
            continuation.resume(returning: RawResponse(http: head, body: channel.body(length: readable)))
            return true
        case .success(nil):
            return true
        }
    }

    /// Body bytes arrived.
    func received(_ data: Data) {
        let (failure, progress) = state.withLock { state -> (CourierError?, (Int, Int?)?) in
            guard !state.ended else { return (nil, nil) }
            state.received += data.count
            let progress = context.progress.isActive && state.isAnswer ? (state.received, state.expected) : nil
            switch state.body {
            case .none:
                return (nil, progress)
            case .collecting(var collector):
                state.body = .none
                do throws(CourierError) { try collector.append(data) } catch { return (error, nil) }
                state.body = .collecting(collector)
                return (nil, progress)
            case .writing(let file):
                do throws(CourierError) { try file.write(data) } catch { return (error, nil) }
                // A resumed body counts from the bytes kept, towards the whole file.
                return (nil, progress == nil ? nil : (file.written, file.expectedLength ?? state.expected))
            case .streaming(let channel):
                // Suspended under the lock, so that the reader's catching up (which resumes the
                // task under the same lock) can never come between the offer and the suspension.
                if !channel.offer(data), SessionCall.canSuspend, !channel.isCancelled, !state.paused {
                    state.paused = true
                    state.task?.suspend()
                }
                return (nil, progress)
            }
        }
        if let (completed, total) = progress { context.progress.received(completed, of: total) }
        if let failure { fail(failure, onlyIfUnanswered: false) }
    }

    /// The reader of a streamed body took enough that the task may go on.
    private func readerCaughtUp() {
        state.withLock { state in
            guard state.paused, !state.ended else { return }
            state.paused = false
            state.task?.resume()
        }
    }

    /// Request body bytes went out.
    func sent(_ total: Int64, of expected: Int64) {
        if expected > 0, total >= expected { state.withLock { $0.bodySent = true } }
        guard context.progress.isActive else { return }
        context.progress.sent(Int(total), of: expected > 0 ? Int(expected) : request.body?.length)
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
            guard !state.ended else { return }
            reply(nil)
        }
    }

    /// The task ended, with `error` or without.
    func completed(error: (any Error)?) {
        state.withLock { $0.taskCompleted = true }
        if let error {
            let challenged = state.withLock { $0.challenged }
            // On Linux a rejected authentication challenge ends the task as cancelled: hand over
            // the challenging response itself, with what arrived of its body.
            if let challenged {
                let body = state.withLock { state -> Data in
                    if case .collecting(let collector) = state.body { return collector.data }
                    return Data()
                }
                return succeed(RawResponse(http: challenged, body: body))
            }
            return fail(URLSessionTransport.map(error, timeout: request.timeout), onlyIfUnanswered: false)
        }
        let (head, body) = state.withLock { state in (state.head, state.body) }
        guard let head else {
            return fail(CourierError.transport(.connectionLost(message: "the server sent no response")), onlyIfUnanswered: false)
        }
        switch body {
        case .none:
            succeed(RawResponse(http: head))
        case .collecting(let collector):
            succeed(RawResponse(http: head, body: collector.data))
        case .writing(let file):
            // Committed in the same step that ends the call: a timeout or a cancellation that
            // ended it first leaves the destination alone (a resumed download's file is held, so
            // its `discard()` kept it, and a late commit would have put it in place for a caller
            // told the call failed); one that comes after finds the call over.
            var committed: Result<URL, CourierError>?
            let continuation = end { committed = Result { () throws(CourierError) in try file.commit() } }
            switch committed {
            case .success(let url):
                continuation?.resume(returning: RawResponse(
                    http: head, body: HTTPBody(storage: .file(url), length: file.written, isReplayable: true)))
            case .failure(let error):
                file.discard()
                continuation?.resume(throwing: error)
            case nil:
                break
            }
        case .streaming(let channel):
            end()
            channel.finish()
        }
    }

    // MARK: - Ending

    /// The whole body arrived: answers the caller (collected or file bodies) and ends the transfer.
    private func succeed(_ response: RawResponse) {
        let continuation = end()
        continuation?.resume(returning: response)
    }

    /// Ends the transfer with `error`: the waiting caller gets it, or else a streamed body's
    /// reader does. With `onlyIfUnanswered`, an answered call is left alone.
    private func fail(_ error: any Error, onlyIfUnanswered: Bool) {
        let ending = state.withLock { state -> (Body, Bool)? in
            guard !state.ended, !(onlyIfUnanswered && state.answered) else { return nil }
            return (state.body, state.answered)
        }
        guard let (body, _) = ending else { return }
        let continuation = end()
        switch body {
        case .writing(let file): file.discard()
        case .streaming(let channel): channel.finish(throwing: error)
        case .none, .collecting: break
        }
        continuation?.resume(throwing: error)
    }

    /// The reader of a streamed body stopped before its end.
    private func readerStopped() {
        end()
    }

    /// Ends the exchange with `TransportFailure/timedOut(after:)` when what is left of the call's
    /// timeout passes: the caller waiting for the head or the body, or a streamed body's reader,
    /// gets it at once, from Courier's timer thread, and the task is cancelled behind it. Armed
    /// when the task starts, so one timer bounds the whole exchange, body included, with no task
    /// of Courier's own per call; each redirect hop gets what is left.
    private func armDeadline() {
        let remaining = context.remaining
        let timeout = request.timeout
        let token = TimeoutScheduler.shared.schedule(after: max(remaining, .zero)) { [weak self] in
            self?.fail(CourierError.transport(.timedOut(after: timeout)), onlyIfUnanswered: false)
        }
        let ended = state.withLock { state -> Bool in
            if !state.ended { state.timer = token }
            return state.ended
        }
        if ended { TimeoutScheduler.shared.cancel(token) }
    }

    /// Marks the transfer over, once: cancels the task (unless it completed) and the deadline's
    /// timer, removes a spilled upload, and returns the caller's continuation if still waiting.
    ///
    /// The task is cancelled from another thread: on Linux `URLSessionTask.cancel()` waits for the
    /// session's work queue, which a fast body keeps full, so cancelling from the delegate's queue
    /// (a body over its size limit) or the timer's thread held the caller until the deadline
    /// while the body piled up in memory (`transport-probe`: an endless body ended by the
    /// deadline at 3 s and 800 MB; with the cancel sent off, by the size limit at 0.8 s and
    /// 130 MB).
    /// `lastStep` runs under the lock, only if the transfer was not over yet, as part of ending it.
    @discardableResult
    private func end(_ lastStep: () -> Void = {}) -> Continuation? {
        let ended = state.withLock { state -> (Continuation?, URLSessionTask?, TimeoutScheduler.Token?)? in
            guard !state.ended else { return nil }
            lastStep()
            state.ended = true
            state.answered = true
            defer {
                state.continuation = nil
                state.timer = nil
                if case .collecting = state.body { state.body = .none }
            }
            return (state.continuation, state.taskCompleted ? nil : state.task, state.timer)
        }
        guard let (continuation, task, timer) = ended else { return nil }
        if let timer { TimeoutScheduler.shared.cancel(timer) }
        if let task {
            // corelibs' `cancel()` waits for the session's work queue, which a fast body keeps
            // busy: from the delegate's queue (an operation queue) it goes elsewhere, so the
            // callbacks go on. From any other thread (the timer, the caller's cancellation) it is
            // done before the caller resumes: a caller that moves on while a task without a
            // response is still live, and lets its server close the connection, has corelibs end
            // the process ("Transfer completed, but there's no response"; seen in a full run).
            if OperationQueue.current != nil {
                DispatchQueue.global().async { task.cancel() }
            } else {
                task.cancel()
            }
        }
        removeTemporaryUpload()
        return continuation
    }

    private func removeTemporaryUpload() {
        if let temporaryUpload { try? FileManager.default.removeItem(at: temporaryUpload) }
    }
}
