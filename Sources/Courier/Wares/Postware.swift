/// A ware that runs after the network: it sees the request and the result, success or failure,
/// and returns the result the caller gets (the same, or a replacement).
///
/// Use it for logging, metrics, error envelopes and fallbacks:
///
/// ```swift
/// struct NotFoundIsEmpty: Postware {
///     func process(
///         _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
///     ) async throws -> RawResponse {
///         if case .failure(let error as CourierError) = result, error.status == .notFound {
///             return RawResponse(status: .ok, body: Data("[]".utf8))
///         }
///         return try result.get()
///     }
/// }
/// ```
///
/// A type may be both a ``Middleware`` and a `Postware`.
public protocol Postware: Ware {
    /// Returns the response the caller gets, given what the rest of the pipeline produced.
    func process(
        _ result: Result<RawResponse, any Error>,
        for request: PreparedRequest,
        context: CallContext
    ) async throws -> RawResponse
}

extension Postware {
    /// Runs the rest of the pipeline, then ``process(_:for:context:)`` on its result.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        let result: Result<RawResponse, any Error>
        do { result = .success(try await next(request, context)) } catch { result = .failure(error) }
        return try await process(result, for: request, context: context)
    }
}

extension Middleware where Self: Postware {
    /// Runs ``Middleware/prepare(_:context:)``, the rest of the pipeline, then
    /// ``Postware/process(_:for:context:)``. An answer from `prepare` also goes through `process`.
    public func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        let result: Result<RawResponse, any Error>
        var seen = request
        do {
            switch try await prepare(request, context: context) {
            case .proceed(let prepared):
                seen = prepared
                result = .success(try await next(prepared, context))
            case .respond(let response):
                result = .success(response)
            }
        } catch {
            result = .failure(error)
        }
        return try await process(result, for: seen, context: context)
    }
}
