import Foundation

/// How a transport hands over a response body: collected in memory (the default), as a stream
/// read with back-pressure, or written to a file.
///
/// A request's ``ResponseDecoding`` chooses it (``ResponseDecoding/stream`` and
/// ``ResponseDecoding/file(to:)`` ask for the latter two). Only a response whose status the
/// request accepts is streamed or written to a file; any other is collected, so that errors
/// carry their body.
public struct ResponseDelivery: Sendable, Hashable {
    /// What a transport does with the body, for transports to `switch` over.
    public enum Mode: Sendable, Hashable {
        /// Collect it in memory.
        case collect
        /// Hand it over as a stream as soon as the head arrives.
        case stream
        /// Write it to this file (a new temporary file when `nil`), then hand the file over.
        case file(URL?)
    }

    /// What a transport does with the body.
    public let mode: Mode

    /// In memory, up to ``PreparedRequest/maximumResponseSize``.
    public static let collect = ResponseDelivery(mode: .collect)
    /// As ``HTTPBody/chunks()`` read by the caller: the transport reads from the network only as
    /// fast as the caller does. ``PreparedRequest/maximumResponseSize`` does not apply (nothing is
    /// held); the request's timeout still bounds the whole body.
    public static let stream = ResponseDelivery(mode: .stream)

    /// Written to `destination` (replaced if it exists) while it arrives, or to a new temporary
    /// file the caller owns when `destination` is `nil`. The bytes go to a temporary file beside
    /// the destination first and are moved there only when the whole body arrived: a failed or
    /// cancelled download leaves nothing behind. A `GET` whose body is interrupted is continued
    /// with a range request, as ``DownloadResumption`` says. ``PreparedRequest/maximumResponseSize``
    /// does not apply.
    public static func file(_ destination: URL?) -> ResponseDelivery {
        ResponseDelivery(mode: .file(destination))
    }

    /// Whether the body is collected in memory.
    public var collects: Bool { mode == .collect }
}
