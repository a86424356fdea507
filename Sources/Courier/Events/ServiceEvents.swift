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

/// Fans published events out to the current subscribers, and tells the observing wares.
final class EventHub: Sendable {
    private let broadcast = Broadcast<any ServiceEvent>(buffering: 256)
    /// Client-wide wares that hear every event.
    private let observers: [any EventObservingWare]

    /// A hub that also tells `observers` of every event.
    init(observers: [any EventObservingWare] = []) {
        self.observers = observers
    }

    /// The number of current subscribers.
    var subscriberCount: Int { broadcast.subscriberCount }

    /// A new subscriber's stream; it unsubscribes when the stream ends or is dropped.
    func subscribe() -> AsyncStream<any ServiceEvent> {
        broadcast.subscribe()
    }

    /// Tells the observers, then sends `event` to every current subscriber.
    func publish(_ event: any ServiceEvent) {
        for observer in observers { observer.observe(event) }
        broadcast.yield(event)
    }
}
