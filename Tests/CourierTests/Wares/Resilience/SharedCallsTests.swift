@testable import Courier
import Foundation
import Testing

@Suite("SharedCalls: a joiner never inherits a cancellation that was not its own")
struct SharedCallsTests {
    @Test("a caller joining while the last waiter leaves gets the value, never the abandoned call's CancellationError")
    func joinWhileTheLastWaiterLeaves() async throws {
        let calls = SharedCalls<Int, Int>()
        var cancelledJoiners = 0
        for round in 0..<3_000 {
            let leaving = Task { try await calls.join(round) { try await Task.sleep(for: .milliseconds(1)); return round } }
            await Task.yield()
            let joining = Task { try await calls.join(round) { try await Task.sleep(for: .milliseconds(1)); return round } }
            leaving.cancel()
            switch await joining.result {
            case .success(let (value, _)):
                #expect(value == round)
            case .failure(let error):
                if error is CancellationError { cancelledJoiners += 1 } else { Issue.record("\(error)") }
            }
            _ = await leaving.result
        }
        #expect(cancelledJoiners == 0, "joiners that were never cancelled got CancellationError")
        #expect(calls.count == 0)
    }
}
