// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import AsyncHTTPClient
import Courier
@testable import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
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

// A caller running on one of the loops (a task on the transport's executor) is sent there, so
// that its body is handed over on its own thread.
@Suite("A caller on an event loop")
struct LoopChoiceCallerTests {
    @Test("a caller on one of the loops gets that loop, whatever the counts say; others get the least busy")
    func callerOnALoop() async throws {
        let group = HTTPClient.defaultEventLoopGroup
        let choice = LoopChoice(group: group)
        let loops = Array(group.makeIterator())
        for loop in loops + loops {
            let taken = try await loop.submit { choice.take() }.get()
            #expect(taken.loop === loop)
        }
        // Two calls in flight on each loop now: one from off every loop goes where `next()` says.
        let expected = choice.next()
        let taken = choice.take()
        #expect(taken.loop === expected)
        #expect(choice.inFlight.reduce(0, +) == 2 * loops.count + 1)
    }
}

// The choice is only as good as its counts: a call that kept its loop after it ended would make
// the loop look busy for good, and send every later call to another loop than its connection's.
@Suite("AsyncHTTPClientTransport gives every call's event loop back")
struct LoopChoiceTransportTests {
    @Test("answered, timed out, cancelled, dropped and truncated calls, at once, all give their loop back")
    func everyEndGivesTheLoopBack() async throws {
        let server = try TestServer()
        server.route(.get, "/ok") { _ in .json("{}") }
        server.route(.get, "/slow") { _ in TestServer.Response.json("{}").delayed(by: .seconds(5)) }
        server.route(.get, "/drop") { _ in .closeWithoutResponse }
        server.route(.get, "/short") { _ in .truncated(body: Data(#"{"a""#.utf8), declaredLength: 100) }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        @Sendable func send(_ path: String, timeout: Duration? = nil) async -> String {
            var request = Request<Data>(method: .get, path: path)
            if let timeout { request.timeout = timeout }
            do {
                _ = try await client.send(request)
                return "answered"
            } catch is CancellationError {
                return "cancelled"
            } catch is CourierError {
                return "failed"
            } catch {
                return "other: \(error)"
            }
        }
        let counts = await withTaskGroup(of: String.self) { group -> [String: Int] in
            for _ in 0..<5 {
                group.addTask { await send("/ok") }
                group.addTask { await send("/slow", timeout: .milliseconds(300)) }
                group.addTask { await send("/drop") }
                group.addTask { await send("/short") }
            }
            let cancelled = Task { await send("/slow") }
            try? await Task.sleep(for: .milliseconds(100))
            cancelled.cancel()
            var counts = [await cancelled.value: 1]
            for await outcome in group { counts[outcome, default: 0] += 1 }
            return counts
        }
        #expect(counts["answered"] == 5)
        #expect(counts["failed"] == 15)
        #expect(counts["cancelled"] == 1)
        // Given back before each caller resumed, so nothing is in flight now.
        #expect(transport.loops.inFlight.allSatisfy { $0 == 0 }, "in flight after every call ended: \(transport.loops.inFlight)")
        try await transport.shutdown()
    }
}
#endif
