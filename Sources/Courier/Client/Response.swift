import Foundation
import HTTPTypes

/// A decoded value together with the response it came from, where that came from and how long
/// the call took.
public struct Response<Value: Sendable>: Sendable {
    /// The decoded value.
    public var value: Value
    /// The raw response: status, header fields and body bytes.
    public var raw: RawResponse
    /// When the call started and ended.
    public var metrics: CallMetrics

    /// Creates a response.
    public init(value: Value, raw: RawResponse, metrics: CallMetrics) {
        self.value = value
        self.raw = raw
        self.metrics = metrics
    }

    /// The HTTP status and header fields.
    public var http: HTTPResponse { raw.http }

    /// Where the value came from: the network, the cache (with its age), or the cache after a
    /// `304 Not Modified`.
    public var source: ResponseSource { raw.source }
}

/// Timing of one call through the client, from building the request to decoding its answer,
/// read from the client's clocks.
public struct CallMetrics: Sendable, Hashable {
    /// Wall-clock start.
    public var start: Date
    /// Wall-clock end.
    public var end: Date
    /// Elapsed time on a monotonic clock (immune to wall-clock changes).
    public var duration: Duration

    /// Creates metrics.
    public init(start: Date, end: Date, duration: Duration) {
        self.start = start
        self.end = end
        self.duration = duration
    }
}
