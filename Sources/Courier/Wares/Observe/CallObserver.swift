import HTTPTypes

/// A ware for code that only watches calls (and perhaps adds header fields): it hears when a
/// call is about to be sent, and whether it succeeded or failed, and cannot change the outcome.
/// It runs in the observation slot, so it sees decoding failures and the whole call's duration.
///
/// Implement any of the four; the others do nothing:
///
/// ```swift
/// struct Analytics: CallObserver {
///     func willSend(_ request: PreparedRequest, context: CallContext) { track("start", context.endpoint) }
///     func didSucceed(_ response: RawResponse, request: PreparedRequest, context: CallContext) {
///         track("ok", context.endpoint, context.elapsed)
///     }
///     func didFail(_ error: any Error, request: PreparedRequest, context: CallContext) { track("failed", context.endpoint) }
///     func extraHeaders(for request: PreparedRequest, context: CallContext) -> HTTPFields {
///         [HTTPField.Name("X-App-Version")!: "1.2.3"]
///     }
/// }
/// ```
public protocol CallObserver: Ware {
    /// Called before the call goes on, with the request as it will be sent on (extra header
    /// fields included).
    func willSend(_ request: PreparedRequest, context: CallContext)
    /// Called when the call produced a response the caller will get.
    func didSucceed(_ response: RawResponse, request: PreparedRequest, context: CallContext)
    /// Called when the call failed (cancellation included), before the error reaches the caller.
    func didFail(_ error: any Error, request: PreparedRequest, context: CallContext)
    /// Header fields to add to the request; none by default.
    func extraHeaders(for request: PreparedRequest, context: CallContext) -> HTTPFields
}

extension CallObserver {
    /// Does nothing.
    public func willSend(_ request: PreparedRequest, context: CallContext) {}
    /// Does nothing.
    public func didSucceed(_ response: RawResponse, request: PreparedRequest, context: CallContext) {}
    /// Does nothing.
    public func didFail(_ error: any Error, request: PreparedRequest, context: CallContext) {}
    /// No extra header fields.
    public func extraHeaders(for request: PreparedRequest, context: CallContext) -> HTTPFields { [:] }

    /// The observation slot.
    public var position: WarePosition { .observation }

    /// Adds the extra header fields, tells `willSend`, runs the call and tells how it ended.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        var request = request
        for field in extraHeaders(for: request, context: context) { request.http.headerFields[field.name] = field.value }
        willSend(request, context: context)
        do {
            let response = try await next(request, context)
            didSucceed(response, request: request, context: context)
            return response
        } catch {
            didFail(error, request: request, context: context)
            throw error
        }
    }
}
