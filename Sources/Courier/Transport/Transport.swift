import Foundation

/// Moves one prepared request over the network and returns the raw response.
///
/// Implement it to put Courier on another HTTP stack; use ``URLSessionTransport`` on Apple
/// platforms and Linux, or `StubTransport` from `CourierTesting` in tests.
///
/// The call's ``CallContext`` comes along, for its logger, clock and identity.
///
/// A transport must:
/// - honour ``PreparedRequest/timeout`` and throw ``CourierError/transport(_:)`` with
///   ``TransportFailure/timedOut(after:)`` when it passes;
/// - stop work and throw `CancellationError` when the calling task is cancelled;
/// - return every status as a response (status checks happen later, in the client).
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
