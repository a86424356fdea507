// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import NIOCore

// How an exchange starts on its loop, ends (failed, or its task ended), and follows its
// streamed body's reader: paused while it falls behind, cancelled when it stops.
extension DelegateExchange {
    /// Ends the exchange with `error`: the caller waiting for the head, or the body's reader, sees
    /// it. A failure that follows an early answer, all of which arrived, ends it with that answer.
    func fail(_ error: any Error) {
        let answered = state.withLock { state in
            state.answeredEarly && state.head != nil && state.received >= (state.declared ?? 0)
        }
        if answered, upload?.isStopped == true, !(error is CancellationError) {
            complete()
            return
        }
        let (waiting, channel, paused, task, toFile, rest) = state.withLock { state in
            state.failed = true
            // A download to a file keeps what arrived: a dropped connection resumes after it.
            let rest = state.toFile ? state.filler?.flush() : nil
            state.filler?.discard()
            defer { state.waiting = nil; state.paused = nil; state.task = nil }
            return (state.waiting, state.channel, state.paused, state.task, state.toFile, rest)
        }
        // A failed exchange's connection is closed: no region it had queued will be sent. And
        // the body's writer may be waiting for the connection to take a write, which
        // AsyncHTTPClient forgets when the request fails: released, it ends, closing its file.
        regions?.abandon()
        upload?.stop()
        releaseLoop()
        waiting?.resume(throwing: error)
        if let rest { _ = channel?.offerDeferringWake(rest) }
        channel?.finish(throwing: error, keepingBuffered: toFile && !(error is CancellationError))
        paused?.fail(error)
        task?.cancel()
    }

    /// Hands `outgoing` to AsyncHTTPClient: on the delegate's loop when this is the only call
    /// there, as a sequential caller's is. AsyncHTTPClient then arms the deadline, adds its
    /// callbacks and hands the request to the connection (on that loop too, `LoopChoice` sees to
    /// it) where it runs, where from another thread each of those is a hop of its own: one hop
    /// instead of several, 89–92 µs of CPU a call down to 78–80, and 7,300–7,500 sequential
    /// requests a second up to 8,100–8,300 (`transport-probe real-socket … "transport alone"
    /// sequential`). With other calls on the loop it is busy, and that work stays on the
    /// caller's thread (50 at a time, hopping measured 21,600–25,900 req/s against 25,500–26,300).
    func start(_ outgoing: HTTPClient.Request, on client: HTTPClient, deadline: NIODeadline, shuttingDown: Locked<Bool>) {
        if loop.loop.inEventLoop || !loop.alone {
            execute(outgoing, on: client, deadline: deadline, shuttingDown: shuttingDown)
        } else {
            loop.loop.execute { self.execute(outgoing, on: client, deadline: deadline, shuttingDown: shuttingDown) }
        }
    }

    /// Sends `outgoing` with this exchange as its delegate, unless the exchange already ended.
    func execute(_ outgoing: HTTPClient.Request, on client: HTTPClient, deadline: NIODeadline, shuttingDown: Locked<Bool>) {
        // Cancelled before this ran (or before the call began, when the handler ran before the
        // continuation was stored): nothing is sent, and the caller is resumed here.
        guard !state.withLock({ $0.failed }) else {
            fail(CancellationError())
            return
        }
        let task = client.execute(request: outgoing, delegate: self, eventLoop: .delegate(on: loop.loop), deadline: deadline)
        let cancelled = state.withLock { state in
            state.task = state.failed ? nil : task
            return state.failed
        }
        if cancelled { task.cancel() }
        // Two failures end the task without telling the delegate, so the exchange watches the
        // task when either can happen:
        // - a client shutting down (AsyncHTTPClient hands back a task failed at once); the
        //   transport raises `shuttingDown` before it shuts the client down, so a task failed
        //   that way always finds it raised;
        // - a body sent as it is read, answered with an error status just as the body ends: the
        //   answer ends the connection's request, and the body's end, arriving after it, fails
        //   the task with `requestStreamCancelled` (AsyncHTTPClient 1.37), with the whole answer
        //   already given to the delegate but no `didFinishRequest`. Unwatched, the caller waited
        //   for ever: the deadline, firing later, finds the request finished and does nothing.
        // Only then: adding a callback to the task's future from another thread than its loop's
        // hops to the loop, about 6 µs of CPU a call (`transport-probe real-socket`), which an
        // upload does not notice.
        if upload != nil || shuttingDown.withLock({ $0 }) {
            task.futureResult.whenComplete { result in
                if case .failure(let error) = result { self.taskFailed(error) }
                self.releaseLoop()
            }
        }
    }

    /// The task failed: ends the exchange, unless the delegate already did. An upload's stream
    /// cancelled after the answer all arrived ends it with that answer, which is the server's word
    /// on the request.
    func taskFailed(_ error: any Error) {
        // `released`: the task's own callback releases the loop only after this.
        let (ended, answered) = state.withLock { state in
            (state.failed || state.released, state.head != nil)
        }
        guard !ended else { return }
        if answered, let failure = error as? HTTPClientError, failure == .requestStreamCancelled {
            complete()
        } else {
            fail(AsyncHTTPClientTransport.map(error, request: request, ratio: ratio))
        }
    }

    /// Gives the delegate's loop back to ``loops``, once, whichever way the exchange ends.
    func releaseLoop() {
        let first = state.withLock { state in
            defer { state.released = true }
            return !state.released
        }
        if first { loops.finished(loop.index) }
    }

    /// Hands the reader what the event loop's turn copied in but did not fill a block with,
    /// and wakes it once for the whole turn.
    func handOverTurn(to channel: ByteChannel) {
        let rest = state.withLock { state in
            state.turnEndScheduled = false
            return state.filler?.flush()
        }
        if let rest { _ = channel.offerDeferringWake(rest) }
        channel.wakeReader()
    }

    func readerCaughtUp() {
        let paused = state.withLock { state -> EventLoopPromise<Void>? in
            guard let paused = state.paused else {
                state.resumedEarly = true
                return nil
            }
            state.paused = nil
            return paused
        }
        paused?.succeed()
    }

    func readerStopped() {
        let (paused, task) = state.withLock { state in
            defer { state.paused = nil; state.task = nil }
            return (state.paused, state.task)
        }
        paused?.fail(CancellationError())
        task?.cancel()
    }
}
#endif
