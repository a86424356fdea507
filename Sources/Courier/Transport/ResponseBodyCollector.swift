import Foundation

/// Gathers a response body for a ``Transport`` while holding it to the request's
/// ``PreparedRequest/maximumResponseSize``: a declared `Content-Length` over the limit fails
/// before any byte is read, and a streamed body fails as soon as it passes the limit, so memory
/// stays near the limit whatever the server sends.
///
/// ```swift
/// var body = ResponseBodyCollector(limit: request.maximumResponseSize)
/// try body.expect(contentLength: head.headerFields[.contentLength])
/// for try await chunk in stream { try body.append(chunk) }
/// return RawResponse(http: head, body: body.data)
/// ```
public struct ResponseBodyCollector: Sendable {
    /// The most bytes accepted.
    public let limit: Int
    /// What arrived so far.
    public private(set) var data = Data()

    /// A collector for at most `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Checks a `Content-Length` value before the body arrives (and reserves room for it);
    /// `nil` or an unparsable value is left to counting.
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/responseTooLarge(limit:)`` when the
    ///   declared length is over the limit.
    public mutating func expect(contentLength: String?) throws(CourierError) {
        guard let text = contentLength, let declared = Int(text.trimmingCharacters(in: .whitespaces)), declared >= 0 else {
            return
        }
        guard declared <= limit else { throw CourierError.transport(.responseTooLarge(limit: limit)) }
        data.reserveCapacity(declared)
    }

    /// Appends the next bytes of the body.
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/responseTooLarge(limit:)`` once the body
    ///   would pass the limit; what arrived is dropped.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(CourierError) {
        guard bytes.count <= limit - data.count else {
            data = Data()
            throw CourierError.transport(.responseTooLarge(limit: limit))
        }
        data.append(contentsOf: bytes)
    }
}
