import Foundation

extension Client {
    /// The server-sent events `request` answers with, each one's data decoded as JSON into
    /// `type`, reconnecting as a browser's `EventSource` does; see ``ServerSentEventStream``.
    ///
    /// Nothing is sent until the iteration starts; each iteration is a stream of its own.
    ///
    /// ```swift
    /// var request = Request<HTTPBody>(method: .post, path: "/chat/completions")
    /// request.body = .json(prompt)
    /// for try await chunk in client.serverSentEvents(request, of: ChatChunk.self, terminator: "[DONE]") {
    ///     print(chunk.value.text, terminator: "")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request; its ``Request/timeout`` (or the service's) bounds each connect up
    ///     to the response head only.
    ///   - type: The type of each event's data.
    ///   - decoder: The JSON decoder; the service's when `nil`.
    ///   - terminator: Data that ends the stream cleanly, such as `[DONE]` (spaces and tabs around
    ///     it aside); `nil` for none.
    ///   - reconnection: Whether and when to reconnect; ``StreamReconnection/standard`` by default.
    ///   - idleTimeout: How long the body may send nothing (not even a comment) before its
    ///     connection counts as dropped; `nil` for no limit.
    ///   - maximumEventSize: The most bytes one event may hold.
    public func serverSentEvents<Value: Decodable & Sendable>(
        _ request: Request<HTTPBody>, of type: Value.Type, decoder: JSONDecoder? = nil, terminator: String? = nil,
        reconnection: StreamReconnection = .standard, idleTimeout: Duration? = .seconds(300),
        maximumEventSize: Int = StreamLimits.defaultMaximumElementSize
    ) -> ServerSentEventStream<Value> {
        let decoder = decoder ?? core.decoder
        return serverSentEvents(
            request, terminator: terminator, reconnection: reconnection, idleTimeout: idleTimeout,
            maximumEventSize: maximumEventSize
        ) { _, data in
            try ElementDecoding.json(Value.self, from: data, decoder: decoder)
        }
    }

    /// The server-sent events `request` answers with, each made into a `Value` by `decode`
    /// (from the event's type, `nil` for `message`, and its data), reconnecting as
    /// ``serverSentEvents(_:of:decoder:terminator:reconnection:idleTimeout:maximumEventSize:)``
    /// does. `decode` may return `nil` to skip an event (a type it does not know); what it throws
    /// ends the stream with ``StreamFailure/undecodableElement(_:)``.
    public func serverSentEvents<Value: Sendable>(
        _ request: Request<HTTPBody>, terminator: String? = nil, reconnection: StreamReconnection = .standard,
        idleTimeout: Duration? = .seconds(300), maximumEventSize: Int = StreamLimits.defaultMaximumElementSize,
        decode: @escaping @Sendable (_ event: String?, _ data: Data) throws -> Value?
    ) -> ServerSentEventStream<Value> {
        ServerSentEventStream(
            core: core, request: request, terminator: terminator.map { Data($0.utf8) }, reconnection: reconnection,
            idleTimeout: idleTimeout, maximumEventSize: maximumEventSize, decode: decode)
    }

    /// Sends `request` and returns the lines of its JSON Lines (NDJSON) answer, each decoded as
    /// JSON into `type` as it is read (see ``JSONLines``). There is no reconnection: a JSON Lines
    /// stream has no standard way to resume.
    ///
    /// ```swift
    /// for try await entry in try await client.jsonLines(Request(method: .get, path: "/logs"), of: LogEntry.self) {
    ///     print(entry.message)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request; its ``Request/timeout`` (or the service's) bounds the wait for
    ///     the response head only, not the body.
    ///   - type: The type of each line.
    ///   - decoder: The JSON decoder; the service's when `nil`.
    ///   - idleTimeout: How long the body may send nothing before the stream fails with
    ///     ``TransportFailure/timedOut(after:)``; `nil` for no limit.
    ///   - maximumLineSize: The most bytes one line may hold.
    /// - Throws: What ``send(_:)`` throws for the request.
    public func jsonLines<Value: Decodable & Sendable>(
        _ request: Request<HTTPBody>, of type: Value.Type, decoder: JSONDecoder? = nil, idleTimeout: Duration? = .seconds(300),
        maximumLineSize: Int = StreamLimits.defaultMaximumElementSize
    ) async throws -> JSONLines<IdleLimitedChunks, Value> {
        let response = try await StreamConnect.open(
            request, core: core, accept: "application/jsonl, application/x-ndjson", connection: StreamConnection(format: .jsonLines, index: 0)
        ).response
        let decoder = decoder ?? core.decoder
        let body = IdleLimitedChunks(response.body, idleTimeout: idleTimeout)
        guard !response.streamWatches.isEmpty else {
            return JSONLines(body, of: type, decoder: decoder, maximumLineSize: maximumLineSize)
        }
        // The wares' watches are told of each line once it decoded (a class: the sequence's
        // decode closure is shared by its iterator).
        let watchers = Locked(StreamWatchers(response.streamWatches, connection: 0))
        var lines = JSONLines(body, maximumLineSize: maximumLineSize) { line in
            let value = try ElementDecoding.json(Value.self, from: line, decoder: decoder)
            watchers.withLock { $0.tell(line) }
            return value
        }
        lines.ended = { error in watchers.withLock { $0.end(error) } }
        return lines
    }
}

