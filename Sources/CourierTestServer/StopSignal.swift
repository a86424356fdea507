import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stop of one test server, as something its threads can block on.
///
/// Every server thread waits in `poll(2)` on its socket *and* on the read end of a pipe that
/// ``raise()`` closes the other end of, so a stop wakes every waiter at once, and an idle server
/// costs no CPU. (Waking every 5 ms to look at a flag, as the servers did before, cost a full
/// test run hundreds of thousands of wake-ups a second: about 400 server threads on two cores,
/// which stalled the run's first seconds and timed out calls with short deadlines.)
final class StopSignal: Sendable {
    /// How long one wait blocks at most before its caller looks at its own deadlines (idle
    /// limits): the stop itself never waits for it.
    static let longestWait: Int32 = 1_000

    private let readEnd: Int32
    private let writeEnd: Locked<Int32?>
    private let raisedFlag = Locked(false)

    init() {
        let ends = closeOnExecPipe()
        // Without a pipe (descriptors exhausted) the waits fall back to their timeouts, and
        // ``isRaised`` still tells the stop.
        readEnd = ends?.read ?? -1
        writeEnd = Locked(ends?.write)
    }

    deinit {
        // Only here, once no thread can be polling it: closing it earlier could hand its number
        // to a new descriptor that a late poll would then watch.
        if readEnd >= 0 { posixClose(readEnd) }
        writeEnd.withLock { end in
            if let open = end { posixClose(open) }
            end = nil
        }
    }

    /// Whether the server began stopping.
    var isRaised: Bool { raisedFlag.withLock { $0 } }

    /// Begins the stop: every current and later wait returns at once. Calling it again does nothing.
    func raise() {
        raisedFlag.withLock { $0 = true }
        writeEnd.withLock { end in
            if let open = end { posixClose(open) }
            end = nil
        }
    }

    /// Waits up to `milliseconds` (at most ``longestWait``) for `socket` to become readable (data,
    /// a connection, or the peer closing); `false` on timeout or when the server stops.
    func waitReadable(_ socket: Socket, milliseconds: Int32 = StopSignal.longestWait) -> Bool {
        var pollers = [
            pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&pollers, readEnd >= 0 ? 2 : 1, min(milliseconds, StopSignal.longestWait))
        guard ready > 0, !isRaised else { return false }
        return pollers[0].revents != 0
    }

    /// Sleeps for `duration`, waking at once on the stop; `false` when the server stops.
    func sleep(_ duration: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + duration
        while !isRaised {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return true }
            // Rounded up, so a sub-millisecond rest still sleeps rather than spinning.
            let milliseconds = Int32(min(Double(StopSignal.longestWait), (remaining.seconds * 1000).rounded(.up)))
            if readEnd >= 0 {
                var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, milliseconds)
            } else {
                Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
            }
        }
        return false
    }
}
