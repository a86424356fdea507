import Foundation

/// One event of a `text/event-stream` body (Server-Sent Events), as the WHATWG HTML standard's
/// "interpreting an event stream" rules dispatch it.
///
/// ```swift
/// for try await event in body.serverSentEvents() {
///     if event.event == "price" { print(event.data) }
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's data: its `data` lines joined with `"\n"` (an empty string when its only
    /// `data` line was empty).
    public var data: String
    /// The event's type from its `event` field; `nil` when it named none (or an empty one), which
    /// the standard calls the default type, `message`. An explicit `event: message` is kept as
    /// `"message"`.
    public var event: String?
    /// The stream's last event ID when the event was dispatched: the value of the latest `id`
    /// field so far, in this event or an earlier one (IDs carry over from event to event); `nil`
    /// when there was none, or the latest was empty (which the standard treats as no ID).
    public var id: String?
    /// The reconnection time the event's own `retry` field asked for, `nil` when it had none.
    /// The stream's current reconnection time, including one from a block without data, is
    /// ``ServerSentEventParser/reconnectionTime``.
    public var retry: Duration?

    /// An event with these fields.
    public init(data: String, event: String? = nil, id: String? = nil, retry: Duration? = nil) {
        self.data = data
        self.event = event
        self.id = id
        self.retry = retry
    }
}
