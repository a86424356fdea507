import Foundation

/// Fires transports' timeouts from a thread of its own.
///
/// Dispatch timers are not enough: on Linux, while URLSession floods libdispatch with a fast
/// body's callbacks, a `DispatchQueue.asyncAfter` was seen to fire many seconds late or not at
/// all. One plain thread waiting on a condition is scheduled by the system alone, so a timeout
/// fires on time whatever the queues are doing.
package final class TimeoutScheduler: @unchecked Sendable {
    // @unchecked: every stored property below is guarded by `condition`.

    /// The one scheduler every transport shares; its thread starts with the first timeout.
    package static let shared = TimeoutScheduler()

    /// A scheduled timeout, to cancel it.
    package struct Token: Sendable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        let deadline: Date
        let id: UInt64
        let work: @Sendable () -> Void
    }

    private let condition = NSCondition()
    private var entries: [Entry] = []  // sorted by deadline
    private var nextID: UInt64 = 0
    private var started = false
    /// When the thread will look at the entries next on its own: the deadline it waits for, or
    /// `distantFuture` while it waits for a first entry. A new entry due no sooner needs no signal.
    private var wakesAt = Date.distantFuture

    /// Runs `work` on the scheduler's thread once `delay` has passed, unless cancelled first.
    package func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> Token {
        condition.lock()
        defer { condition.unlock() }
        nextID += 1
        let entry = Entry(deadline: Date(timeIntervalSinceNow: delay.timeInterval), id: nextID, work: work)
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
        if entry.deadline < wakesAt {
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
                wakesAt = .distantFuture
                condition.wait()
            }
            let first = entries[0]
            guard first.deadline <= Date() else {
                wakesAt = first.deadline
                _ = condition.wait(until: first.deadline)
                condition.unlock()
                continue
            }
            entries.removeFirst()
            condition.unlock()
            first.work()
        }
    }
}