/// The typed server-sent events of one request, reconnecting when the connection drops: made by
/// ``Client/serverSentEvents(_:of:decoder:terminator:reconnection:idleTimeout:maximumEventSize:)``.
///
/// - Every connect, the first and each reconnect, is a call of its own through the client's
///   whole ware pipeline: credentials are applied afresh (an authenticator refreshes a token on
///   `401` as usual), logging and metrics see each. A reconnect goes out only as the stream's own
///   user: when the user signed out or another signed in since the first connect, the stream ends
///   with ``CourierError/Kind/identityChanged`` instead (checked at each attempt, a ``Retry``'s
///   too). A ``Retry`` ware retries the connect only; streams are never cached nor coalesced.
///   Each connect asks for `text/event-stream` (unless the request sets `Accept`) and, once an
///   event ID was seen, sends it as `Last-Event-ID`.
/// - The request's timeout bounds each connect up to the response head; the body has none of
///   its own (a stream may last for hours), only the idle timeout: no bytes for that long, and the
///   connection counts as dropped.
/// - A dropped connection (a transport failure or the idle timeout while reading) or a close by
///   the server before the terminator leads to a reconnect, as ``StreamReconnection`` says, for a
///   `GET` only: any other request (a chat completion's `POST`) is never sent again, since that
///   would do its work twice; its stream ends at the close, or fails with the drop's error.
///   Reconnects that fail at the transport, or for a passing reason on the way (offline, a
///   token refresh that failed for now), count as attempts too. The first connect is not
///   retried here (put a ``Retry`` ware in the pipeline for that).
/// - The stream ends cleanly at the terminator, at a `204 No Content` answer, or when the server
///   closes the connection and reconnection is off or used up. A status the request does not
///   accept ends it with that error (``CourierError/Reason/status(_:)``), as do a malformed or
///   undecodable event (``CourierError/Reason/stream(_:)``) and cancellation.
/// - Breaking out of the loop, dropping the iterator or cancelling the task closes the connection
///   at once.
public struct ServerSentEventStream<Value: Sendable>: AsyncSequence, Sendable {
    /// Each element is one event, decoded, with its `id`, `event` and `retry`.
    public typealias Element = DecodedServerSentEvent<Value>

    let core: ClientCore
    let request: Request<HTTPBody>
    let terminator: Data?
    let reconnection: StreamReconnection
    let idleTimeout: Duration?
    let maximumEventSize: Int
    let decode: @Sendable (_ event: String?, _ data: Data) throws -> Value?

    /// Starts a stream: the first connect happens on the first `next()`.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Reads one stream, across its connections.
    public struct Iterator: AsyncIteratorProtocol {
        let stream: ServerSentEventStream
        var connection: FrameReader<IdleLimitedChunks.Iterator, ServerSentEventParser>?
        /// The wares' watches of the current connection.
        var watchers = StreamWatchers([], connection: 0)
        /// The last event ID seen (at first, the request's own `Last-Event-ID`, if it has one),
        /// sent as `Last-Event-ID` on each connect.
        public private(set) var lastEventID: String?
        /// The reconnection time the server last asked for with `retry:`.
        public private(set) var reconnectionTime: Duration?
        /// How many connections were answered so far (the first one and the reconnects).
        public private(set) var connections = 0
        /// Reconnects since the last element arrived.
        var attempts = 0
        /// Whose stream this is: the first connect's principal, which every reconnect must have.
        var principal: Principal?
        var done = false

