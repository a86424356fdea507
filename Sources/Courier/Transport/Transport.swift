import Foundation

/// Moves one prepared request over the network and returns the raw response.
///
/// Implement it to put Courier on another HTTP stack; use ``URLSessionTransport`` on Apple
/// platforms and Linux, or `StubTransport` from `CourierTesting` in tests.
///
/// The call's ``CallContext`` comes along, for its logger, clock and identity.
///
/// A transport must:
/// - end the call when ``PreparedRequest/timeout`` passes, body included, and throw
///   ``CourierError/transport(_:)`` with ``TransportFailure/timedOut(after:)``;
/// - stop work and throw `CancellationError` when the calling task is cancelled;
/// - hold the body to ``PreparedRequest/maximumResponseSize`` (``ResponseBodyCollector`` does
///   it) and throw ``TransportFailure/responseTooLarge(limit:)`` past it;
/// - follow redirects only as ``PreparedRequest/redirects`` allows, dropping `Authorization`,
///   `Proxy-Authorization`, `Cookie` and ``PreparedRequest/credentialFields`` on the way to
///   another origin, and return a redirect it does not follow as the `3xx` response;
/// - return every other status as a response (status checks happen later, in the client).
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: PreparedRequest, context: CallContext) async throws -> RawResponse {
///         RawResponse(status: .ok, body: request.body ?? Data())
///     }
/// }
/// ```
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: PreparedRequest, context: CallContext) async throws -> RawResponse
}
