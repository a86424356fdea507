// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import NIOCore

/// A task executor that runs jobs on one of the transport's event loops: a task that prefers it
/// sends its calls on that loop and reads their bodies there, so no byte crosses a thread.
///
/// Why: a body streamed to a reader on another thread costs a copy and a thread wake-up for
/// every turn of the event loop, and on a machine with few cores the reader competes with the
/// loop for one. Reading on the loop is how a bare SwiftNIO client reads; it suits a reader that
/// does little per chunk (hashing, counting, writing to a pipe) and must not block, since the
/// loop serves every other connection on it meanwhile.
///
/// Get one from ``AsyncHTTPClientTransport/eventLoopExecutor()`` and read under it:
///
/// ```swift
/// let executor = transport.eventLoopExecutor()
/// let count = try await withTaskExecutorPreference(executor) {
///     let body = try await client.send(Request<HTTPBody>(method: .get, path: "/archive"))
///     var count = 0
///     for try await chunk in body.chunks() { count += chunk.count }
///     return count
/// }
/// ```
///
/// A download to a file (`decoding: .file`) under it is still written off the loop: a write can
/// wait for the disk, and the loop would stop reading meanwhile.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop jobs run on.
    let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Runs `job` on the loop, after what the loop is doing now.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
#endif
