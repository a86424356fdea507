import Foundation

/// The ``ServerSentEvent``s of a `text/event-stream` body, read from its chunks as they are asked
/// for: a chunk is taken from the body only when the events already read are used up, so a
/// streamed response is read from the network at the consumer's pace.
///
/// Make one with ``HTTPBody/serverSentEvents(maximumEventSize:)`` or, over any sequence of byte
/// chunks, `AsyncSequence.serverSentEvents(maximumEventSize:)`.
///
/// ```swift
/// let body = try await client.send(Request<HTTPBody>(method: .get, path: "/feed"))
/// for try await event in body.serverSentEvents() where event.event == "price" {
///     print(event.data)
/// }
/// ```
///
/// The events follow ``ServerSentEventParser``'s rules. An event larger than `maximumEventSize`
/// throws ``StreamFailure/elementTooLarge(limit:at:)`` and ends the sequence, as does an error of
/// the body itself.
public struct ServerSentEvents<Base: AsyncSequence>: AsyncSequence where Base.Element: DataProtocol {
    /// Each element is one dispatched event.
    public typealias Element = ServerSentEvent

    @usableFromInline let base: Base
    @usableFromInline let maximumEventSize: Int

    /// The events of the body whose chunks `base` produces.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - maximumEventSize: The most bytes one event may hold.
    public init(_ base: Base, maximumEventSize: Int = StreamLimits.defaultMaximumElementSize) {
        self.base = base
        self.maximumEventSize = maximumEventSize
    }

    /// Starts reading the body.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(reader: FrameReader(base.makeAsyncIterator(), framer: ServerSentEventParser(maximumEventSize: maximumEventSize)))
    }

    /// Reads one body's events.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var reader: FrameReader<Base.AsyncIterator, ServerSentEventParser>

        @usableFromInline
        init(reader: FrameReader<Base.AsyncIterator, ServerSentEventParser>) {
            self.reader = reader
        }

        /// The ID of the last event dispatched so far (``ServerSentEventParser/lastEventID``).
        public var lastEventID: String? { reader.framer.lastEventID }
        /// The reconnection time the stream last asked for
        /// (``ServerSentEventParser/reconnectionTime``).
        public var reconnectionTime: Duration? { reader.framer.reconnectionTime }

        /// The next event, or `nil` at the end of the body (an unfinished last event is dropped).
        @inlinable
        public mutating func next() async throws -> ServerSentEvent? {
            try await reader.next()?.serverSentEvent
        }
    }
}

extension ServerSentEvents: Sendable where Base: Sendable {}
