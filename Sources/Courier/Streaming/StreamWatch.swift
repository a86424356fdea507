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

/// How one connection of a streamed answer ended when it ended with an error, as a ware's
/// ``StreamWatch`` is told of it.
public struct StreamFailureNote: Sendable {
    /// The connection that failed: 0 for the first, 1 for the first reconnect, and so on.
    public var connection: Int
    /// How many elements were read on that connection before it failed.
    public var elements: Int
    /// What ended it, as the reader was (or, for a server-sent event stream about to reconnect,
    /// would have been) given it: a ``CourierError`` with a ``CourierError/Reason/transport(_:)``
    /// reason for a dropped connection or the idle timeout, a
    /// ``CourierError/Reason/stream(_:)`` one for an element that does not decode or is too large.
    public var error: any Error

    /// A note; the streams make these, tests of a ware's watch may too.
    public init(connection: Int, elements: Int, error: any Error) {
        self.connection = connection
        self.elements = elements
        self.error = error
    }
}

/// What a ware asks to be told of a streamed answer, since it sees the connect but not what is
/// read afterwards: a logging ware logs each element and a connection that fails, a metrics ware
/// counts the elements.
///
/// Add one to the response on its way back, when the request is a stream's connect
/// (``PreparedRequest/streamConnection`` is set). The stream calls `element` for each element the
/// caller reads on that connection, in order, on the reader's task, after the element was decoded
/// (an element that fails to decode is not an element read: it is the connection's failure).
/// Keep it short: the reader waits.
///
/// The stream calls `failure` at most once per connection, on the reader's task, when that
/// connection ends with an error: a dropped connection, the idle timeout, an element that does
/// not decode or is larger than the limit, a server-sent event stream's malformed event. A
/// server-sent event stream that then reconnects has told the dropped connection's watches of
/// it first; the reconnect is a call of its own, with watches of its own. It is not called when
/// the connection ends cleanly (the end of the body, a terminator, a server's close that a
/// server-sent event stream resumes from), nor when the caller ends the stream: breaking out of
/// the loop, dropping the iterator, or cancelling the task (whatever error the read then throws).
///
/// A watch made with ``init(end:)`` is told once how the connection ended, whichever way it did
/// (``StreamEnd``): a tracing ware ends the connection's span then rather than at the head.
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
    let element: (@Sendable (StreamElementNote) -> Void)?
    let failure: (@Sendable (StreamFailureNote) -> Void)?
    let end: StreamEndReport?

    /// A watch calling `element` for each element read.
    public init(element: @escaping @Sendable (StreamElementNote) -> Void) {
        self.element = element
        self.failure = nil
        self.end = nil
    }

    /// A watch calling `element` for each element read, and `failure` once if the connection ends
    /// with an error.
    public init(
        element: @escaping @Sendable (StreamElementNote) -> Void, failure: @escaping @Sendable (StreamFailureNote) -> Void
    ) {
        self.element = element
        self.failure = failure
        self.end = nil
    }

    /// A watch calling `failure` once if the connection ends with an error, and told of nothing
    /// else (no note is made for each element).
    public init(failure: @escaping @Sendable (StreamFailureNote) -> Void) {
        self.element = nil
        self.failure = failure
        self.end = nil
    }

    /// A watch calling `end` once, on the reader's task or the task that lets the stream go, when
    /// the connection is over: finished, failed, cancelled or abandoned by the caller. Every
    /// connection a watch was added to ends so, the answer of a connect the stream did not
    /// read (a `204`, a body of another type) included. Keep `end` from holding the call's
    /// context: it lives as long as the stream.
    public init(end: @escaping @Sendable (StreamEnd) -> Void) {
        self.element = nil
        self.failure = nil
        self.end = StreamEndReport(end)
    }

    /// Tells the end watches among `watches` how their connection ended, for an answer that no
    /// stream reads (it ended at its head).
    static func tellEnd(_ watches: [StreamWatch], _ end: StreamEnd) {
        for watch in watches { watch.end?.report(end) }
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

/// How long a stream's connect may wait for the response head, per transport call.
enum StreamHeadTimeoutOption: OptionKey {
    static let defaultValue: Duration? = nil
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

    /// How long each transport call of a stream's connect may wait for the response head (the
    /// request's own ``timeout`` then bounds the stream's whole life, which must be long).
    var streamHeadTimeout: Duration? {
        get { options[StreamHeadTimeoutOption.self] }
        set { options[StreamHeadTimeoutOption.self] = newValue }
    }
}

extension PreparedRequest {
    /// See ``Request/streamHeadTimeout``; `nil` for every request but a stream's connect. For a
    /// stub transport to wait for the head no longer than a real connect would.
    package var streamHeadTimeout: Duration? {
        options[StreamHeadTimeoutOption.self]
    }
}

/// Tells a connection's watches of each element, counting the elements, and of its failure.
struct StreamWatchers: Sendable {
    let elementWatches: [@Sendable (StreamElementNote) -> Void]
    let failureWatches: [@Sendable (StreamFailureNote) -> Void]
    /// Held until the connection ends or the watchers go (which tells them it was abandoned).
    let endWatches: [StreamEndReport]
    let connection: Int
    private(set) var count = 0
    /// Whether the failure was told already: a connection fails once.
    private var failed = false

    init(_ watches: [StreamWatch], connection: Int) {
        self.elementWatches = watches.compactMap(\.element)
        self.failureWatches = watches.compactMap(\.failure)
        self.endWatches = watches.compactMap(\.end)
        self.connection = connection
    }

    /// Tells every watch of one element; free when there is none.
    @inline(__always)
    mutating func tell(_ data: Data, event: String? = nil, id: String? = nil) {
        defer { count += 1 }
        guard !elementWatches.isEmpty else { return }
        let note = StreamElementNote(index: count, connection: connection, data: data, event: event, id: id)
        for watch in elementWatches { watch(note) }
    }

    /// Tells the end watches that the connection ended cleanly.
    func finish() {
        for watch in endWatches { watch.report(.finished) }
    }

    /// Tells the watches that the connection ended with `error`, or cleanly when it is `nil`.
    mutating func end(_ error: (any Error)?) {
        if let error { fail(error) } else { finish() }
    }

    /// Tells every watch that the connection ended with `error`, once, unless the caller ended
    /// it (a cancelled task: what the read throws then is the caller's doing, not the stream's;
    /// the end watches are told it was cancelled).
    mutating func fail(_ error: any Error) {
        let callers = Self.isCallersEnd(error)
        for watch in endWatches { watch.report(callers ? .cancelled : .failed(error)) }
        guard !failed, !failureWatches.isEmpty, !callers else { return }
        failed = true
        let note = StreamFailureNote(connection: connection, elements: count, error: error)
        for watch in failureWatches { watch(note) }
    }

    /// Whether `error` is the caller's cancellation rather than a failure of the stream.
    static func isCallersEnd(_ error: any Error) -> Bool {
        Task.isCancelled || error is CancellationError
    }
}
