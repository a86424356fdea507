@testable import Courier
import Foundation
import Testing

@Suite("withDeadline")
struct DeadlineTests {
    @Test("returns the operation's value when it finishes in time")
    func value() async throws {
        let value = try await withDeadline(.seconds(30)) { 42 }
        #expect(value == 42)
    }

    @Test("ends at the timeout with timedOut, and cancels an operation that ignores it")
    func timeout() async throws {
        let cancelled = Locked(false)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await withDeadline(.milliseconds(200)) {
                // Ignores cancellation on purpose, as a stuck network read would.
                await withTaskCancellationHandler {
                    try? await Task.sleep(for: .seconds(30))
                } onCancel: {
                    cancelled.withLock { $0 = true }
                }
            }
            Issue.record("no timeout")
        } catch let error as CourierError {
            guard case .transport(.timedOut(after: .milliseconds(200))) = error.reason else { Issue.record("\(error)"); return }
        }
        #expect(clock.now - start >= .milliseconds(190))
        #expect(clock.now - start < .seconds(20))
        for _ in 0..<2000 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(cancelled.withLock { $0 })
    }

    @Test("cancelling the caller ends the call with CancellationError")
    func cancellation() async throws {
        let task = Task { try await withDeadline(.seconds(60)) { try await Task.sleep(for: .seconds(60)) } }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("an error the operation throws comes through as it is")
    func error() async {
        struct Broken: Error {}
        await #expect(throws: Broken.self) { try await withDeadline(.seconds(30)) { throw Broken() } }
    }
}
