/// An endpoint's streamed response (`stream:`): Server-Sent Events, JSON Lines or a JSON text
/// sequence, each element decoded as a model.
///
/// ```yaml
/// stream:
///   events: ChatChunk            # or { message: RoomMessage, joined: RoomJoin } by event name
///   terminator: "[DONE]"
///   reconnect: false
///   idleTimeout: 60s
///   maximumElementSize: 64KB
/// ```
public struct StreamSetting: Sendable {
    /// How the body is cut into elements: the key that names the element type.
    public enum Format: String, Sendable, CaseIterable {
        /// `events:` — `text/event-stream`, each event's `data` one element.
        case events
        /// `lines:` — JSON Lines (NDJSON), one element per line.
        case lines
        /// `sequence:` — a JSON text sequence (RFC 7464, `application/json-seq`).
        case sequence

        /// The media type the stream asks for and its samples are served as.
        public var mediaType: String {
            switch self {
            case .events: "text/event-stream"
            case .lines: "application/jsonl"
            case .sequence: "application/json-seq"
            }
        }
    }

    /// What the elements decode to.
    public enum Elements: Sendable {
        /// One type for every element (`events: ChatChunk`, `lines: LogEntry`).
        case single(Located<TypeRef>)
        /// Server-sent events decoded by their event name (`events: { message: RoomMessage }`),
        /// in file order; an event whose name is not listed is kept as it came.
        case byEvent([StreamEventCase])
    }

    /// The format, at its key.
    public var format: Located<Format>
    /// What each element decodes to.
    public var elements: Elements
    /// Data that ends a server-sent event stream cleanly (`terminator: "[DONE]"`).
    public var terminator: Located<String>?
    /// `reconnect: false` turns off the reconnection of a server-sent event stream (on by default;
    /// the runtime reconnects a `GET` stream only, never sending a `POST` again).
    public var reconnect: Located<Bool>?
    /// Seconds the body may send nothing before the connection counts as dropped (`idleTimeout:`).
    public var idleTimeout: Located<Double>?
    /// The most bytes one element (an event, a line, a record) may hold (`maximumElementSize:`);
    /// the runtime's default (1 MB) when absent.
    public var maximumElementSize: Located<Int>?
    /// Where `stream:` was written.
    public var location: SourceLocation

    /// Creates a setting.
    public init(
        format: Located<Format>, elements: Elements, terminator: Located<String>? = nil, reconnect: Located<Bool>? = nil,
        idleTimeout: Located<Double>? = nil, maximumElementSize: Located<Int>? = nil, location: SourceLocation
    ) {
        self.format = format
        self.elements = elements
        self.terminator = terminator
        self.reconnect = reconnect
        self.idleTimeout = idleTimeout
        self.maximumElementSize = maximumElementSize
        self.location = location
    }

    /// Every element type the stream names, each at its place in the file.
    public var elementTypes: [Located<TypeRef>] {
        switch elements {
        case .single(let type): [type]
        case .byEvent(let cases): cases.map(\.type)
        }
    }
}

/// One case of a server-sent event union: the events named `name` decode as `type`.
public struct StreamEventCase: Sendable {
    /// The SSE event name (`message` also takes events without an `event:` field), at its key.
    public var name: Located<String>
    /// What such an event's data decodes to.
    public var type: Located<TypeRef>

    /// Creates a case.
    public init(name: Located<String>, type: Located<TypeRef>) {
        self.name = name
        self.type = type
    }
}
