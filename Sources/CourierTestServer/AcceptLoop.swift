import Foundation

/// A loopback listener and its threads, for the test servers: one thread accepting, one per
/// connection, and a stop that ends them all. Server threads block on their sockets and on the
/// ``StopSignal`` together, so an idle server costs no CPU and ``stop()`` wakes every thread at
/// once (it waits 5 seconds at most for a thread stuck in a route handler).
final class AcceptLoop: Sendable {
    /// The port it listens on.
    let port: UInt16
    private let listener: Socket
    private let flags = Locked((started: false, stopping: false))
    private let signal = StopSignal()
    private let threads = DispatchGroup()

    /// Binds 127.0.0.1 at `port` (0 picks a free port).
    init(port: UInt16) throws(SocketError) {
        (listener, self.port) = try Socket.listener(port: port)
    }

    /// Whether the server began stopping; connections poll it.
    var isStopping: Bool { flags.withLock { $0.stopping } }

    /// Starts accepting: `serve` runs each connection on a thread of its own named
    /// `<name>.connection`, given the stop to wait on. Calling it again does nothing.
    func start(name: String, serve: @escaping @Sendable (Socket, _ stop: StopSignal) -> Void) {
        let shouldStart = flags.withLock { flags -> Bool in
            guard !flags.started, !flags.stopping else { return false }
            flags.started = true
            return true
        }
        guard shouldStart else { return }
        let (listener, threads, signal) = (self.listener, self.threads, self.signal)
        threads.enter()
        let thread = Thread {
            // The listener is this thread's: it closes it when it ends, so no late poll or
            // accept can touch a descriptor number the system has handed to someone else.
            defer { listener.close() }
            while !signal.isRaised {
                guard signal.waitReadable(listener), let connection = listener.accept() else { continue }
                threads.enter()
                let worker = Thread {
                    serve(connection, signal)
                    threads.leave()
                }
                worker.name = "\(name).connection"
                worker.start()
            }
            threads.leave()
        }
        thread.name = "\(name).accept"
        thread.start()
    }

    /// No new connections; open ones end at once (the stop wakes every server thread); returns
    /// once every server thread has finished, or after ``stopWait`` at most. Calling it again does
    /// nothing.
    ///
    /// It waits so briefly because it usually runs on one of the two threads of a test run's
    /// cooperative pool: a connection stuck in a route handler (a test's gate held for seconds)
    /// must not hold that thread, which every other test needs. Such a connection ends by itself
    /// when its handler returns.
    func stop() {
        let (first, started) = flags.withLock { flags -> (Bool, Bool) in
            defer { flags.stopping = true }
            return (!flags.stopping, flags.started)
        }
        guard first else { return }
        signal.raise()
        if started {
            _ = threads.wait(timeout: .now() + AcceptLoop.stopWait)
        } else {
            listener.close()
        }
    }

    /// The longest ``stop()`` waits for the server's threads to end.
    static let stopWait: DispatchTimeInterval = .milliseconds(250)
}
