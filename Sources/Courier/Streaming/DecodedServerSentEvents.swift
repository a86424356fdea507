import Foundation

/// The server-sent events of a `text/event-stream` body with their data decoded into a `Value`:
/// JSON into a model, or anything a closure makes of the event's name and data bytes.
///
/// Make one with ``HTTPBody/serverSentEvents(of:decoder:terminator:maximumEventSize:)`` or the same
/// method on any sequence of byte chunks. Chunks are taken from the body only as events are asked
/// for. The sequence ends at the end of the body, or cleanly at an event whose data is the
/// terminator (such as `[DONE]`), after which nothing more is read.
///
/// ```swift
/// for try await chunk in body.serverSentEvents(of: ChatChunk.self, terminator: "[DONE]") {
///     print(chunk.value.text, chunk.id ?? "-")
/// }
/// ```
///
/// An event whose data does not decode throws ``StreamFailure/undecodableElement(_:)`` naming its
/// position and ends the sequence, as do an event larger than the limit
/// (``StreamFailure/elementTooLarge(limit:at:)``) and an error of the body.
public struct DecodedServerSentEvents<Base: AsyncSequence, Value>: AsyncSequence where Base.Element: DataProtocol {
    /// Each element is one event, decoded.
    public typealias Element = DecodedServerSentEvent<Value>

    @usableFromInline let base: Base
    @usableFromInline let maximumEventSize: Int
    @usableFromInline let terminator: Data?
    @usableFromInline let decode: @Sendable (_ event: String?, _ data: Data) throws -> Value?

    /// The events of the body whose chunks `base` produces, each decoded by `decode`.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - terminator: Data that ends the sequence cleanly (compared with its UTF-8, spaces and
    ///     tabs around either left out),
    ///     such as `[DONE]`; `nil` for none.
    ///   - maximumEventSize: The most bytes one event may hold.
    ///   - decode: Makes a value of an event's type (`nil` for `message`) and data; returning `nil`
    ///     skips the event (a heartbeat, a type the caller does not know). What it throws becomes
    ///     ``StreamFailure/undecodableElement(_:)``. The data is often a slice of a larger buffer
    ///     (the event is not copied): index it from its `startIndex`.
    public init(
        _ base: Base, terminator: String? = nil, maximumEventSize: Int = StreamLimits.defaultMaximumElementSize,
        decode: @escaping @Sendable (_ event: String?, _ data: Data) throws -> Value?
    ) {
        self.base = base
        self.maximumEventSize = maximumEventSize
        self.terminator = terminator.map { Data($0.utf8) }
        self.decode = decode
    }

    /// Starts reading the body.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            reader: FrameReader(base.makeAsyncIterator(), framer: ServerSentEventParser(maximumEventSize: maximumEventSize)),
            terminator: terminator, decode: decode)
    }

    /// Reads one body's events.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var reader: FrameReader<Base.AsyncIterator, ServerSentEventParser>
        @usableFromInline let terminator: Data?
        @usableFromInline let decode: @Sendable (_ event: String?, _ data: Data) throws -> Value?
        @usableFromInline var done = false

        @usableFromInline
        init(
            reader: FrameReader<Base.AsyncIterator, ServerSentEventParser>, terminator: Data?,
            decode: @escaping @Sendable (_ event: String?, _ data: Data) throws -> Value?
        ) {
            self.reader = reader
            self.terminator = terminator
            self.decode = decode
        }

        /// The ID of the last event dispatched so far (``ServerSentEventParser/lastEventID``).
        public var lastEventID: String? { reader.framer.lastEventID }
        /// The reconnection time the stream last asked for
        /// (``ServerSentEventParser/reconnectionTime``).
        public var reconnectionTime: Duration? { reader.framer.reconnectionTime }

        /// The next decoded event, or `nil` at the end of the body or at the terminator.
        @inlinable
        public mutating func next() async throws -> DecodedServerSentEvent<Value>? {
            while !done {
                let frame: ServerSentEventParser.Frame?
                do {
                    frame = try await reader.next()
                } catch {
                    end()
                    throw error
                }
                guard let frame else {
                    done = true
                    return nil
                }
                if let terminator, StreamTerminator.matches(frame.data, terminator) {
                    end()
                    return nil
                }
                let value: Value?
                do {
                    value = try decode(frame.event, frame.data)
                } catch {
                    end()
                    throw ElementDecoding.failure(error, type: Value.self, data: frame.data, position: frame.position)
                }
                if let value { return DecodedServerSentEvent(value: value, event: frame.event, id: frame.id, retry: frame.retry) }
            }
            return nil
        }

        /// Ends the sequence and lets the body go.
        @inlinable
        mutating func end() {
            done = true
            reader.stop()
        }
    }
}

extension DecodedServerSentEvents where Value: Decodable & Sendable {
    /// The events of the body whose chunks `base` produces, each one's data decoded as JSON.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - type: The type of each event's data.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - terminator: Data that ends the sequence cleanly, such as `[DONE]` (spaces and tabs around
    ///     it aside); `nil` for none.
    ///   - maximumEventSize: The most bytes one event may hold.
    public init(
        _ base: Base, of type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder(), terminator: String? = nil,
        maximumEventSize: Int = StreamLimits.defaultMaximumElementSize
    ) {
        self.init(base, terminator: terminator, maximumEventSize: maximumEventSize) { _, data in
            try ElementDecoding.json(Value.self, from: data, decoder: decoder)
        }
    }
}

extension DecodedServerSentEvents: Sendable where Base: Sendable {}
