/// An endpoint's streamed response (`stream:` in a spec): the facade method returns the runtime's
/// stream of typed elements instead of one decoded value.
///
/// Template keys, inside `{{#stream}}` (the endpoint's keys stay visible): `clientMethod`,
/// `streamType`, `elementType`, `arguments`, `connects`, `isEvents`, `isLines`, `isSequence`,
/// `eventUnion`.
public struct StreamRender: Sendable, Hashable {
    /// The `Client` method opening the stream: `serverSentEvents`, `jsonLines` or `jsonTextSequence`.
    public var clientMethod: String
    /// What the facade method returns, qualified (`ServerSentEventStream<Chat.ChatChunk>`,
    /// `JSONLines<IdleLimitedChunks, Chat.LogEntry>`).
    public var streamType: String
    /// The type of one element's value, qualified (`Chat.ChatChunk`, or the event union).
    public var elementType: String
    /// The arguments of the `Client` call, the request (`request`) first:
    /// `of: Chat.ChatChunk.self`, `terminator: "[DONE]"`, `reconnection: .disabled`,
    /// `idleTimeout: .seconds(60)`, `maximumEventSize: 65536` (`maximumLineSize`, `maximumRecordSize`).
    /// An event union's decoding closure follows them.
    public var arguments: [String]
    /// Whether the method connects before returning (`async throws`: JSON Lines and sequences);
    /// server-sent events connect when the iteration starts.
    public var connects: Bool
    /// The stream's format.
    public var format: Format
    /// The enum the events decode into by their name, when the spec maps event names to types.
    public var eventUnion: [EventUnionRender]

    /// How the body is cut into elements.
    public enum Format: String, Sendable, Hashable {
        /// Server-Sent Events.
        case events
        /// JSON Lines.
        case lines
        /// A JSON text sequence.
        case sequence
    }

    /// Creates a stream.
    public init(
        clientMethod: String, streamType: String, elementType: String, arguments: [String], connects: Bool, format: Format,
        eventUnion: [EventUnionRender] = []
    ) {
        self.clientMethod = clientMethod
        self.streamType = streamType
        self.elementType = elementType
        self.arguments = arguments
        self.connects = connects
        self.format = format
        self.eventUnion = eventUnion
    }
}

/// The enum a stream's server-sent events decode into by event name (`<Endpoint>Event`): one case
/// per name the spec lists, and `unknown(event:data:)` for the others.
///
/// Template keys: `typeName`, `endpointName`, `unionDocs`, `cases`.
public struct EventUnionRender: Sendable, Hashable {
    /// The enum's name inside the namespace (`RoomEventsEvent`).
    public var typeName: String
    /// The endpoint's function name without backticks, for doc comments.
    public var endpointName: String
    /// `///` lines of the enum.
    public var unionDocs: [String]
    /// The cases in spec order.
    public var cases: [EventCaseRender]

    /// Creates an event union.
    public init(typeName: String, endpointName: String, unionDocs: [String], cases: [EventCaseRender]) {
        self.typeName = typeName
        self.endpointName = endpointName
        self.unionDocs = unionDocs
        self.cases = cases
    }
}

/// One case of an event union.
///
/// Template keys: `name`, `type`, `eventLiteral`, `caseDocs`.
public struct EventCaseRender: Sendable, Hashable {
    /// The case name (`joined`).
    public var name: String
    /// The type its data decodes to, inside the namespace.
    public var type: String
    /// The SSE event name as a string literal (`"joined"`).
    public var eventLiteral: String
    /// `///` lines of the case.
    public var caseDocs: [String]

    /// Creates a case.
    public init(name: String, type: String, eventLiteral: String, caseDocs: [String]) {
        self.name = name
        self.type = type
        self.eventLiteral = eventLiteral
        self.caseDocs = caseDocs
    }
}
