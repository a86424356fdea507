import Courier
import CourierTesting
import Foundation
import Testing

@Suite("ManualClock: time moves only when the test says")
struct ManualClockTests {
    @Test("sleepers wake in deadline order when the clock reaches them, not before")
    func wakesInOrder() async throws {
        let clock = ManualClock()
        let woke = Locked()
        let sleepers = [3, 1, 2].map { seconds in
            Task {
                try await clock.sleep(for: .seconds(seconds))
                woke.append(seconds)
            }
        }
        #expect(await clock.waitForSleepers(3))
        clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 3)
        clock.advance(by: .milliseconds(1))
        try await sleepers[1].value
        #expect(woke.all == [1])
        clock.advance(by: .seconds(5))
        for sleeper in sleepers { try await sleeper.value }
        #expect(Set(woke.all) == [1, 2, 3])
        #expect(clock.now.offset == .seconds(6))
        #expect(clock.sleepsStarted == 3)
    }

    @Test("a deadline already passed returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(10))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test("cancelling a sleeper throws CancellationError at once and removes it; cancelling before it sleeps too")
    func cancellation() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        #expect(await clock.waitForSleepers(1))
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)

        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("its wall clock starts at the epoch and moves with it")
    func wallClock() {
        let clock = ManualClock(epoch: Date(timeIntervalSince1970: 100))
        let wall = clock.wallClock
        #expect(wall.now == Date(timeIntervalSince1970: 100))
        clock.advance(by: .milliseconds(2500))
        #expect(wall.now == Date(timeIntervalSince1970: 102.5))
    }

    @Test("seeded randomness repeats; jitter stays within its bound")
    func seededRandom() {
        let a = RandomSource.seeded(1)
        let b = RandomSource.seeded(1)
        let draws = (0..<100).map { _ in a.duration(upTo: .seconds(4)) }
        #expect(draws == (0..<100).map { _ in b.duration(upTo: .seconds(4)) })
        #expect(draws.allSatisfy { $0 >= .zero && $0 <= .seconds(4) })
        #expect(Set(draws).count > 90)
        #expect(RandomSource.seeded(2).next() != RandomSource.seeded(1).next())
        #expect(a.duration(upTo: .zero) == .zero)
    }
}

/// A list tasks append to.
private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []

    func append(_ item: Int) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    var all: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
