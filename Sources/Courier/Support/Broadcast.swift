/// Hands every value it is given to each of its current subscribers, each an `AsyncStream` of
/// its own that unsubscribes when it ends or is dropped: the fan-out behind `client.events()` and
/// `ActivityTracker.changes()`.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    }

    private let state = Locked(State())
    private let buffering: Int

    /// A broadcast whose subscribers each keep the newest `buffering` values they have not read.
    init(buffering: Int) {
        self.buffering = buffering
    }

    /// The number of current subscribers.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// A new subscriber's stream of every value given from now on.
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(buffering))
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Gives `value` to every current subscriber.
    func yield(_ value: Element) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(value) }
    }

    deinit {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.finish() }
    }
}
