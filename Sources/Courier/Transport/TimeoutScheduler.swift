import Foundation

/// Fires transports' timeouts from a thread of its own.
///
/// Dispatch timers are not enough: on Linux, while URLSession floods libdispatch with a fast
/// body's callbacks, a `DispatchQueue.asyncAfter` was seen to fire many seconds late or not at
/// all. One plain thread waiting on a condition is scheduled by the system alone, so a timeout
/// fires on time whatever the queues are doing.
///
/// Deadlines are instants of the monotonic clock, never dates: a wall clock set forward (by the
/// user, or by NTP after a sleep) would fire every pending timeout at once. The condition waits
/// take a date, so each wait is at most ``longestWait``: a wall clock set back delays a timeout
/// by no more than that.
package final class TimeoutScheduler: @unchecked Sendable {
    // @unchecked: every stored property below is guarded by `condition`.

    /// The one scheduler every transport shares; its thread starts with the first timeout.
    package static let shared = TimeoutScheduler()

    /// A scheduled timeout, to cancel it.
    package struct Token: Sendable {
        fileprivate let id: UInt64
    }

    /// The longest single wait of the thread, which bounds how late a wall clock set back makes it.
    static let longestWait = Duration.seconds(1)

    private let clock = ContinuousClock()

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let id: UInt64
        let work: @Sendable () -> Void
    }

    private let condition = NSCondition()
    private var entries: [Entry] = []  // sorted by deadline
    private var nextID: UInt64 = 0
    private var started = false
    /// When the thread will look at the entries next on its own: the deadline it waits for, or
    /// `nil` while it waits for a first entry. A new entry due no sooner needs no signal.
    private var wakesAt: ContinuousClock.Instant?

    /// Runs `work` on the scheduler's thread once `delay` has passed, unless cancelled first.
    package func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> Token {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        let entry = Entry(deadline: clock.now.advanced(by: delay), id: nextID, work: work)
        let index = entries.firstIndex { $0.deadline > entry.deadline } ?? entries.endIndex
        entries.insert(entry, at: index)
        if !started {
            started = true
            let thread = Thread { [self] in run() }
            thread.name = "courier.timeouts"
            thread.start()
        }
        // Waking the thread costs two context switches; a call's timeout is usually due after the
        // one the thread already waits for (or for a cancelled one: it then just waits again).
        if wakesAt.map({ entry.deadline < $0 }) ?? true {
            wakesAt = entry.deadline
            condition.signal()
        }
        return Token(id: entry.id)
    }

    /// Forgets a timeout that has not fired. The thread is not told: it finds the entry gone
    /// when it wakes for it.
    package func cancel(_ token: Token) {
        condition.lock()
        defer { condition.unlock() }
        entries.removeAll { $0.id == token.id }
    }

    private func run() {
        while true {
            condition.lock()
            while entries.isEmpty {
                wakesAt = nil
                condition.wait()
            }
            let first = entries[0]
            let now = clock.now
            guard first.deadline <= now else {
                let wait = min(now.duration(to: first.deadline), Self.longestWait)
                wakesAt = now.advanced(by: wait)
                _ = condition.wait(until: Date(timeIntervalSinceNow: wait.timeInterval))
                condition.unlock()
                continue
            }
            entries.removeFirst()
            condition.unlock()
            first.work()
        }
    }
}
