/// An endpoint's streamed response (`stream:` in a spec): the facade method returns the runtime's
/// stream of typed elements instead of one decoded value.
///
/// Template keys, inside `{{#stream}}` (the endpoint's keys stay visible): `format` and
/// `clientMethod` (both the `Client` method opening the stream: `serverSentEvents`, `jsonLines`,
/// `jsonTextSequence`), `isEvents`, `isLines`, `isSequence`, `connects`, `streamType`,
/// `elementType`, `terminatorLiteral`, `reconnects`, `idleTimeout`, `maximumElementSize`,
/// `eventUnion`.
public struct StreamRender: Sendable, Hashable {
    /// The stream's format.
    public var format: Format
    /// What the facade method returns, qualified (`ServerSentEventStream<Chat.ChatChunk>`,
    /// `JSONLines<IdleLimitedChunks, Chat.LogEntry>`).
    public var streamType: String
    /// The type of one element's value, qualified (`Chat.ChatChunk`, or the event union); the
    /// `Client` call decodes it (`of: Chat.ChatChunk.self`) unless an event union decodes it.
    public var elementType: String
    /// The data that ends a server-sent event stream (`[DONE]`), as a string literal, if the spec
    /// sets one.
    public var terminatorLiteral: [String] = []
    /// Whether a server-sent event stream reconnects after the connection drops (the runtime's
    /// default); `false` passes `reconnection: .disabled`.
    public var reconnects = true
    /// How long the body may stay silent before the stream fails, as a `Duration` literal
    /// (`.seconds(60)`), if the spec sets it.
    public var idleTimeout: [String] = []
    /// The largest element in bytes, if the spec sets it (the runtime's label follows the format:
    /// `maximumEventSize`, `maximumLineSize`, `maximumRecordSize`).
    public var maximumElementSize: [Int] = []
    /// The enum the events decode into by their name, when the spec maps event names to types.
    public var eventUnion: [EventUnionRender]

    /// Whether the method connects before returning (`async throws`: JSON Lines and sequences);
    /// server-sent events connect when the iteration starts.
    public var connects: Bool { format != .serverSentEvents }

    /// How the body is cut into elements, named as the `Client` method opening such a stream.
    public enum Format: String, Sendable, Hashable {
        /// Server-Sent Events.
        case serverSentEvents
        /// JSON Lines.
        case jsonLines
        /// A JSON text sequence.
        case jsonTextSequence
    }

    /// Creates a stream; the options start at the runtime's defaults.
    public init(format: Format, streamType: String, elementType: String, eventUnion: [EventUnionRender] = []) {
        self.format = format
        self.streamType = streamType
        self.elementType = elementType
        self.eventUnion = eventUnion
    }
}

/// The enum a stream's server-sent events decode into by event name (`<Endpoint>Event`): one case
/// per name the spec lists, and `unknown(event:data:)` for the others.
///
/// Template keys: `typeName`, `endpointName`, `cases`, `source`.
public struct EventUnionRender: Sendable, Hashable {
    /// The enum's name inside the namespace (`RoomEventsEvent`).
    public var typeName: String
    /// The endpoint's function name without backticks, for doc comments.
    public var endpointName: String
    /// The cases in spec order.
    public var cases: [EventCaseRender]

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates an event union.
    public init(typeName: String, endpointName: String, cases: [EventCaseRender]) {
        self.typeName = typeName
        self.endpointName = endpointName
        self.cases = cases
    }
}

/// One case of an event union.
///
/// Template keys: `name`, `type`, `eventLiteral`, `eventName`, `isMessage`, `source`.
public struct EventCaseRender: Sendable, Hashable {
    /// The case name (`joined`).
    public var name: String
    /// The type its data decodes to, inside the namespace.
    public var type: String
    /// The SSE event name as a string literal (`"joined"`).
    public var eventLiteral: String
    /// The SSE event name for documentation, inside backticks (a backtick in it becomes `'`, a
    /// line break a space).
    public var eventName: String

    /// Whether this is the `message` event, which also takes events without an `event:` field.
    public var isMessage: Bool { eventName == "message" }

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a case.
    public init(name: String, type: String, eventLiteral: String, eventName: String) {
        self.name = name
        self.type = type
        self.eventLiteral = eventLiteral
        self.eventName = eventName
    }
}
