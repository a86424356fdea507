import Courier
import CourierTestServer
import Dispatch
import Foundation
import Testing

@Suite("Delegates and completion handlers for calls, batches and chains")
struct CallDelegateTests {
    /// Records every callback as a line, and signals when the outcome arrives.
    final class RecordingDelegate: CallDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        private var ended: [CheckedContinuation<Void, Never>] = []
        private var isEnded = false

        /// Every callback but progress.
        var events: [String] {
            everything.filter { !$0.contains(": progress ") }
        }

        /// Every callback.
        var everything: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }

        func call(_ call: DelegatedCall, didSucceedWith value: some Sendable) async {
            record("\(call.tag): success \(value)", ends: true)
        }

        func call(_ call: DelegatedCall, didFailWith error: any Error) async {
            record("\(call.tag): failure \(error is CancellationError ? "cancelled" : String(describing: type(of: error)))", ends: true)
        }

        func call(_ call: DelegatedCall, member: CallGroupMembership, didFinishWith result: Result<any Sendable, any Error>) async {
            let outcome = (try? result.get()).map { "\($0)" } ?? "failed"
            record("\(call.tag): member \(member.innermost.position) \(outcome)")
        }

        func call(_ call: DelegatedCall, member: CallGroupMembership?, didProgress progress: TransferProgress) async {
            record("\(call.tag): progress \(progress.direction) \(progress.completedBytes)/\(progress.totalBytes ?? -1)")
        }

        /// Waits for the outcome.
        func outcome() async {
            await withCheckedContinuation { continuation in
                lock.lock()
                if isEnded {
                    lock.unlock()
                    continuation.resume()
                } else {
                    ended.append(continuation)
                    lock.unlock()
                }
            }
        }

        private func record(_ line: String, ends: Bool = false) {
            lock.lock()
            lines.append(line)
            var waiting: [CheckedContinuation<Void, Never>] = []
            if ends {
                isEnded = true
                swap(&waiting, &ended)
            }
            lock.unlock()
            for continuation in waiting { continuation.resume() }
        }
    }

    /// A delegate isolated to the main actor, as UI code is.
    @MainActor final class ScreenDelegate: CallDelegate {
        /// Whether each callback ran on the main queue (on Linux the main thread hands the main
        /// queue to a worker once tests start, so the queue is what to check, not the thread).
        var onMainThread: [Bool] = []
        var values: [String] = []

        func call(_ call: DelegatedCall, didSucceedWith value: some Sendable) async {
            onMainThread.append(Self.onMainQueue)
            values.append("\(value)")
        }

        func call(_ call: DelegatedCall, didFailWith error: any Error) async {
            onMainThread.append(Self.onMainQueue)
            values.append("failed")
        }

        /// Marks the main queue, so a callback can tell it runs there.
        nonisolated static let mainQueueMark = DispatchSpecificKey<Bool>()

        static var onMainQueue: Bool { DispatchQueue.getSpecific(key: mainQueueMark) == true }
    }

    static func routes(_ server: TestServer) {
        server.route(.get, "/n/{n}") { request in .json(request.pathParameters["n"] ?? "0") }
        server.route(.get, "/bad") { _ in .text("no", status: 500) }
        server.route(.get, "/stall") { _ in .stall }
        server.route(.put, "/upload") { _ in .status(204) }
    }

    static func number(_ n: Int) -> Request<Int> { Request(method: .get, path: "/n/\(n)", name: "n\(n)") }

    @Test("a single call: the delegate hears the value under the call's tag")
    func singleCall() async throws {
        try await withLoopback(routes: Self.routes) { _, client in
            let delegate = RecordingDelegate()
            let call = client.run(Self.number(5), tag: "five", delegate: delegate)
            #expect(call.tag == "five")
            await delegate.outcome()
            #expect(delegate.events == ["five: success 5"])
        }
    }

    @Test("a batch: each member as it ends, then the whole, in that order")
    func batchOrder() async throws {
        try await withLoopback(routes: Self.routes) { _, client in
            let delegate = RecordingDelegate()
            client.run(Batch(Self.number(1), Self.number(2)), tag: "pair", delegate: delegate)
            await delegate.outcome()
            let events = delegate.events
            #expect(events.count == 3)
            #expect(Set(events.prefix(2)) == ["pair: member 0 1", "pair: member 1 2"])
            #expect(events.last == "pair: success (1, 2)")
        }
    }

    @Test("a chain failing at its second step: the first step, the failing one, then the failure")
    func chainFailure() async throws {
        try await withLoopback(routes: Self.routes) { server, client in
            let delegate = RecordingDelegate()
            let chain = Self.number(1).chain()
                .then { _ in Request<Int>(method: .get, path: "/bad") }
                .then { _, _ in Self.number(3) }
            client.run(chain, tag: "steps", delegate: delegate)
            await delegate.outcome()
            #expect(delegate.events == ["steps: member 0 1", "steps: member 1 failed", "steps: failure CallGroupFailure"])
            #expect(server.requests.map(\.path) == ["/n/1", "/bad"])
        }
    }

    @Test("upload progress reaches the delegate before the outcome")
    func progressBeforeOutcome() async throws {
        try await withLoopback(routes: Self.routes) { _, client in
            let delegate = RecordingDelegate()
            var upload = Request<Void>(method: .put, path: "/upload")
            upload.body = .data(Data(count: 256 * 1024), contentType: "application/octet-stream")
            client.run(upload, tag: "up", delegate: delegate)
            await delegate.outcome()
            let events = delegate.everything
            #expect(events.last == "up: success ()")
            #expect(events.contains("up: progress upload 262144/262144"))
            #expect(events.dropLast().allSatisfy { $0.hasPrefix("up: progress") })
        }
    }

    @Test("cancelling through the handle: the server sees the call go and the delegate hears the cancellation")
    func cancelThroughHandle() async throws {
        try await withLoopback(routes: Self.routes) { server, client in
            let delegate = RecordingDelegate()
            let call = client.run(Request<Int>(method: .get, path: "/stall"), tag: "stuck", delegate: delegate)
            try await waitUntil { server.requests.count == 1 }
            call.cancel()
            await delegate.outcome()
            #expect(delegate.events == ["stuck: failure cancelled"])
            try await waitUntil { server.hangUps.count == 1 }
        }
    }

    @Test("the delegate is held weakly: once released it is not called, and nothing keeps it alive")
    func heldWeakly() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: { server in
            server.route(.get, "/later") { _ in .json("1").delayed(by: .milliseconds(200)) }
        }, wares: [probe]) { server, client in
            let heard = Recorder<String>()
            weak var released: ReleasedDelegate?
            do {
                let delegate = ReleasedDelegate(heard: heard)
                released = delegate
                client.run(Request<Int>(method: .get, path: "/later"), tag: "later", delegate: delegate)
            }
            #expect(released == nil)
            try await waitUntil { server.requests.count == 1 && probe.calls.count == 1 && probe.inFlight == 0 }
            // The call has ended; give its delivery the time it would have needed to call.
            try await Task.sleep(for: .milliseconds(200))
            #expect(heard.all.isEmpty)
        }
    }

    final class ReleasedDelegate: CallDelegate, Sendable {
        let heard: Recorder<String>
        init(heard: Recorder<String>) { self.heard = heard }
        func call(_ call: DelegatedCall, didSucceedWith value: some Sendable) async { heard.append("success") }
        func call(_ call: DelegatedCall, didFailWith error: any Error) async { heard.append("failure") }
    }

    @Test("a main-actor delegate is called on the main actor")
    func mainActorDelegate() async throws {
        try await withLoopback(routes: Self.routes) { _, client in
            DispatchQueue.main.setSpecific(key: ScreenDelegate.mainQueueMark, value: true)
            let screen = await MainActor.run { ScreenDelegate() }
            client.run(Self.number(3), tag: "three", delegate: screen)
            client.run(Request<Int>(method: .get, path: "/bad"), tag: "bad", delegate: screen)
            let deadline = ContinuousClock.now + promptly
            while await screen.values.count < 2, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(await Set(screen.values) == ["3", "failed"])
            #expect(await screen.onMainThread == [true, true])
        }
    }

    @Test("completion handlers run batches and chains too, and cancel through their handle")
    func completionHandlers() async throws {
        try await withLoopback(routes: Self.routes) { server, client in
            let pair: Result<(Int, Int), any Error> = await withCheckedContinuation { continuation in
                client.run(Batch(Self.number(1), Self.number(2))) { continuation.resume(returning: $0) }
            }
            let (one, two) = try pair.get()
            #expect(one == 1 && two == 2)
            let stuck: Result<Int, any Error> = await withCheckedContinuation { continuation in
                let handle = client.send(Request<Int>(method: .get, path: "/stall")) { continuation.resume(returning: $0) }
                Task {
                    try await waitUntil { server.requests.contains { $0.path == "/stall" } }
                    handle.cancel()
                }
            }
            #expect(throws: CancellationError.self) { try stuck.get() }
        }
    }
}
