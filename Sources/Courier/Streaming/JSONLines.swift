import Foundation

/// The elements of a JSON Lines (NDJSON) body, each line decoded into a `Value`, read from the
/// body's chunks only as elements are asked for.
///
/// Make one with ``HTTPBody/jsonLines(of:decoder:maximumLineSize:)`` or the same method on any
/// sequence of byte chunks. Lines are cut as ``JSONLinesParser`` says (blank lines skipped, a
/// last line without `LF` kept).
///
/// ```swift
/// for try await entry in body.jsonLines(of: LogEntry.self) { print(entry.message) }
/// ```
///
/// A line that does not decode throws ``StreamFailure/undecodableElement(_:)`` naming its
/// position and ends the sequence, as do a line longer than the limit
/// (``StreamFailure/elementTooLarge(limit:at:)``) and an error of the body.
public struct JSONLines<Base: AsyncSequence, Value>: AsyncSequence where Base.Element: DataProtocol {
    /// Each element is one line, decoded.
    public typealias Element = Value

    @usableFromInline let base: Base
    @usableFromInline let maximumLineSize: Int
    @usableFromInline let decode: @Sendable (Data) throws -> Value
    /// Told once how the sequence ended: the error that ended it, or `nil` at the end of the body.
    /// How a client's stream tells the wares' ``StreamWatch``es that its connection ended.
    @usableFromInline var ended: (@Sendable ((any Error)?) -> Void)?

    /// The lines of the body whose chunks `base` produces, each decoded by `decode`.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - maximumLineSize: The most bytes one line may hold.
    ///   - decode: Makes a value of a line's bytes (without its line end); what it throws becomes
    ///     ``StreamFailure/undecodableElement(_:)``.
    public init(
        _ base: Base, maximumLineSize: Int = StreamLimits.defaultMaximumElementSize,
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.base = base
        self.maximumLineSize = maximumLineSize
        self.decode = decode
    }

    /// Starts reading the body.
    @inlinable
    public func makeAsyncIterator() -> Iterator {
        var iterator = Iterator(reader: FrameReader(base.makeAsyncIterator(), framer: JSONLinesParser(maximumLineSize: maximumLineSize)), decode: decode)
        iterator.ended = ended
        return iterator
    }

    /// Reads one body's lines.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var reader: FrameReader<Base.AsyncIterator, JSONLinesParser>
        @usableFromInline let decode: @Sendable (Data) throws -> Value
        @usableFromInline var done = false
        @usableFromInline var ended: (@Sendable ((any Error)?) -> Void)?

        @usableFromInline
        init(reader: FrameReader<Base.AsyncIterator, JSONLinesParser>, decode: @escaping @Sendable (Data) throws -> Value) {
            self.reader = reader
            self.decode = decode
        }

        /// The next decoded line, or `nil` at the end of the body.
        @inlinable
        public mutating func next() async throws -> Value? {
            guard !done else { return nil }
            let line: Data?
            do {
                line = try await reader.next()
            } catch {
                throw fail(error)
            }
            guard let line else {
                done = true
                ended?(nil)
                return nil
            }
            do {
                return try decode(line)
            } catch {
                throw fail(ElementDecoding.failure(error, type: Value.self, data: line, position: reader.framer.position))
            }
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

extension JSONLines where Value: Decodable & Sendable {
    /// The lines of the body whose chunks `base` produces, each decoded as JSON.
    ///
    /// - Parameters:
    ///   - base: The body's bytes, in chunks split anywhere.
    ///   - type: The type of each line.
    ///   - decoder: The JSON decoder (a service's, for its date and key strategies).
    ///   - maximumLineSize: The most bytes one line may hold.
    public init(
        _ base: Base, of type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder(),
        maximumLineSize: Int = StreamLimits.defaultMaximumElementSize
    ) {
        self.init(base, maximumLineSize: maximumLineSize) { line in
            try ElementDecoding.json(Value.self, from: line, decoder: decoder)
        }
    }
}

extension JSONLines: Sendable where Base: Sendable {}