        init(stream: ServerSentEventStream) {
            self.stream = stream
            // A caller resuming a stream it read before (after a relaunch) sets `Last-Event-ID`
            // on the request: it is the position until the server sends another.
            lastEventID = stream.request.headers.last { $0.name.lowercased() == "last-event-id" }?.value
        }

        /// The next event, or `nil` when the stream ended cleanly.
        public mutating func next() async throws -> DecodedServerSentEvent<Value>? {
            while !done {
                guard connection != nil else {
                    try await connect()
                    continue
                }
                let frame: ServerSentEventParser.Frame?
                do {
                    frame = try await connection!.next()
                } catch {
                    // The connection failed, whether the stream then reconnects or ends.
                    watchers.fail(error)
                    noteConnectionState()
                    connection = nil
                    guard Self.isDrop(error) else {
                        done = true
                        throw error
                    }
                    try await dropped(error)
                    continue
                }
                noteConnectionState()
                guard let frame else {
                    // The server closed the connection before the terminator.
                    watchers.finish()
                    connection = nil
                    try await dropped(nil)
                    continue
                }
                if let terminator = stream.terminator, StreamTerminator.matches(frame.data, terminator) {
                    watchers.finish()
                    end()
                    return nil
                }
                let value: Value?
                do {
                    value = try stream.decode(frame.event, frame.data)
                } catch {
                    end()
                    let failure = ElementDecoding.failure(error, type: Value.self, data: frame.data, position: frame.position)
                    watchers.fail(failure)
                    throw failure
                }
                attempts = 0
                watchers.tell(frame.data, event: frame.event, id: frame.id)
                if let value { return DecodedServerSentEvent(value: value, event: frame.event, id: frame.id, retry: frame.retry) }
            }
            return nil
        }

        /// Ends the stream and closes its connection.
        mutating func end() {
            done = true
            connection = nil
        }

        /// Keeps what the current connection's parser learnt, for the next connection.
        mutating func noteConnectionState() {
            guard let framer = connection?.framer else { return }
            lastEventID = framer.lastEventID
            if let time = framer.reconnectionTime { reconnectionTime = time }
        }

        /// Whether `error`, met while reading a body or reconnecting, is a dropped connection
        /// (one to reconnect after) rather than the end of the stream: a transport failure, or a
        /// passing one on the way (no network, ``Reachability``'s `offline`; an auth server that
        /// failed for now, `refreshUnavailable`), which a later attempt may get past.
        static func isDrop(_ error: any Error) -> Bool {
            guard !Task.isCancelled, let error = error as? CourierError else { return false }
            if case .transport = error.reason { return true }
            return error.kind == .offline || error.kind == .refreshUnavailable
        }

        /// The connection dropped (`error`) or was closed by the server (`nil`): waits and lets
        /// the next turn reconnect, or ends the stream when reconnection is off or used up.
        mutating func dropped(_ error: (any Error)?) async throws {
            // Only a GET is connected again, as `EventSource` does: a POST (a chat completion
            // that ends by closing) sent again would do its work twice, and, as each answer
            // resets the attempts, for ever.
            guard stream.request.method == .get, attempts < stream.reconnection.maximumAttempts else {
                done = true
                if let error { throw error }
                return
            }
            attempts += 1
            let wait = stream.reconnection.wait(attempt: attempts, serverRetry: reconnectionTime, random: stream.core.random)
            do {
                try await stream.core.clock.clock.sleep(for: wait, tolerance: nil)
            } catch {
                done = true
                throw error
            }
        }

        /// Opens the next connection; a `204` ends the stream.
        mutating func connect() async throws {
            var request = stream.request
            request.headers.removeAll { $0.name.lowercased() == "last-event-id" }
            if let value = lastEventID.flatMap(LastEventIDField.value(for:)) {
                request.headers.append(HeaderItem(name: "Last-Event-ID", value: value))
            }
            if let principal {
                request.wares.append(StreamIdentityGuard(expected: principal, query: request.query, requestWares: request.wares))
            }
            let response: RawResponse
            do {
                let opened = try await StreamConnect.open(
                    request, core: stream.core, accept: "text/event-stream",
                    connection: StreamConnection(format: .serverSentEvents, index: connections))
                response = opened.response
                principal = opened.principal
            } catch {
                guard connections > 0, Self.isDrop(error) else {
                    done = true
                    throw error
                }
                try await dropped(error)
                return
            }
            connections += 1
            if response.http.status.code == 204 {
                StreamWatch.tellEnd(response.streamWatches, .finished)
                done = true
                return
            }
            watchers = StreamWatchers(response.streamWatches, connection: connections - 1)
            connection = FrameReader(
                IdleLimitedChunks(response.body, idleTimeout: stream.idleTimeout).makeAsyncIterator(),
                framer: ServerSentEventParser(maximumEventSize: stream.maximumEventSize, lastEventID: lastEventID))
        }
    }
}

