import Foundation

/// One element of a streamed answer (a server-sent event, a JSON line), as a ware's
/// ``StreamWatch`` is told of it.
public struct StreamElementNote: Sendable {
    /// The element's zero-based index on its connection (as in ``StreamPosition/index``).
    public var index: Int
    /// The connection it came on: 0 for the first, 1 for the first reconnect, and so on.
    public var connection: Int
    /// The element's bytes as they arrived (an event's `data`, a line without its end): for a
    /// ware to measure, or to log once it has redacted them.
    public var data: Data
    /// The server-sent event's type (`nil` for `message`, and for lines).
    public var event: String?
    /// The server-sent event's ID, when it has one.
    public var id: String?

    /// A note; the streams make these, tests of a ware's watch may too.
    public init(index: Int, connection: Int, data: Data, event: String? = nil, id: String? = nil) {
        self.index = index
        self.connection = connection
        self.data = data
        self.event = event
        self.id = id
    }
}

/// What a ware asks to be told of a streamed answer's elements, since it sees the connect but not
/// what is read afterwards: a logging ware logs each element, a metrics ware counts them.
///
/// Add one to the response on its way back, when the request is a stream's connect
/// (``PreparedRequest/streamConnection`` is set); the stream calls it for each element the caller
/// reads on that connection, in order, on the reader's task, after the element was decoded
/// (an element that fails to decode ends the stream unreported). Keep it short: the reader waits.
///
/// ```swift
/// func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
///     var response = try await next(request, context)
///     if request.streamConnection != nil {
///         response.watchStream(StreamWatch { note in counter.increment() })
///     }
///     return response
/// }
/// ```
public struct StreamWatch: Sendable {
    let element: @Sendable (StreamElementNote) -> Void

    /// A watch calling `element` for each element read.
    public init(element: @escaping @Sendable (StreamElementNote) -> Void) {
        self.element = element
    }
}

extension RawResponse {
    /// Asks for `watch` to be told of each element read from this streamed answer (see
    /// ``StreamWatch``); it has no effect on an answer that is not a stream of elements.
    public mutating func watchStream(_ watch: StreamWatch) {
        streamWatches.append(watch)
    }
}

/// Which connection of an element stream a request opens: set by the client on each connect of
/// ``Client/serverSentEvents(_:of:decoder:terminator:reconnection:idleTimeout:maximumEventSize:)``
/// and ``Client/jsonLines(_:of:decoder:idleTimeout:maximumLineSize:)``, read by wares.
public struct StreamConnection: Sendable, Hashable {
    /// How the answer's body is cut into elements.
    public enum Format: String, Sendable, Hashable {
        /// `text/event-stream`.
        case serverSentEvents
        /// JSON Lines (NDJSON).
        case jsonLines
        /// JSON text sequences (RFC 7464, `application/json-seq`).
        case jsonTextSequence
    }

    /// The stream's format.
    public var format: Format
    /// 0 for the first connect, 1 for the first reconnect, and so on.
    public var index: Int

    /// Whether this connect resumes a stream that dropped.
    public var isReconnect: Bool { index > 0 }

    /// A connection of a `format` stream: `index` 0 for the first connect, 1 for the first
    /// reconnect, and so on (for a ware's own tests; the client sets it on each connect).
    public init(format: Format, index: Int) {
        self.format = format
        self.index = index
    }
}

enum StreamConnectionOption: OptionKey {
    static let defaultValue: StreamConnection? = nil
}

extension PreparedRequest {
    /// Set when this request opens (or reopens) a stream of elements: which format and which
    /// connection; `nil` for every other request.
    public var streamConnection: StreamConnection? {
        get { options[StreamConnectionOption.self] }
        set { options[StreamConnectionOption.self] = newValue }
    }
}

extension Request {
    /// The stream connection this request opens; see ``PreparedRequest/streamConnection``.
    var streamConnection: StreamConnection? {
        get { options[StreamConnectionOption.self] }
        set { options[StreamConnectionOption.self] = newValue }
    }
}

/// Tells a connection's watches of each element, counting the elements.
struct StreamWatchers: Sendable {
    let watches: [StreamWatch]
    let connection: Int
    private(set) var count = 0

    init(_ watches: [StreamWatch], connection: Int) {
        self.watches = watches
        self.connection = connection
    }

    /// Tells every watch of one element; free when there is none.
    @inline(__always)
    mutating func tell(_ data: Data, event: String? = nil, id: String? = nil) {
        defer { count += 1 }
        guard !watches.isEmpty else { return }
        let note = StreamElementNote(index: count, connection: connection, data: data, event: event, id: id)
        for watch in watches { watch.element(note) }
    }
}
