// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import NIOCore

/// Lets an exchange end a request body that is still being written, because the server has
/// already answered it or the request failed.
///
/// Why: a server may answer an upload before reading it all (`413 Content Too Large`, `401`). On
/// such an answer, AsyncHTTPClient's delegate API stops taking the body and holds the write it
/// was given, but waits for the body to end before it ends the exchange: without this, the
/// writer waits for that write and the caller for the timeout. The writer waits for each write
/// through ``wait(for:)``; ``stop()`` releases it and it ends the body as if it were complete.
/// A failed request needs it too: AsyncHTTPClient drops the promise of a write it had not taken
/// yet, so the writer would wait for ever, holding its file or stream.
final class UploadStop: Sendable {
    private struct State {
        var stopped = false
        var writing = false
        var gate: EventLoopPromise<Void>?
    }

    private struct Stopped: Error {}

    private let state = Locked(State())

    /// Whether ``stop()`` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Whether a body is being written: between ``began()`` and ``ended()``.
    var isWriting: Bool { state.withLock { $0.writing } }

    /// The request has a body to write: called before it is sent, since the answer may arrive
    /// before the writer starts.
    func began() {
        state.withLock { $0.writing = true }
    }

    /// The writer ended, whichever way.
    func ended() {
        state.withLock { $0.writing = false }
    }

    /// Waits until `done` (a write) completes; `false` when the body was stopped first, or when
    /// the write failed because of the stop. Other failures are thrown.
    func wait(for done: EventLoopFuture<Void>) async throws -> Bool {
        let gate = done.eventLoop.makePromise(of: Void.self)
        let stopped = state.withLock { state -> Bool in
            if state.stopped { return true }
            state.gate = gate
            return false
        }
        if stopped {
            gate.fail(Stopped())  // SwiftNIO traps on a promise dropped unfulfilled.
            return false
        }
        done.cascade(to: gate)
        do {
            try await gate.futureResult.get()
            state.withLock { $0.gate = nil }
            return true
        } catch {
            if isStopped { return false }
            throw error
        }
    }

    /// Ends the body: the writer's pending wait returns `false`, and so does every later one.
    func stop() {
        let gate = state.withLock { state -> EventLoopPromise<Void>? in
            state.stopped = true
            defer { state.gate = nil }
            return state.gate
        }
        gate?.fail(Stopped())
    }
}
#endif
