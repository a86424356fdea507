/// A step in a client's pipeline that wraps the rest of it: it sees the request on the way out
/// and the result on the way back, with the call's ``CallContext``.
///
/// This is the one core shape; ``Middleware`` and ``Postware`` are friendlier forms built on it.
/// Implement `Ware` directly when one step needs both sides at once, for example to retry:
///
/// ```swift
/// struct RetryOnce: Ware {
///     var position: WarePosition { .retry }
///
///     func intercept(
///         _ request: PreparedRequest, context: CallContext,
///         next: (PreparedRequest, CallContext) async throws -> RawResponse
///     ) async throws -> RawResponse {
///         do { return try await next(request, context) } catch let error as CourierError where error.kind == .transport {
///             var again = context
///             again.attempt += 1
///             return try await next(request, again)
///         }
///     }
/// }
/// ```
///
/// - Change the request: call `next` with a modified copy.
/// - Abort: return a response or throw without calling `next`; the transport is never called.
/// - Retry: call `next` again, with ``CallContext/attempt`` increased.
/// - Look at or replace the result: inspect what `next` returned or threw.
/// - Leave something for other wares: ``CallContext/storage``; tell the app something:
///   ``CallContext/publish(_:)``; ask the service something first: ``CallContext/send(_:from:skipping:)``.
///
/// Errors a ware throws that are not ``CourierError`` or `CancellationError` reach the caller
/// as a ``CourierError`` whose reason is ``CourierError/Reason/ware(ware:error:)``, naming the
/// ware's type and holding the error as thrown.
public protocol Ware: Sendable {
    /// Where this ware runs relative to the others; ``WarePosition/standard`` by default.
    var position: WarePosition { get }

    /// Handles `request`, usually by calling `next` to run the rest of the pipeline.
    func intercept(
        _ request: PreparedRequest,
        context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse
}

extension Ware {
    /// The default position: the standard slot, between events and retry.
    public var position: WarePosition { .standard }
}
