// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import NIOCore

/// Which event loop runs a call's delegate: the loop with the fewest of this transport's calls in
/// flight, and among equals the loop used last.
///
/// Why it matters: AsyncHTTPClient's delegate API runs the delegate on the loop it is given, and
/// hops every callback over when the connection it gets lives on another loop, which costs a
/// thread wake-up each way. Left to itself (`.indifferent`) it hands out loops in turn, so
/// sequential calls on one kept-alive connection hopped every other call: about +45 µs of CPU
/// per call (`transport-probe real-socket`). Staying on the last loop keeps sequential calls with
/// their connection (AsyncHTTPClient prefers an idle connection on the delegate's loop, and opens
/// new ones there); spreading the calls in flight keeps concurrent ones on every loop.
final class LoopChoice: Sendable {
    private let loops: [any EventLoop]
    private let state: Locked<LeastBusy>

    /// Chooses among `group`'s loops, starting with the one `group` hands out next (so that two
    /// transports on one group start on different loops).
    init(group: any EventLoopGroup) {
        let first = group.next()
        let loops = Array(group.makeIterator())
        self.loops = loops.isEmpty ? [first] : loops
        let start = self.loops.firstIndex { $0 === first } ?? 0
        self.state = Locked(LeastBusy(count: self.loops.count, start: start))
    }

    /// The loop for a new call, counted in flight until ``finished(_:)`` gets its index: the
    /// loop the caller runs on when it is one of these (a task on an ``EventLoopTaskExecutor``),
    /// so that its body is handed over on that thread. `alone`: no other call of this transport
    /// was in flight on it.
    func take() -> (loop: any EventLoop, index: Int, alone: Bool) {
        let current = loops.firstIndex { $0.inEventLoop }
        let (index, alone) = state.withLock { state in
            let index = current ?? state.peek()
            let alone = state.inFlight[index] == 0
            state.take(index)
            return (index, alone)
        }
        return (loops[index], index, alone)
    }

    /// The loop an ``EventLoopTaskExecutor`` should run on: the one the next call would take.
    func next() -> any EventLoop {
        loops[state.withLock { $0.peek() }]
    }

    /// The call that ``take()`` gave `index` has ended.
    func finished(_ index: Int) {
        state.withLock { $0.finished(index) }
    }

    /// How many calls each loop has in flight now.
    var inFlight: [Int] { state.withLock { $0.inFlight } }
}

/// The rule ``LoopChoice`` follows, over indices: the fewest in flight, and among equals the last
/// one taken.
struct LeastBusy {
    private(set) var inFlight: [Int]
    private(set) var last: Int

    /// `count` choices (at least one), the first taken being `start`.
    init(count: Int, start: Int) {
        self.inFlight = Array(repeating: 0, count: max(1, count))
        self.last = inFlight.indices.contains(start) ? start : 0
    }

    /// The index for a new call, counted in flight until ``finished(_:)``.
    mutating func take() -> Int {
        let best = peek()
        take(best)
        return best
    }

    /// The index ``take()`` would give now.
    func peek() -> Int {
        var best = last
        for index in inFlight.indices where inFlight[index] < inFlight[best] { best = index }
        return best
    }

    /// Counts a call on `index`, chosen by the caller.
    mutating func take(_ index: Int) {
        guard inFlight.indices.contains(index) else { return }
        inFlight[index] += 1
        last = index
    }

    /// The call given `index` has ended.
    mutating func finished(_ index: Int) {
        guard inFlight.indices.contains(index), inFlight[index] > 0 else { return }
        inFlight[index] -= 1
    }
}
#endif
