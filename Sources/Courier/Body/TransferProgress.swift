/// How far one direction of a call's transfer has got: bytes sent of the request body, or bytes
/// received of the response body.
///
/// Set ``Request/onProgress`` (a closure) or ``Request/progressUpdates`` (an async sequence) to
/// receive it; transports report it as bytes move and the client throttles it alike for all.
public struct TransferProgress: Sendable, Hashable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Hashable {
        /// The request body, to the server.
        case upload
        /// The response body, from the server.
        case download
    }

    /// Which way the bytes go.
    public var direction: Direction
    /// Bytes moved so far.
    public var completedBytes: Int
    /// All the bytes there are to move, when known (a length or `Content-Length`).
    public var totalBytes: Int?

    /// A progress report.
    public init(direction: Direction, completedBytes: Int, totalBytes: Int?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The part done, from 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return totalBytes == 0 ? 1 : nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// Where a transport reports a call's ``TransferProgress``; reports go nowhere when nobody asked
/// (``isActive`` is `false`), so a transport may skip its counting then.
public struct ProgressSink: Sendable {
    let handler: (@Sendable (TransferProgress) -> Void)?

    /// A sink that hands reports to `handler`, or drops them when it is `nil`.
    public init(_ handler: (@Sendable (TransferProgress) -> Void)?) {
        self.handler = handler
    }

    /// A sink that drops every report.
    public static let none = ProgressSink(nil)

    /// Whether anyone listens.
    public var isActive: Bool { handler != nil }

    /// Reports `completed` of `total` bytes sent.
    public func sent(_ completed: Int, of total: Int?) {
        handler?(TransferProgress(direction: .upload, completedBytes: completed, totalBytes: total))
    }

    /// Reports `completed` of `total` bytes received of the answer's body: a transport reports
    /// the body of a response whose status the request accepts, not a redirect's or an error
    /// page's (a ware may retry past those, and the caller's progress is the answer's).
    public func received(_ completed: Int, of total: Int?) {
        handler?(TransferProgress(direction: .download, completedBytes: completed, totalBytes: total))
    }
}
