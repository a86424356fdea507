/// A server-sent event whose data was decoded into a `Value`, with the event's other fields.
public struct DecodedServerSentEvent<Value> {
    /// The event's data, decoded.
    public var value: Value
    /// The event's type from its `event` field; `nil` for the default type, `message`
    /// (see ``ServerSentEvent/event``).
    public var event: String?
    /// The stream's last event ID when the event was dispatched (see ``ServerSentEvent/id``).
    public var id: String?
    /// The reconnection time the event's own `retry` field asked for.
    public var retry: Duration?

    /// An event with these fields.
    public init(value: Value, event: String? = nil, id: String? = nil, retry: Duration? = nil) {
        self.value = value
        self.event = event
        self.id = id
        self.retry = retry
    }
}

extension DecodedServerSentEvent: Sendable where Value: Sendable {}
extension DecodedServerSentEvent: Equatable where Value: Equatable {}
extension DecodedServerSentEvent: Hashable where Value: Hashable {}
