import Courier
import Foundation
import HTTPTypes
import Tracing

/// Wraps every call in a client span of swift-distributed-tracing, with the HTTP attributes of
/// OpenTelemetry's conventions, and injects the span's context into the request's header fields
/// (W3C `traceparent` with a W3C instrument), so the server's spans join the same trace.
///
/// The span is a child of the caller's current span (`ServiceContext.current`).
///
/// ```swift
/// let client = try Client(service: service, wares: [TracingWare()])  // InstrumentationSystem.tracer
/// ```
public struct TracingWare: Ware {
    private let tracer: any Tracer

    /// A tracing ware using `tracer` (the bootstrapped one by default).
    public init(tracer: any Tracer = InstrumentationSystem.tracer) {
        self.tracer = tracer
    }

    /// The observation slot: the span covers the whole call.
    public var position: WarePosition { .observation }

    /// Runs the call inside a client span.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        let span = tracer.startSpan(context.endpoint, context: .current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        span.attributes["http.request.method"] = request.http.method.rawValue
        span.attributes["url.full"] = context.service.redaction.redactedURL(of: request.http)
        span.attributes["courier.endpoint"] = context.endpoint
        span.attributes["courier.call"] = "\(context.callID)"
        if let authority = request.http.authority {
            let parts = authority.split(separator: ":")
            span.attributes["server.address"] = String(parts.first ?? "")
            if parts.count == 2, let port = Int(parts[1]) { span.attributes["server.port"] = port }
        }
        var traced = request
        tracer.inject(span.context, into: &traced.http.headerFields, using: HTTPFieldsInjector())
        do {
            let response = try await next(traced, context)
            span.attributes["http.response.status_code"] = response.status.code
            if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return response
        } catch {
            if let status = (error as? CourierError)?.status { span.attributes["http.response.status_code"] = status.code }
            span.attributes["error.type"] = (error as? CourierError)?.kind.name ?? "\(type(of: error))"
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }
}

/// Writes instrument values into HTTP header fields.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into fields: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        fields[name] = value
    }
}
