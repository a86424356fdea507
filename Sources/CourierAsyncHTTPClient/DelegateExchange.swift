// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1

/// One exchange through AsyncHTTPClient's delegate API: a body the request streams goes to its
/// reader as it arrives, any other is collected within the size limit on the event loop and
/// handed over whole.
///
/// Why the delegate API: its deadline covers the whole exchange, body included (the async API's
/// ends at the response head), so a call needs no task or timer of Courier's own to bound it.
/// And `HTTPClientResponse.body` holds one buffer at a time, so each 64 KB read
/// waits for the reading task to be scheduled, which halves the rate when the reader runs on the
/// other core. Here the event loop puts each buffer straight into the call's `ByteChannel` and
/// goes on reading until the reader is `ByteChannel/highWater` bytes behind; then it pauses the
/// connection (the returned future) until the reader catches up.
///
/// A status the request does not stream (an error) is collected like any other body.
final class DelegateExchange: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked: every mutable property is behind `state`'s lock.
    typealias Response = Void

    struct State {
        var waiting: UnsafeContinuation<RawResponse, any Error>?
        var head: HTTPResponse?
        var declared: Int?
        /// `declared` unless the body is content-coded (``ResponseBodyCollector/readableLength(_:of:)``);
        /// kept so that each body part need not look at the head's fields again.
        var readable: Int?
        var collector: ResponseBodyCollector?
        var channel: ByteChannel?
        /// Where a streamed body's parts are copied until a block is handed to `channel`.
        var filler: BlockFiller?
        /// An end-of-turn hand-over is scheduled on the event loop.
        var turnEndScheduled = false
        /// The body streams to a reader on this loop: each part goes to it as it is, sharing
        /// SwiftNIO's buffer, which the reader lets go of before the loop reads again.
        var sharesBuffers = false
        /// The body goes to a file: its writer reports the progress, from the file's length (which
        /// a resumed download starts at), not the event loop.
        var toFile = false
        /// The response is the answer (its status is one the request accepts): its body counts as
        /// the call's download; a redirect's or an error page's does not.
        var isAnswer = false
        var paused: EventLoopPromise<Void>?
        var resumedEarly = false
        var received = 0
        var task: HTTPClient.Task<Void>?
        var failed = false
        /// ``releaseLoop()`` ran: ``complete()`` or ``fail(_:)`` ended the exchange, or its task ended.
        var released = false
        /// The server answered with an error status while the request body was still going out
        /// (see ``UploadStop``).
        var answeredEarly = false
    }

    let request: PreparedRequest
    let context: TransportContext
    let ratio: Int
    let loops: LoopChoice
    let blocks: BlockPool
    /// The loop the delegate runs on, given back to ``loops`` when the exchange ends.
    let loop: (loop: any EventLoop, index: Int, alone: Bool)
    let state = Locked(State())
    /// Ends a request body still being written once the server has answered it; only for a body
    /// sent as it is read (one in memory goes out whole), so that other calls allocate nothing
    /// for it.
    let upload: UploadStop?
    /// The files of a body sent as file regions, closed once their regions are on the socket.
    let regions: SentRegions?
    /// The call was sent from the delegate's loop (a task on an ``EventLoopTaskExecutor``), so
    /// a streamed body's reader runs there too, between the loop's reads.
    let readerOnLoop: Bool

    private init(request: PreparedRequest, context: TransportContext, ratio: Int, loops: LoopChoice, blocks: BlockPool) {
        self.request = request
        self.context = context
        self.ratio = ratio
        self.loops = loops
        self.blocks = blocks
        self.loop = loops.take()
        self.readerOnLoop = loop.loop.inEventLoop
        self.upload = request.body.map { $0.data == nil } == true ? UploadStop() : nil
        self.regions = upload != nil && FileRegionUpload.segments(of: request) != nil ? SentRegions(loop: loop.loop) : nil
    }

    /// Sends `request` and returns as soon as the response head arrived: with the body streaming
    /// when its status streams, or with the collected body otherwise; a body the status sends to
    /// a file is written there first, and the file is the body.
    ///
    /// `shuttingDown` is the transport's: set before it shuts its client down (see below).
    static func send(
        _ request: PreparedRequest, on client: HTTPClient, shuttingDown: Locked<Bool>, loops: LoopChoice, blocks: BlockPool,
        context: TransportContext, ratio: Int
    ) async throws -> RawResponse {
        let exchange = DelegateExchange(request: request, context: context, ratio: ratio, loops: loops, blocks: blocks)
        let outgoing = try outgoing(
            request, context: context, eventLoops: client.eventLoopGroup, upload: exchange.upload, regions: exchange.regions)
        let deadline = NIODeadline.now() + TimeAmount(max(context.remaining, .zero))
        let response = try await withTaskCancellationHandler {
            // Unsafe, not checked: `state` hands the continuation out once (taking it), and the
            // checked one costs an allocation a call.
            try await withUnsafeThrowingContinuation { continuation in
                exchange.state.withLock { $0.waiting = continuation }
                exchange.start(outgoing, on: client, deadline: deadline, shuttingDown: shuttingDown)
            }
        } onCancel: {
            exchange.fail(CancellationError())
        }
        guard case .file(let destination) = request.delivery(for: response.status).mode else { return response }
        if exchange.readerOnLoop, #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            // Not on the loop: a write to disk can wait for the kernel's writeback, and the loop
            // would stop reading (measured: 1 GiB in 1.6 s on the loop, 1.0 s off it).
            return try await withTaskExecutorPreference(globalConcurrentExecutor) {
                try await download(response, of: request, to: destination, progress: context.progress)
            }
        }
        return try await download(response, of: request, to: destination, progress: context.progress)
    }

    // MARK: Delegate

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let (response, contentLength) = NIOConversions.response(status: head.status, headers: head.headers)
        let declared = ResponseBodyCollector.declaredLength(contentLength)
        if head.status.code >= 300, let upload, upload.isWriting {
            // Answered before the body is all sent: AsyncHTTPClient takes no more of it, and
            // ends the exchange only once the body ends. The body is ended once the answer is
            // all here (at once when its length is not known), and the answer is the response.
            state.withLock { $0.answeredEarly = true }
            if declared == nil || declared == 0 { upload.stop() }
        }
        let readable = ResponseBodyCollector.readableLength(declared, of: response)
        let mode = request.delivery(for: response.status).mode
        let isAnswer = request.acceptableStatus.accepts(response.status.code)
        if mode != .collect {
            // Streamed to the caller, or to a file by `send`'s task: either way through a channel,
            // so that the event loop goes on reading while the reader (or the disk) catches up.
            // Weak: the exchange keeps the channel; the channel must not keep the exchange.
            let channel = ByteChannel(onResume: { [weak self] in self?.readerCaughtUp() }, onCancel: { [weak self] in self?.readerStopped() })
            let waiting = state.withLock { state in
                state.head = response
                state.declared = declared
                state.readable = readable
                state.channel = channel
                state.filler = BlockFiller(pool: blocks)
                state.toFile = mode != .stream
                state.isAnswer = isAnswer
                state.sharesBuffers = readerOnLoop && mode == .stream
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume(returning: RawResponse(http: response, body: channel.body(length: readable)))
            return task.eventLoop.makeSucceededVoidFuture()
        }
        var collector = ResponseBodyCollector(limit: request.maximumResponseSize)
        do {
            try collector.expect(contentLength: ResponseBodyCollector.bodyLengthField(of: response, method: request.http.method))
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
        state.withLock { state in
            state.head = response
            state.declared = declared
            state.readable = readable
            state.collector = collector
            state.isAnswer = isAnswer
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let (channel, received, readable, collectError, counts, answerIsIn) = state.withLock {
            state -> (ByteChannel?, Int, Int?, (any Error)?, Bool, Bool) in
            state.received += buffer.readableBytes
            // An answer that came before the body was all sent, now all here (see `didReceiveHead`).
            let answerIsIn = state.answeredEarly && state.received >= (state.declared ?? .max)
            if state.channel == nil {
                do {
                    try buffer.withUnsafeReadableBytes { bytes in try state.collector?.append(bytes) }
                } catch {
                    return (nil, state.received, state.readable, error, false, answerIsIn)
                }
            }
            return (state.channel, state.received, state.readable, nil, state.isAnswer && !state.toFile, answerIsIn)
        }
        if let collectError { return task.eventLoop.makeFailedFuture(collectError) }
        if answerIsIn { upload?.stop() }
        if context.progress.isActive, counts { context.progress.received(received, of: readable) }
        guard let channel else { return task.eventLoop.makeSucceededVoidFuture() }
        // The part is copied into a pooled block (see `BlockPool` for why), and a full block is
        // offered to the reader. What is left at the end of this turn of the event loop is
        // handed over then, with one wake-up of the reader for every part that arrived in the
        // turn: a thread wake-up costs about as much as moving 64 KB. A reader on this loop gets
        // the part itself instead: it runs at the turn's end and lets go of SwiftNIO's buffer
        // before the next read needs it, so there is nothing to copy it away from.
        var accepted = true
        let scheduleTurnEnd = state.withLock { state -> Bool in
            if state.sharesBuffers {
                if !channel.offerDeferringWake(buffer.sharedData).goOn { accepted = false }
            } else {
                buffer.withUnsafeReadableBytes { bytes in
                    state.filler?.append(bytes) { block in
                        if !channel.offerDeferringWake(block).goOn { accepted = false }
                    }
                }
            }
            defer { state.turnEndScheduled = true }
            return !state.turnEndScheduled
        }
        if scheduleTurnEnd { task.eventLoop.execute { self.handOverTurn(to: channel) } }
        // Not only a full block's offer: a turn's hand-over may have filled the channel too, and
        // when parts come slowly enough no block ever fills within a turn.
        if accepted, !channel.isPaused { return task.eventLoop.makeSucceededVoidFuture() }
        if channel.isCancelled { return task.eventLoop.makeFailedFuture(CancellationError()) }
        // Paused: the reader is a high-water mark behind. Its catching up (`readerCaughtUp`) may
        // already have happened on its own thread.
        let promise = task.eventLoop.makePromise(of: Void.self)
        let goOn = state.withLock { state -> Bool in
            if state.resumedEarly {
                state.resumedEarly = false
                return true
            }
            state.paused = promise
            return false
        }
        if goOn { promise.succeed() }
        return promise.futureResult
    }

    func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
        guard let regions else { return }
        let bytesSent = regions.sent(part)
        if context.progress.isActive { context.progress.sent(bytesSent, of: request.body?.length) }
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        complete()
    }

    /// Ends the exchange with the response received: the caller waiting for the head gets it
    /// with the collected body, or a streaming reader the end of the body.
    func complete() {
        let (waiting, head, collected, channel, rest, answeredEarly) = state.withLock { state in
            defer { state.waiting = nil; state.filler?.discard() }
            return (state.waiting, state.head, state.collector?.data, state.channel, state.filler?.flush(), state.answeredEarly)
        }
        if let regions {
            // An early answer closes the connection (AsyncHTTPClient does for any status from
            // 300 on): what it had queued will not be sent. Otherwise the last regions may still
            // be queued for a slowly read socket; once the call's deadline passes, the connection
            // is given up on with them.
            if answeredEarly {
                regions.abandon()
            } else if regions.hasUnsent {
                loop.loop.scheduleTask(in: TimeAmount(max(context.remaining, .zero))) { regions.abandon() }
            }
        }
        // Before the caller resumes: its next call must find this loop free, or it would take
        // another loop than its connection's.
        releaseLoop()
        if let rest { _ = channel?.offerDeferringWake(rest) }
        channel?.finish()
        if let waiting, let head { waiting.resume(returning: RawResponse(http: head, body: collected ?? Data())) }
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        fail(AsyncHTTPClientTransport.map(error, request: request, ratio: ratio))
    }
}
#endif
