import Foundation

extension Client {
    /// Sends `request` and returns the records of its JSON text sequence answer (RFC 7464,
    /// `application/json-seq`), each decoded as JSON into `type` as it is read (see
    /// ``JSONTextSequence``). There is no reconnection: a JSON text sequence has no standard way to
    /// resume. A record cut short is handled as `truncatedRecords` says: skipped by default, as
    /// RFC 7464 lets a parser do; `.fail` ends the sequence with the error (and tells the wares'
    /// stream watches, so a logging ware logs it), `.skip(report:)` hands it over.
    ///
    /// ```swift
    /// let request = Request<HTTPBody>(method: .get, path: "/export")
    /// for try await item in try await client.jsonTextSequence(request, of: Item.self) {
    ///     print(item.id)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request; its ``Request/timeout`` (or the service's) bounds the wait for
    ///     the response head only, not the body.
    ///   - type: The type of each record.
    ///   - decoder: The JSON decoder; the service's when `nil`.
    ///   - idleTimeout: How long the body may send nothing before the stream fails with
    ///     ``TransportFailure/timedOut(after:)``; `nil` for no limit.
    ///   - maximumRecordSize: The most bytes one record may hold.
    ///   - truncatedRecords: What to do with a record cut short
    ///     (``StreamFailure/truncatedRecord(at:)``): the last one of a body the server ended early.
    /// - Throws: What ``send(_:)`` throws for the request.
    public func jsonTextSequence<Value: Decodable & Sendable>(
        _ request: Request<HTTPBody>, of type: Value.Type, decoder: JSONDecoder? = nil, idleTimeout: Duration? = .seconds(300),
        maximumRecordSize: Int = StreamLimits.defaultMaximumElementSize, truncatedRecords: TruncatedRecordHandling = .skipSilently
    ) async throws -> JSONTextSequence<IdleLimitedChunks, Value> {
        let response = try await StreamConnect.open(
            request, core: core, accept: "application/json-seq", connection: StreamConnection(format: .jsonTextSequence, index: 0))
            .response
        let decoder = decoder ?? core.decoder
        let body = IdleLimitedChunks(response.body, idleTimeout: idleTimeout)
        guard !response.streamWatches.isEmpty else {
            return JSONTextSequence(body, of: type, decoder: decoder, maximumRecordSize: maximumRecordSize, truncatedRecords: truncatedRecords)
        }
        // The wares' watches are told of each record once it decoded (locked: the sequence's
        // decode closure is shared by its iterators).
        let watchers = Locked(StreamWatchers(response.streamWatches, connection: 0))
        var records = JSONTextSequence(body, maximumRecordSize: maximumRecordSize, truncatedRecords: truncatedRecords) { record in
            let value = try ElementDecoding.json(Value.self, from: record, decoder: decoder)
            watchers.withLock { $0.tell(record) }
            return value
        }
        records.ended = { error in watchers.withLock { $0.end(error) } }
        return records
    }
}
