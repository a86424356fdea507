/// A ware made of one closure that runs before the network: it passes a (possibly changed)
/// request on, or answers itself so that nothing further runs.
///
/// Use it for request decoration (headers, signing) and short-circuits (offline answers):
///
/// ```swift
/// let userAgent = Middleware { request, context in
///     var request = request
///     request.http.headerFields[.userAgent] = "MyApp/1.0"
///     return .proceed(request)
/// }
/// let client = try Client(service: service, wares: [userAgent])
/// ```
///
/// Throwing aborts with that error. Write a ``Ware`` when one step needs both sides of the call.
public struct Middleware: Ware {
    /// Where the middleware runs.
    public let position: WarePosition
    private let prepare: @Sendable (PreparedRequest, CallContext) async throws -> MiddlewareDecision

    /// A middleware at `position` that decides with `prepare`.
    public init(
        position: WarePosition = .standard,
        _ prepare: @escaping @Sendable (PreparedRequest, CallContext) async throws -> MiddlewareDecision
    ) {
        self.position = position
        self.prepare = prepare
    }

    /// Runs `prepare`, then the rest of the pipeline unless it answered.
    public func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        switch try await prepare(request, context) {
        case .proceed(let request): try await next(request, context)
        case .respond(let response): response
        }
    }
}

/// What a ``Middleware`` decided.
public enum MiddlewareDecision: Sendable {
    /// Continue with this request.
    case proceed(PreparedRequest)
    /// Stop here and answer with this response; the transport is not called.
    case respond(RawResponse)
}
