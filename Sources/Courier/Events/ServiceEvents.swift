/// One subscription to the events a client's wares publish, made by ``Client/events()``: it
/// receives every event published from that call on, in order, however late its iteration
/// starts. Subscribe first, then start the task that listens:
///
/// ```swift
/// let events = client.events()          // subscribed here: nothing published from now on is missed
/// Task {
///     for await event in events { handle(event) }
/// }
/// ```
///
/// It is one consumer's subscription, with one buffer: every event is handed out once. Iterating
/// it again after leaving a loop (`break`) continues where that loop stopped, nothing lost in
/// between; iterating it from two tasks at once is safe but splits the events between them, each
/// event reaching one of them. Listeners that each want every event call ``Client/events()``
/// once each.
///
/// Events not yet read are buffered: the newest 256, older ones are dropped. Iteration ends when
/// the client is gone or the iterating task is cancelled; the subscription ends when this value
/// and its iterators are gone (a cancelled task's iteration ends it too).
public struct ServiceEvents: AsyncSequence, Sendable {
    /// Each element is one published event.
    public typealias Element = any ServiceEvent

    /// The subscriber's stream, subscribed when this value was made.
    private let stream: AsyncStream<any ServiceEvent>

    /// Subscribes to `hub` now.
    init(hub: EventHub) {
        stream = hub.subscribe()
    }

    /// An iterator over the subscription: what was published since ``Client/events()`` and not
    /// yet read, then what is published later.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: stream.makeAsyncIterator())
    }

    /// Reads the subscription's events.
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
    private let observers: [any Ware]

    /// A hub that also tells `observers` of every event.
    init(observers: [any Ware] = []) {
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