/// Opens a streamed response through a client's pipeline.
enum StreamConnect {
    /// How long a stream's transport call may last: the transports bound the whole exchange, body
    /// included, by the request's timeout, which must not end a healthy stream. A body still
    /// streaming after this long fails as timed out (and a stream of events reconnects).
    static let lifetime = Duration.seconds(24 * 60 * 60)

    /// Sends `request` through `core`'s pipeline for a streamed body, asking for `accept` unless
    /// the request sets `Accept`; its timeout (or the service's) bounds the wait for the head. A
    /// successful answer whose `Content-Type` says it is not the stream asked for fails as
    /// ``StreamFailure/unexpectedContentType(_:expected:)`` (its connection closed) rather than be
    /// parsed as what it is not. Also returns whose call it was (the call's principal).
    static func open(
        _ request: Request<HTTPBody>, core: ClientCore, accept: String, connection: StreamConnection
    ) async throws -> (response: RawResponse, principal: Principal) {
        let (response, principal) = try await perform(request, core: core, accept: accept, connection: connection)
        if let failure = unexpectedType(of: response, format: connection.format, accept: accept) {
            let error = CourierError.stream(failure)
            // The wares saw a stream's head: their watches learn here that nobody will read it.
            StreamWatch.tellEnd(response.streamWatches, .failed(error))
            discard(response)
            throw error
        }
        return (response, principal)
    }

    /// The failure of a `2xx` answer (but `204`) whose `Content-Type` is set and rules out the
    /// format: for server-sent events anything but `text/event-stream`, as a browser's
    /// `EventSource` requires; for JSON Lines and JSON text sequences, served under many types
    /// (`application/x-ndjson`, `application/jsonl`, `application/json`, `text/plain` and more),
    /// only an HTML page.
    static func unexpectedType(of response: RawResponse, format: StreamConnection.Format, accept: String) -> StreamFailure? {
        guard (200..<300).contains(response.status.code), response.status.code != 204,
              let contentType = response.http.headerFields[.contentType] else { return nil }
        let mediaType = (contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? "")
            .trimmingCharacters(in: .whitespaces).lowercased()
        let fits = switch format {
        case .serverSentEvents: mediaType == "text/event-stream"
        case .jsonLines, .jsonTextSequence: mediaType != "text/html" && mediaType != "application/xhtml+xml"
        }
        return fits ? nil : .unexpectedContentType(contentType, expected: accept)
    }

    private static func perform(
        _ request: Request<HTTPBody>, core: ClientCore, accept: String, connection: StreamConnection
    ) async throws -> (RawResponse, Principal) {
        var request = request
        request.streamConnection = connection
        if !request.headers.contains(where: { $0.name.lowercased() == "accept" }) {
            request.headers.append(HeaderItem(name: "Accept", value: accept))
        }
        // Each transport call waits for the head no longer than the connect timeout (at the
        // transport, so that Retry retries a connect that timed out, as it would any call); the
        // transport's own timeout bounds the stream's whole life.
        let headTimeout = request.timeout ?? core.service.timeout
        request.streamHeadTimeout = headTimeout
        request.timeout = max(lifetime, headTimeout)
        let decoding = ResponseDecoding<RawResponse>(delivery: .stream) { raw, _ in raw }
        // The response as the outermost ware gave it (`.1`), not as decoded at the boundary
        // inside the observation wares: those (logging, metrics) add their stream watches on the
        // way out.
        let (_, response, context) = try await core.perform(request, decoding: decoding, parent: nil, skipping: [], interim: nil)
        core.openStreams.bind(response.body, to: context.principal)
        return (response, context.principal)
    }

    /// Closes the connection of a streamed response nobody will read.
    static func discard(_ response: RawResponse) {
        let reader = response.body.chunks().makeAsyncIterator()
        withExtendedLifetime(reader) {}
    }
}
