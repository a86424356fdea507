/// A ware made of one closure that runs after the network: it sees the request and the result,
/// success or failure, and returns the result the caller gets (the same, or a replacement).
///
/// Use it for logging, metrics and fallbacks:
///
/// ```swift
/// let notFoundIsEmpty = Postware { result, request, context in
///     if case .failure(let error as CourierError) = result, error.status == .notFound {
///         return RawResponse(status: .ok, body: Data("[]".utf8))
///     }
///     return try result.get()
/// }
/// ```
///
/// At ``WarePosition/observation`` it also sees whether the body decoded.
public struct Postware: Ware {
    /// Where the postware runs.
    public let position: WarePosition
    private let process: @Sendable (Result<RawResponse, any Error>, PreparedRequest, CallContext) async throws -> RawResponse

    /// A postware at `position` that turns the result into the caller's with `process`.
    public init(
        position: WarePosition = .standard,
        _ process: @escaping @Sendable (
            _ result: Result<RawResponse, any Error>, _ request: PreparedRequest, _ context: CallContext
        ) async throws -> RawResponse
    ) {
        self.position = position
        self.process = process
    }

    /// Runs the rest of the pipeline, then `process` on its result.
    public func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await process(await next.result(request, context), request, context)
    }
}
