import Foundation

extension AsyncSequence where Element: DataProtocol {
    /// The server-sent events of the `text/event-stream` body whose chunks this sequence
    /// produces; see ``ServerSentEvents``.
    public func serverSentEvents(maximumEventSize: Int = StreamLimits.defaultMaximumElementSize) -> ServerSentEvents<Self> {
        ServerSentEvents(self, maximumEventSize: maximumEventSize)
    }

    /// The server-sent events of the `text/event-stream` body whose chunks this sequence
    /// produces, each one's data decoded as JSON into `type`; see ``DecodedServerSentEvents``.
    ///
    /// - Parameters:
    ///   - type: The type of each event's data.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - terminator: Data that ends the sequence cleanly, such as `[DONE]` (spaces and tabs around
    ///     it aside); `nil` for none.
    ///   - maximumEventSize: The most bytes one event may hold.
    public func serverSentEvents<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(), terminator: String? = nil,
        maximumEventSize: Int = StreamLimits.defaultMaximumElementSize
    ) -> DecodedServerSentEvents<Self, Value> {
        DecodedServerSentEvents(self, of: type, decoder: decoder, terminator: terminator, maximumEventSize: maximumEventSize)
    }

    /// The lines of the JSON Lines (NDJSON) body whose chunks this sequence produces, each decoded
    /// as JSON into `type`; see ``JSONLines``.
    ///
    /// - Parameters:
    ///   - type: The type of each line.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - maximumLineSize: The most bytes one line may hold.
    public func jsonLines<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(), maximumLineSize: Int = StreamLimits.defaultMaximumElementSize
    ) -> JSONLines<Self, Value> {
        JSONLines(self, of: type, decoder: decoder, maximumLineSize: maximumLineSize)
    }

    /// The records of the JSON text sequence (RFC 7464) body whose chunks this sequence produces,
    /// each decoded as JSON into `type`; see ``JSONTextSequence``.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - maximumRecordSize: The most bytes one record may hold.
    ///   - truncatedRecords: What to do with a record cut short; skipped by default.
    public func jsonTextSequence<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(),
        maximumRecordSize: Int = StreamLimits.defaultMaximumElementSize, truncatedRecords: TruncatedRecordHandling = .skipSilently
    ) -> JSONTextSequence<Self, Value> {
        JSONTextSequence(self, of: type, decoder: decoder, maximumRecordSize: maximumRecordSize, truncatedRecords: truncatedRecords)
    }
}

extension HTTPBody {
    /// The server-sent events of this `text/event-stream` body, read from ``chunks()`` as they are
    /// asked for; see ``ServerSentEvents``.
    public func serverSentEvents(maximumEventSize: Int = StreamLimits.defaultMaximumElementSize) -> ServerSentEvents<Chunks> {
        chunks().serverSentEvents(maximumEventSize: maximumEventSize)
    }

    /// The server-sent events of this `text/event-stream` body, each one's data decoded as JSON
    /// into `type`, read from ``chunks()`` as they are asked for; see ``DecodedServerSentEvents``.
    ///
    /// - Parameters:
    ///   - type: The type of each event's data.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - terminator: Data that ends the sequence cleanly, such as `[DONE]` (spaces and tabs around
    ///     it aside); `nil` for none.
    ///   - maximumEventSize: The most bytes one event may hold.
    public func serverSentEvents<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(), terminator: String? = nil,
        maximumEventSize: Int = StreamLimits.defaultMaximumElementSize
    ) -> DecodedServerSentEvents<Chunks, Value> {
        chunks().serverSentEvents(of: type, decoder: decoder, terminator: terminator, maximumEventSize: maximumEventSize)
    }

    /// The lines of this JSON Lines (NDJSON) body, each decoded as JSON into `type`, read from
    /// ``chunks()`` as they are asked for; see ``JSONLines``.
    ///
    /// - Parameters:
    ///   - type: The type of each line.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - maximumLineSize: The most bytes one line may hold.
    public func jsonLines<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(), maximumLineSize: Int = StreamLimits.defaultMaximumElementSize
    ) -> JSONLines<Chunks, Value> {
        chunks().jsonLines(of: type, decoder: decoder, maximumLineSize: maximumLineSize)
    }

    /// The records of this JSON text sequence (RFC 7464) body, each decoded as JSON into `type`,
    /// read from ``chunks()`` as they are asked for; see ``JSONTextSequence``.
    ///
    /// - Parameters:
    ///   - type: The type of each record.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - maximumRecordSize: The most bytes one record may hold.
    ///   - truncatedRecords: What to do with a record cut short; skipped by default.
    public func jsonTextSequence<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(),
        maximumRecordSize: Int = StreamLimits.defaultMaximumElementSize, truncatedRecords: TruncatedRecordHandling = .skipSilently
    ) -> JSONTextSequence<Chunks, Value> {
        chunks().jsonTextSequence(of: type, decoder: decoder, maximumRecordSize: maximumRecordSize, truncatedRecords: truncatedRecords)
    }
}
