/// The events a client's wares publish, as an `AsyncSequence` any number of tasks can iterate
/// at once: each iteration is a subscriber of its own, and receives every event published
/// after it began (after `makeAsyncIterator()`), in order.
///
/// A subscriber that falls behind keeps the newest 256 events and drops older ones. Iteration
/// ends when the client is gone or the iterating task is cancelled.
///
/// ```swift
/// Task {
///     for await event in client.events { handle(event) }
/// }
/// ```
public struct ServiceEvents: AsyncSequence, Sendable {
    /// Each element is one published event.
    public typealias Element = any ServiceEvent

    let hub: EventHub

    /// Subscribes, and returns the iterator that receives what is published from now on.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: hub.subscribe().makeAsyncIterator())
    }

    /// Receives one subscriber's events.
    public struct Iterator: AsyncIteratorProtocol {
        var stream: AsyncStream<any ServiceEvent>.Iterator

        /// The next event, or `nil` when the client is gone or the task was cancelled.
        public mutating func next() async -> (any ServiceEvent)? {
            await stream.next()
        }
    }
}

/// Fans published events out to the current subscribers.
final class EventHub: Sendable {
    private struct State {
        var nextID = 0
        var subscribers: [Int: AsyncStream<any ServiceEvent>.Continuation] = [:]
    }

    private let state = Locked(State())
    /// Client-wide wares that hear every event.
    private let observers: [any EventObservingWare]

    /// A hub that also tells `observers` of every event.
    init(observers: [any EventObservingWare] = []) {
        self.observers = observers
    }

    /// The number of current subscribers.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// A new subscriber's stream; it unsubscribes when the stream ends or is dropped.
    func subscribe() -> AsyncStream<any ServiceEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: (any ServiceEvent).self, bufferingPolicy: .bufferingNewest(256))
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

    /// Sends `event` to every current subscriber.
    func publish(_ event: any ServiceEvent) {
        for observer in observers { observer.observe(event) }
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber.yield(event) }
    }

    deinit {
        let subscribers = state.withLock { $0.subscribers.values }
        for subscriber in subscribers { subscriber.finish() }
    }
}
