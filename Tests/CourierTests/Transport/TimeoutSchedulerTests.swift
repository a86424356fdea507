@testable import Courier
import Foundation
import Testing

@Suite("TimeoutScheduler")
struct TimeoutSchedulerTests {
    @Test("timeouts fire in deadline order, whatever order they were scheduled in; a cancelled one never fires")
    func order() async throws {
        let fired = Locked<[String]>([])
        let scheduler = TimeoutScheduler.shared
        _ = scheduler.schedule(after: .milliseconds(300)) { fired.withLock { $0.append("late") } }
        let cancelled = scheduler.schedule(after: .milliseconds(100)) { fired.withLock { $0.append("cancelled") } }
        _ = scheduler.schedule(after: .milliseconds(50)) { fired.withLock { $0.append("early") } }
        scheduler.cancel(cancelled)
        let deadline = ContinuousClock.now + .seconds(30)
        while fired.withLock({ $0.count }) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(100))
        #expect(fired.withLock { $0 } == ["early", "late"])
    }

    @Test("a timeout does not fire before its delay")
    func notEarly() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let firedAt = Locked<ContinuousClock.Instant?>(nil)
        _ = TimeoutScheduler.shared.schedule(after: .milliseconds(200)) { firedAt.withLock { $0 = clock.now } }
        let deadline = start + .seconds(30)
        while firedAt.withLock({ $0 }) == nil, clock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let fired = try #require(firedAt.withLock { $0 })
        #expect(fired - start >= .milliseconds(199))
    }
}
