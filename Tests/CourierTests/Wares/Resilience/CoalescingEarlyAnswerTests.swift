import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Coalescing keeps what each caller asked of the cache")
struct CoalescingEarlyAnswerTests {
    @Test("updates(for:) gets the stored answer at once even while a twin's send is on the network")
    func earlyAnswerWhileATwinIsInFlight() async throws {
        let gate = DispatchSemaphore(value: 0)
        let holding = Locked(false)
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in
                if holding.withLock({ $0 }) { _ = gate.wait(timeout: .now() + 20) }
                return .json(#"{"count":3}"#)
            } },
            wares: [Coalescing(), HTTPCache()]
        ) { server, client in
            var request = Request<[String: Int]>(method: .get, path: "/pets", name: "listPets")
            request.cachePolicy = CachePolicy(.localThenRemote, timeToLive: .seconds(60))
            _ = try await client.send(request)
            holding.withLock { $0 = true }
            let twin = request
            let sender = Task { try await client.send(twin) }
            try await waitUntil { server.requestCount == 2 }
            let sources = Locked<[ResponseSource]>([])
            let watcher = Task {
                for try await response in client.updates(for: twin) { sources.withLock { $0.append(response.source) } }
            }
            let early = await waitFor(seconds: 10) { sources.withLock { $0.first } }
            gate.signal()
            gate.signal()
            _ = try await sender.value
            _ = try await watcher.value
            guard case .cache? = early else {
                Issue.record("no stored answer before the network's: \(sources.withLock { $0 })")
                return
            }
        }
    }

    /// `condition`'s first non-nil value, checked every 10 ms for up to `seconds`.
    private func waitFor<Value>(seconds: Int, _ condition: () -> Value?) async -> Value? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if let value = condition() { return value }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
