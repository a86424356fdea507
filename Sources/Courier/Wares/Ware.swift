/// A step in a client's pipeline: it sees the request on the way out and the result on the way
/// back, with the call's ``CallContext``. The one thing a ware conforms to.
///
/// ```swift
/// struct RetryOnce: Ware {
///     var position: WarePosition { .retry }
///
///     func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
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
/// - Retry: call `next` again, with ``CallContext/attempt`` increased (only when
///   ``PreparedRequest/isReplayable``: a one-shot body cannot be sent twice).
/// - Look at or replace the result: inspect what `next` returned or threw.
/// - Share one call among callers: ``Next`` is a value that may be kept and called from another
///   task (see ``Coalescing``).
/// - Watch whole calls, decoding included: take the ``WarePosition/observation`` slot.
/// - Hear the service's events: implement ``observe(_:)``.
/// - Say whose credentials you put on requests, so that outer wares (the cache) know before you
///   run: implement ``principal(for:context:)``.
/// - Leave something for other wares: ``CallContext/storage``; tell the app something:
///   ``CallContext/publish(_:)``; ask the service something first: ``CallContext/send(_:from:skipping:)``.
///
/// For the two common shapes there are adapters: ``Middleware`` (before the network: pass the
/// request on, or answer) and ``Postware`` (after it: see the result, return the one the caller
/// gets).
///
/// Errors a ware throws that are not ``CourierError`` or `CancellationError` reach the caller
/// as a ``CourierError`` whose reason is ``CourierError/Reason/ware(ware:error:)``, naming the
/// ware's type and holding the error as thrown.
public protocol Ware: Sendable {
    /// Where this ware runs relative to the others; ``WarePosition/standard`` by default.
    var position: WarePosition { get }

    /// Handles `request`, usually by calling `next` to run the rest of the pipeline.
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse

    /// Hears every event published on a client that has this ware (its own included); nothing by
    /// default. It runs synchronously in the publisher: keep it short and start a task for slow
    /// work.
    func observe(_ event: any ServiceEvent)

    /// Whose credentials this ware will put on `request`, or `nil` when it adds none (the
    /// default). The client asks every ware once per call, before any ware runs, and combines the
    /// answers with the request's own credential fields into ``CallContext/principal``. Answer
    /// quickly (no network) with a stable name of the credentials — a user or session ID, never a
    /// token, which a refresh changes:
    ///
    /// ```swift
    /// func principal(for request: PreparedRequest, context: CallContext) async -> Principal? {
    ///     Principal("device:\(device.id)")
    /// }
    /// ```
    func principal(for request: PreparedRequest, context: CallContext) async -> Principal?
}

extension Ware {
    /// The default position: the standard slot, between events and retry.
    public var position: WarePosition { .standard }

    /// Hears nothing.
    public func observe(_ event: any ServiceEvent) {}

    /// Adds no credentials.
    public func principal(for request: PreparedRequest, context: CallContext) async -> Principal? { nil }

    /// Runs this ware by itself, with `next` standing for the rest of the pipeline: for tests
    /// and for wares that wrap another.
    ///
    /// ```swift
    /// let response = try await MyWare().intercept(request, context: .testing()) { request, _ in
    ///     RawResponse(status: .ok)
    /// }
    /// ```
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: @escaping @Sendable (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        try await intercept(request, context: context, next: Next(next))
    }
}
