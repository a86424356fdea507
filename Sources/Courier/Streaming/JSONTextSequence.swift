import Foundation

/// The records of a JSON text sequence body (RFC 7464, `application/json-seq`), each decoded
/// into a `Value`, read from the body's chunks only as records are asked for.
///
/// Make one with ``HTTPBody/jsonTextSequence(of:decoder:maximumRecordSize:truncatedRecords:)`` or
/// the same method on any sequence of byte chunks. Records are cut as ``JSONSequenceParser`` says.
///
/// ```swift
/// let records = body.jsonTextSequence(of: Point.self, truncatedRecords: .skip(report: { logger.warning("\($0)") }))
/// for try await point in records { plot(point) }
/// ```
///
/// A record cut short is handled as `truncatedRecords` says: by default skipped (RFC 7464 lets a
/// parser go on). A record that does not decode throws ``StreamFailure/undecodableElement(_:)``
/// naming its position and ends the sequence, as do a record larger than the limit
/// (``StreamFailure/elementTooLarge(limit:at:)``) and an error of the body.
public struct JSONTextSequence<Base: AsyncSequence, Value>: AsyncSequence where Base.Element: DataProtocol {
    /// Each element is one record, decoded.
    public typealias Element = Value

    @usableFromInline let base: Base
    @usableFromInline let maximumRecordSize: Int
    @usableFromInline let truncatedRecords: TruncatedRecordHandling
    @usableFromInline let decode: @Sendable (Data) throws -> Value
    /// Told once how the sequence ended: the error that ended it, or `nil` at the end of the body.
    /// How a client's stream tells the wares' ``StreamWatch``es that its connection ended.
    @usableFromInline var ended: (@Sendable ((any Error)?) -> Void)?

    /// The records of the body whose chunks `base` produces, each decoded by `decode`.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - maximumRecordSize: The most bytes one record may hold.
    ///   - truncatedRecords: What to do with a record cut short.
    ///   - decode: Makes a value of a record's JSON text; what it throws becomes
    ///     ``StreamFailure/undecodableElement(_:)``.
    public init(
        _ base: Base, maximumRecordSize: Int = StreamLimits.defaultMaximumElementSize,
        truncatedRecords: TruncatedRecordHandling = .skipSilently, decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.base = base
        self.maximumRecordSize = maximumRecordSize
        self.truncatedRecords = truncatedRecords
        self.decode = decode
    }

    /// Starts reading the body.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        var iterator = Iterator(
            reader: FrameReader(base.makeAsyncIterator(), framer: JSONSequenceParser(maximumRecordSize: maximumRecordSize)),
            truncatedRecords: truncatedRecords, decode: decode)
        iterator.ended = ended
        return iterator
    }

    /// Reads one body's records.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var reader: FrameReader<Base.AsyncIterator, JSONSequenceParser>
        @usableFromInline let truncatedRecords: TruncatedRecordHandling
        @usableFromInline let decode: @Sendable (Data) throws -> Value
        @usableFromInline var done = false
        @usableFromInline var ended: (@Sendable ((any Error)?) -> Void)?

        @usableFromInline
        init(
            reader: FrameReader<Base.AsyncIterator, JSONSequenceParser>, truncatedRecords: TruncatedRecordHandling,
            decode: @escaping @Sendable (Data) throws -> Value
        ) {
            self.reader = reader
            self.truncatedRecords = truncatedRecords
            self.decode = decode
        }

        /// The next decoded record, or `nil` at the end of the body.
        @inlinable
        public mutating func next() async throws -> Value? {
            while !done {
                let record: Data?
                do {
                    record = try await reader.next()
                } catch let error as CourierError {
                    if case .stream(.truncatedRecord) = error.reason, case .skip(let report) = truncatedRecords {
                        report(error)
                        continue
                    }
                    throw fail(error)
                } catch {
                    throw fail(error)
                }
                guard let record else {
                    done = true
                    ended?(nil)
                    return nil
                }
                do {
                    return try decode(record)
                } catch {
                    throw fail(ElementDecoding.failure(error, type: Value.self, data: record, position: reader.framer.position))
                }
            }
            return nil
        }

        /// Ends the sequence, lets the body go, and tells `ended` of `error`, which it returns.
        @inlinable
        mutating func fail(_ error: any Error) -> any Error {
            end()
            ended?(error)
            return error
        }

        /// Ends the sequence and lets the body go.
        @inlinable
        mutating func end() {
            done = true
            reader.stop()
        }
    }
}

extension JSONTextSequence where Value: Decodable & Sendable {
    /// The records of the body whose chunks `base` produces, each decoded as JSON.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - type: The type of each record.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - maximumRecordSize: The most bytes one record may hold.
    ///   - truncatedRecords: What to do with a record cut short.
    public init(
        _ base: Base, of type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder(),
        maximumRecordSize: Int = StreamLimits.defaultMaximumElementSize, truncatedRecords: TruncatedRecordHandling = .skipSilently
    ) {
        self.init(base, maximumRecordSize: maximumRecordSize, truncatedRecords: truncatedRecords) { record in
            try ElementDecoding.json(Value.self, from: record, decoder: decoder)
        }
    }
}

extension JSONTextSequence: Sendable where Base: Sendable {}
