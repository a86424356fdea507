import Foundation
import HTTPTypes

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
        guard let declared = ResponseBodyCollector.declaredLength(contentLength) else { return }
        guard declared <= limit else { throw CourierError.transport(.responseTooLarge(limit: limit)) }
        data.reserveCapacity(declared)
    }

    /// The `Content-Length` of the body `head` carries for a request with `method`: `nil` for the
    /// answer to a `HEAD`, a `204` or a `304`, which carry none whatever the field says (it
    /// describes the body a `GET` would get, which may be far over the size limit).
    package static func bodyLengthField(of head: HTTPResponse, method: HTTPRequest.Method) -> String? {
        guard method != .head, head.status != .noContent, head.status != .notModified else { return nil }
        return head.headerFields[.contentLength]
    }

    /// The length of `head`'s body as its reader gets it: `declared` (its `Content-Length`) for a
    /// body sent as it is, `nil` for a content-coded one (`gzip` and the like), which the
    /// transports inflate while the field counts the coded bytes.
    package static func readableLength(_ declared: Int?, of head: HTTPResponse) -> Int? {
        RangeFields.isIdentity(head) ? declared : nil
    }

    /// The length a `Content-Length` value declares: digits, optionally between spaces or tabs;
    /// `nil` for anything else. Read over UTF-8 bytes: Foundation's trimming showed up in every
    /// call's profile.
    package static func declaredLength(_ value: String?) -> Int? {
        guard var value else { return nil }
        return value.withUTF8 { bytes -> Int? in
            var start = bytes.startIndex
            var end = bytes.endIndex
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            guard start < end else { return nil }
            var result = 0
            for byte in bytes[start..<end] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                let (times, overflowA) = result.multipliedReportingOverflow(by: 10)
                let (sum, overflowB) = times.addingReportingOverflow(Int(byte - 0x30))
                guard !overflowA, !overflowB else { return nil }
                result = sum
            }
            return result
        }
    }

    /// Appends the next bytes of the body.
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/responseTooLarge(limit:)`` once the body
    ///   would pass the limit; what arrived is dropped.
    public mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(CourierError) {
        try makeRoom(for: bytes.count)
        data.append(contentsOf: bytes)
    }

    /// Appends the next bytes of the body from memory the caller holds (a transport's buffer):
    /// one copy, without walking a collection through the generic entry point, which a
    /// transport in another module calls unspecialised.
    ///
    /// - Throws: ``CourierError`` with ``TransportFailure/responseTooLarge(limit:)`` once the body
    ///   would pass the limit; what arrived is dropped.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) throws(CourierError) {
        try makeRoom(for: bytes.count)
        data.append(contentsOf: bytes)
    }

    /// Fails, dropping what arrived, when `count` more bytes would pass the limit.
    private mutating func makeRoom(for count: Int) throws(CourierError) {
        guard count <= limit - data.count else {
            data = Data()
            throw CourierError.transport(.responseTooLarge(limit: limit))
        }
    }
}
