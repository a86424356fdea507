import Courier
import CoreMetrics
import Foundation

/// Records every call in swift-metrics: a timer of its duration, the sizes of its bodies when
/// known, and counters of failures by kind, retries and cache outcomes (read from what `Retry` and `HTTPCache` left in the
/// call's storage).
///
/// The `endpoint` dimension is the endpoint's name: the spec's, `METHOD /template` for an unnamed
/// request whose path is a template, and `unnamed` for one with a literal path (whose IDs would
/// make a label value each).
///
/// | metric | type | dimensions |
/// | --- | --- | --- |
/// | `courier_call_duration` | timer | service, endpoint, method, status (`2xx` … `5xx`, `failed`): to the answer's head for a streamed answer (a stream open for an hour would swamp the latencies; the `courier_stream_` metrics cover an event or JSON Lines stream's elements, and ``TracingWare``'s span lasts to its end) |
/// | `courier_call_failures` | counter | service, endpoint, kind (`transport`, `status`, `decoding`, `cancelled`, …) |
/// | `courier_call_retries` | counter | service, endpoint |
/// | `courier_cache` | counter | service, endpoint, outcome (`hit`, `miss`, `revalidated`, `staleFallback`) |
/// | `courier_request_body_bytes` | recorder | service, endpoint (bodies whose length is known: bytes, files, multipart forms without unknown-length parts) |
/// | `courier_response_body_bytes` | recorder | service, endpoint (bodies whose length is known; a stream without `Content-Length` is not recorded) |
/// | `courier_stream_first_element` | timer | service, endpoint: from a stream's connect to its first element, per connection |
/// | `courier_stream_elements` | counter | service, endpoint: elements read from server-sent event and JSON Lines streams |
/// | `courier_stream_bytes` | counter | service, endpoint: the bytes of those elements (their data, without framing) |
/// | `courier_stream_reconnects` | counter | service, endpoint: reconnects of server-sent event streams |
///
/// Pass a factory to keep metrics out of the global system (tests use `MetricsTestKit`'s
/// `TestMetrics`); without one the bootstrapped `MetricsSystem` records them.
///
/// ```swift
/// let client = try Client(service: service, wares: [MetricsWare(), Retry(), HTTPCache()])
/// ```
public struct MetricsWare: Ware {
    private let factory: (any MetricsFactory)?
    private let metrics = MetricCache()

    /// A metrics ware recording through `factory`, or the global `MetricsSystem` when `nil`.
    public init(factory: (any MetricsFactory)? = nil) {
        self.factory = factory
    }

    /// The observation slot: it times the whole call, decoding included.
    public var position: WarePosition { .observation }

    /// Times the call and counts how it went.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        // An unnamed request with a literal path would make one label value per ID in its path.
        let base = [("service", context.service.name), ("endpoint", context.boundedEndpoint ?? "unnamed")]
        let method = ("method", request.http.method.rawValue)
        defer { recordSideEffects(context, base) }
        if let length = request.body?.length { recorder("courier_request_body_bytes", base).record(length) }
        do {
            var response = try await next(request, context)
            timer(base + [method, ("status", "\(response.status.code / 100)xx")]).recordNanoseconds(nanoseconds(context.elapsed))
            if let length = response.body.length { recorder("courier_response_body_bytes", base).record(length) }
            if let connection = request.streamConnection {
                if connection.isReconnect { counter("courier_stream_reconnects", base).increment() }
                response.watchStream(elementMetrics(context, base))
            }
            return response
        } catch {
            let kind = CallFailureKind.name(of: error) ?? "other"
            timer(base + [method, ("status", "failed")]).recordNanoseconds(nanoseconds(context.elapsed))
            counter("courier_call_failures", base + [("kind", kind)]).increment()
            throw error
        }
    }

    /// Counts a streamed answer's elements and their bytes, and times its first element from the
    /// start of the connect.
    private func elementMetrics(_ context: CallContext, _ base: [(String, String)]) -> StreamWatch {
        let (elements, bytes) = (counter("courier_stream_elements", base), counter("courier_stream_bytes", base))
        let first = metrics.metric("courier_stream_first_element", base) { label, dimensions in
            if let factory { return CoreMetrics.Timer(label: label, dimensions: dimensions, factory: factory) }
            return CoreMetrics.Timer(label: label, dimensions: dimensions)
        }
        return StreamWatch { note in
            if note.index == 0 { first.recordNanoseconds(nanoseconds(context.elapsed)) }
            elements.increment()
            bytes.increment(by: note.data.count)
        }
    }

    private func recordSideEffects(_ context: CallContext, _ base: [(String, String)]) {
        if let attempts = context.storage[RetryAttempts.self], attempts > 1 {
            counter("courier_call_retries", base).increment(by: attempts - 1)
        }
        if let outcome = context.storage[CacheOutcome.self], outcome != .bypassed {
            counter("courier_cache", base + [("outcome", "\(outcome)")]).increment()
        }
    }

    private func timer(_ dimensions: [(String, String)]) -> CoreMetrics.Timer {
        metrics.metric("courier_call_duration", dimensions) { label, dimensions in
            if let factory { return CoreMetrics.Timer(label: label, dimensions: dimensions, factory: factory) }
            return CoreMetrics.Timer(label: label, dimensions: dimensions)
        }
    }

    private func recorder(_ label: String, _ dimensions: [(String, String)]) -> Recorder {
        metrics.metric(label, dimensions) { label, dimensions in
            if let factory { return Recorder(label: label, dimensions: dimensions, aggregate: true, factory: factory) }
            return Recorder(label: label, dimensions: dimensions, aggregate: true)
        }
    }

    private func counter(_ label: String, _ dimensions: [(String, String)]) -> Counter {
        metrics.metric(label, dimensions) { label, dimensions in
            if let factory { return Counter(label: label, dimensions: dimensions, factory: factory) }
            return Counter(label: label, dimensions: dimensions)
        }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        return parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }
}

/// Metric objects by label and dimensions, made once: creating one per call would cost a factory
/// lookup and an allocation each time.
final class MetricCache: Sendable {
    private let metrics = Locked<[String: AnyObject]>([:])

    func metric<M: AnyObject>(_ label: String, _ dimensions: [(String, String)], make: (String, [(String, String)]) -> M) -> M {
        let key = label + dimensions.map { "|\($0.0)=\($0.1)" }.joined()
        return metrics.withLock { metrics in
            if let existing = metrics[key] as? M { return existing }
            let made = make(label, dimensions)
            metrics[key] = made
            return made
        }
    }
}
