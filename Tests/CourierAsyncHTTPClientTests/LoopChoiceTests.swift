// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
@testable import CourierAsyncHTTPClient
import Testing

// The rule that keeps a call's delegate on its connection's event loop. What it saves is measured
// by `transport-probe real-socket` (Benchmarks/real-socket.md), not here.
@Suite("Choosing a call's event loop")
struct LoopChoiceTests {
    @Test("sequential calls stay on one loop: the one taken first")
    func sequentialCallsStay() {
        var choice = LeastBusy(count: 4, start: 2)
        for _ in 0..<10 {
            let index = choice.take()
            #expect(index == 2)
            choice.finished(index)
        }
        #expect(choice.inFlight == [0, 0, 0, 0])
    }

    @Test("calls in flight together spread over every loop, evenly")
    func concurrentCallsSpread() {
        var choice = LeastBusy(count: 3, start: 1)
        let taken = (0..<9).map { _ in choice.take() }
        #expect(taken.first == 1)
        #expect(choice.inFlight == [3, 3, 3])
        // One ends: the next call goes where it ended, the least busy loop.
        choice.finished(taken[4])
        #expect(choice.take() == taken[4])
    }

    @Test("after a burst, a lone caller stays where the last call went")
    func afterABurst() {
        var choice = LeastBusy(count: 2, start: 0)
        let first = choice.take()
        let second = choice.take()
        #expect(first != second)
        choice.finished(first)
        choice.finished(second)
        let next = choice.take()
        #expect(next == second)
        choice.finished(next)
        #expect(choice.take() == second)
    }

    @Test("an index given back twice, or out of range, is ignored")
    func strayIndices() {
        var choice = LeastBusy(count: 2, start: 5)
        #expect(choice.last == 0)
        let index = choice.take()
        choice.finished(index)
        choice.finished(index)
        choice.finished(7)
        #expect(choice.inFlight == [0, 0])
    }
}
#endif
