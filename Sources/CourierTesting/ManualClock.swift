import Courier
import Foundation

/// A `Clock` that moves only when a test says so, for testing backoff, windows, TTLs and token
/// expiry without sleeping.
///
/// Sleepers wake, in deadline order, when ``advance(by:)`` reaches their deadline; a cancelled
/// sleeper throws `CancellationError` at once. ``wallClock`` is a `WallClock` that moves with
/// it, for wares that read dates.
///
/// ```swift
/// let clock = ManualClock()
/// let client = try Client(service: service, transport: transport, wares: [retry],
///                         clock: clock, wallClock: clock.wallClock)
/// let call = Task { try await client.send(request) }
/// await clock.waitForSleepers(1)          // the retry ware is backing off
/// clock.advance(by: .seconds(2))           // … and now it is not
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point in a manual clock's time: the duration since it was made.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time since the clock was made.
        public var offset: Duration

        /// An instant at `offset`.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders by offset.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        var cancelled: Set<UInt64> = []
        var sleepsStarted = 0
    }

    private let state = Locked(State())
    private let epoch: Date

    /// A clock at offset zero whose ``wallClock`` reads `epoch` then.
    public init(epoch: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        self.epoch = epoch
    }

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// The smallest step this clock takes: any.
    public var minimumResolution: Duration { .zero }

    /// A wall clock that reads `epoch` plus how far this clock has advanced.
    public var wallClock: WallClock {
        WallClock { [self] in epoch.addingTimeInterval(now.offset.timeInterval) }
    }

    /// How many sleeps are waiting for the clock to advance.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// How long each pending sleep still has to go, shortest first: what a ware asked to wait.
    public var pendingWaits: [Duration] {
        state.withLock { state in state.sleepers.map { state.now.duration(to: $0.deadline) }.sorted() }
    }

    /// How many sleeps have started since the clock was made (finished ones included).
    public var sleepsStarted: Int { state.withLock { $0.sleepsStarted } }

    /// Suspends until the clock reaches `deadline`; throws `CancellationError` when the task is
    /// cancelled first. A deadline already reached returns at once.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            state.sleepsStarted += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)  // not registered yet: fail when it registers
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        state.withLock { _ = $0.cancelled.remove(id) }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose deadline it reaches, in
    /// deadline order.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits (on the real clock, polling every millisecond, at most `timeout`) until at least
    /// `count` sleeps are pending, so a test can advance past them; returns whether they are.
    /// The default bound is generous (a minute): it is only reached when something is wrong, and
    /// a loaded CI machine can take seconds to schedule the sleeper.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(60)) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while sleeperCount < count {
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
