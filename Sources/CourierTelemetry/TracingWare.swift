import Courier
import Foundation
import HTTPTypes
import Tracing

/// Wraps every call in a client span of swift-distributed-tracing, with the HTTP attributes of
/// OpenTelemetry's conventions, and injects the span's context into the request's header fields
/// (W3C `traceparent` with a W3C instrument), so the server's spans join the same trace.
///
/// The span is a child of the caller's current span (`ServiceContext.current`), and is the
/// current span while the call runs: a side request of the call (an `Authenticator`'s token
/// refresh) is a child span of it.
///
/// The span ends with the call; for a stream's connect (server-sent events, JSON Lines, JSON text
/// sequences) it ends with the connection instead, its `courier.outcome` saying how: `finished`,
/// `failed`, `cancelled` or `abandoned` by the caller.
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
        // The call's secrets (its sensitive path parameters, values wares registered) are hidden
        // wherever they appear: redaction by name cannot find a path segment's.
        let secrets = context.secrets(of: request)
        let url = context.service.redaction.redactedURL(of: request.http)
        let span = tracer.startSpan(
            context.boundedEndpoint.map { secrets.scrub($0) } ?? request.http.method.rawValue,
            context: .current ?? .topLevel, ofKind: .client)
        name(span, method: request.http.method, url: url, context: context, secrets: secrets)
        span.attributes["http.request.method"] = request.http.method.rawValue
        span.attributes["courier.call"] = "\(context.callID)"
        if let authority = request.http.authority {
            let server = TracingWare.server(of: authority)
            span.attributes["server.address"] = server.address
            if let port = server.port ?? TracingWare.defaultPort(of: request.http.scheme) { span.attributes["server.port"] = port }
        }
        var traced = request
        tracer.inject(span.context, into: &traced.http.headerFields, using: HTTPFieldsInjector())
        var response: RawResponse
        do {
            // The span is current while the call runs, so what the call sends of its own (a token
            // refresh through this client) is a child of it, in the same trace.
            response = try await ServiceContext.withValue(span.context) { try await next(traced, context) }
        } catch {
            TracingWare.record(error, on: span, context: context)
            // Wares inside the call may have registered secrets since it started.
            name(span, method: request.http.method, url: url, context: context, secrets: secrets)
            span.end()
            throw error
        }
        span.attributes["http.response.status_code"] = response.status.code
        // OpenTelemetry's HTTP client spans: a 4xx or 5xx is an error, accepted or not, and its
        // code is the error's type. There is no exception to record.
        if response.status.code >= 400 {
            span.attributes["error.type"] = "\(response.status.code)"
            span.setStatus(SpanStatus(code: .error))
        }
        name(span, method: request.http.method, url: url, context: context, secrets: secrets)
        if request.streamConnection != nil, response.body.isStream {
            // A stream's connection is not over at its head: its span ends with it, saying how.
            // The watch holds the span only (not the context, which the stream would keep alive).
            response.watchStream(StreamWatch(end: { end in TracingWare.end(span, with: end) }))
        } else {
            span.end()
        }
        return response
    }

    /// Records on `span` how the call failed with `error`.
    private static func record(_ error: any Error, on span: any Span, context: CallContext) {
        // OpenTelemetry's HTTP conventions: a cancellation the caller asked for is not an error of
        // the client span (status unset, no error.type); the span says it was cancelled in
        // MetricsWare's word for it.
        if CallFailureKind.isCancellation(error) {
            span.attributes["courier.outcome"] = CallFailureKind.cancelled
            return
        }
        let status = TracingWare.ownStatus(of: error, context: context)
        if let status { span.attributes["http.response.status_code"] = status }
        // A status that arrived names the error, as for an accepted one (OpenTelemetry); a body
        // that did not decode at a 2xx is a `decoding` error, not a `200` one.
        span.attributes["error.type"] = status.flatMap { $0 >= 400 ? "\($0)" : nil } ?? CallFailureKind.errorType(of: error)
        span.recordError(error)
        span.setStatus(SpanStatus(code: .error))
    }

    /// Ends a stream connection's span, saying how the connection ended: a failure is an error of
    /// the span as a failed call's is; the caller's cancellation and its leaving early are not.
    private static func end(_ span: any Span, with end: StreamEnd) {
        switch end {
        case .finished:
            span.attributes["courier.outcome"] = "finished"
        case .cancelled:
            span.attributes["courier.outcome"] = CallFailureKind.cancelled
        case .abandoned:
            span.attributes["courier.outcome"] = "abandoned"
        case .failed(let error):
            span.attributes["courier.outcome"] = "failed"
            span.attributes["error.type"] = CallFailureKind.errorType(of: error)
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
        }
        span.end()
    }

    /// The host of `authority` (`host`, `host:port`, `[IPv6]`, `[IPv6]:port`, after any user
    /// information), an IPv6 address without its brackets, and its port when it has one.
    private static func server(of authority: String) -> (address: String, port: Int?) {
        var rest = Substring(authority)
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        let host: Substring
        let port: Substring?
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            port = after.hasPrefix(":") ? after.dropFirst() : nil
        } else if let colon = rest.lastIndex(of: ":"), !rest[..<colon].contains(":") {
            (host, port) = (rest[..<colon], rest[rest.index(after: colon)...])
        } else {
            (host, port) = (rest, nil)  // no port, or an IPv6 address without brackets
        }
        guard let port, !port.isEmpty, port.utf8.count <= 5, port.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(port), number <= 65535
        else { return (String(host), nil) }
        return (String(host), number)
    }

    /// The port a URL of `scheme` has when it names none.
    private static func defaultPort(of scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http", "ws": 80
        case "https", "wss": 443
        default: nil
        }
    }

    /// The status of the call's own response that `error` carries: a rejected status's, a body
    /// that did not decode's, a service error envelope's. Another failure's response is not the
    /// call's (a failed token refresh carries the token endpoint's), and neither is another call's.
    private static func ownStatus(of error: any Error, context: CallContext) -> Int? {
        guard let error = error as? CourierError, error.call.map({ $0.callID == context.callID }) ?? true else { return nil }
        switch error.reason {
        case .status, .decoding, .service: return error.status?.code
        case .invalidRequest, .transport, .stream, .ware, .other: return nil
        }
    }

    /// Sets what the span shows of the URL and the endpoint's name, scrubbed of the call's secrets
    /// known so far. The span's name is the endpoint's name when its values are bounded, else the
    /// method alone, as OpenTelemetry names an HTTP client span without a URL template (a span's
    /// name must take few values; `url.full` still shows the path).
    private func name(_ span: any Span, method: HTTPRequest.Method, url: String, context: CallContext, secrets: CallSecrets) {
        let endpoint = context.boundedEndpoint.map { secrets.scrub($0) }
        let name = endpoint ?? method.rawValue
        if span.operationName != name { span.operationName = name }
        span.attributes["url.full"] = secrets.scrub(url)
        span.attributes["courier.endpoint"] = endpoint ?? "unnamed"
    }
}

/// Writes instrument values into HTTP header fields.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into fields: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        fields[name] = value
    }
}
