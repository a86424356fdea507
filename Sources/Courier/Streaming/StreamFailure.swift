import Foundation

/// What went wrong while reading the elements of a streamed body: Server-Sent Events, JSON Lines
/// or a JSON text sequence (``CourierError/Reason/stream(_:)``).
///
/// Each names the element's ``StreamPosition``. An element too large or one that does not decode
/// ends the sequence; a truncated JSON text sequence record is reported and skipped.
public enum StreamFailure: Sendable, CustomStringConvertible {
    /// One element holds more than `limit` bytes; the decoder stopped rather than hold it.
    case elementTooLarge(limit: Int, at: StreamPosition)
    /// One element could not be decoded into the expected type.
    case undecodableElement(ElementDecodingFailure)
    /// A JSON text sequence record (RFC 7464) that was cut short: it did not end in `LF` before
    /// the next `RS` or the end of the body, or its bytes came before any `RS`.
    case truncatedRecord(at: StreamPosition)
    /// The server answered with a `Content-Type` (as sent) that is none of the `expected` types
    /// (an `Accept` value): an HTML error page or a plain JSON document where a stream belonged.
    /// Nothing of the body was read as elements.
    case unexpectedContentType(String, expected: String)

    /// Where in the stream it happened.
    public var position: StreamPosition {
        switch self {
        case .elementTooLarge(_, let position), .truncatedRecord(let position): position
        case .undecodableElement(let failure): failure.position
        case .unexpectedContentType: StreamPosition(index: 0, byteOffset: 0)
        }
    }

    /// A one-line explanation, without the element's bytes.
    public var description: String {
        switch self {
        case .elementTooLarge(let limit, let position):
            "\(position): larger than the limit of \(ByteCount(limit)) for one element"
        case .undecodableElement(let failure):
            "\(failure)"
        case .truncatedRecord(let position):
            "\(position): truncated JSON text sequence record (no LF before the next RS or the end)"
        case .unexpectedContentType(let contentType, let expected):
            "the answer's Content-Type is \(contentType), not a stream (\(expected))"
        }
    }
}

/// A streamed element that did not decode into the expected type.
public struct ElementDecodingFailure: Sendable, CustomStringConvertible {
    /// Which element it was.
    public var position: StreamPosition
    /// The type that was being decoded, such as `ChatChunk`.
    public var type: String
    /// Where in the element's JSON it failed, such as `choices[0].delta`.
    public var codingPath: String
    /// The decoder's explanation.
    public var message: String
    /// The start of the element's bytes (up to 256), for debugging; not part of ``description``,
    /// which logs show, since an element may carry secrets.
    public var excerpt: String
    /// What the decoder threw.
    public var underlying: any Error

    /// `element 3 at byte 1024: could not decode Chunk at choices[0]: missing key "delta"`.
    public var description: String {
        let at = codingPath.isEmpty ? "" : " at \(codingPath)"
        return "\(position): could not decode \(type)\(at): \(message)"
    }
}
