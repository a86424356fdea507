/// A ware that may run the rest of the pipeline in a task of its own, so that the call it makes
/// can outlive the caller who started it: the shape for sharing one call among several callers.
///
/// The chain hands it an escaping `detachedNext` instead of the non-escaping `next` (that costs
/// one closure per call, so only wares that need it take this shape). Anything that runs inside
/// `detachedNext` runs without the body decoding, so place such a ware outside the observation
/// slot.
///
/// ```swift
/// struct Shared: DetachingWare {
///     let calls = SharedCalls()          // your own bookkeeping
///     func intercept(_ request: PreparedRequest, context: CallContext,
///                    detachedNext: @escaping @Sendable (PreparedRequest, CallContext) async throws -> RawResponse)
///         async throws -> RawResponse {
///         try await calls.join(key(for: request)) { try await detachedNext(request, context) }
///     }
/// }
/// ```
public protocol DetachingWare: Ware {
    /// Handles `request`; `detachedNext` runs the rest of the pipeline and may be called from
    /// another task, later than this method returns.
    func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        detachedNext: @escaping @Sendable (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse
}

extension DetachingWare {
    /// Outside a client's chain (a ware called by hand), runs `next` directly: nothing is shared.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        try await next(request, context)
    }
}
