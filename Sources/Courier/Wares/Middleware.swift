/// A ware that runs before the network: it passes a (possibly changed) request on, or answers
/// itself so that nothing further runs.
///
/// Use it for request decoration (headers, signing) and short-circuits (offline answers):
///
/// ```swift
/// struct UserAgent: Middleware {
///     func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
///         var request = request
///         request.http.headerFields[.userAgent] = "MyApp/1.0"
///         return .proceed(request)
///     }
/// }
/// ```
///
/// Throwing aborts with that error. A type may be both a `Middleware` and a ``Postware``.
public protocol Middleware: Ware {
    /// Decides what happens to `request` before the rest of the pipeline.
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision
}

/// What a ``Middleware`` decided.
public enum MiddlewareDecision: Sendable {
    /// Continue with this request.
    case proceed(PreparedRequest)
    /// Stop here and answer with this response; the transport is not called.
    case respond(RawResponse)
}

extension Middleware {
    /// Runs ``prepare(_:context:)``, then the rest of the pipeline unless it answered.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        switch try await prepare(request, context: context) {
        case .proceed(let request): try await next(request, context)
        case .respond(let response): response
        }
    }
}
