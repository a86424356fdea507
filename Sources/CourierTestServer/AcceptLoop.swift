import Foundation

/// A loopback listener and its threads, for the test servers: one thread accepting, one per
/// connection, and a stop that ends them all. Server threads look for the stop every 5 ms, so
/// ``stop()`` blocks its thread about that long (at most 5 seconds when a thread is stuck).
final class AcceptLoop: Sendable {
    /// The port it listens on.
    let port: UInt16
    private let listener: Socket
    private let flags = Locked((started: false, stopping: false))
    private let threads = DispatchGroup()

    /// Binds 127.0.0.1 at `port` (0 picks a free port).
    init(port: UInt16) throws(SocketError) {
        (listener, self.port) = try Socket.listener(port: port)
    }

    /// Whether the server began stopping; connections poll it.
    var isStopping: Bool { flags.withLock { $0.stopping } }

    /// Starts accepting: `serve` runs each connection on a thread of its own named
    /// `<name>.connection`, given a check for the stop. Calling it again does nothing.
    func start(name: String, serve: @escaping @Sendable (Socket, _ isStopping: @escaping @Sendable () -> Bool) -> Void) {
        let shouldStart = flags.withLock { flags -> Bool in
            guard !flags.started, !flags.stopping else { return false }
            flags.started = true
            return true
        }
        guard shouldStart else { return }
        let (listener, threads) = (self.listener, self.threads)
        let isStopping: @Sendable () -> Bool = { [flags] in flags.withLock { $0.stopping } }
        threads.enter()
        let thread = Thread {
            while !isStopping() {
                guard listener.waitReadable(milliseconds: 5), let connection = listener.accept() else { continue }
                threads.enter()
                let worker = Thread {
                    serve(connection, isStopping)
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

    /// No new connections; open ones end at their next check; returns once every thread has
    /// finished (or after 5 seconds at most). Calling it again does nothing.
    func stop() {
        let (first, started) = flags.withLock { flags -> (Bool, Bool) in
            defer { flags.stopping = true }
            return (!flags.stopping, flags.started)
        }
        guard first else { return }
        if started { _ = threads.wait(timeout: .now() + 5) }
        listener.close()
    }
}
