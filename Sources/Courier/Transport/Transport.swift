import Foundation

/// Moves one prepared request over the network and returns the raw response.
///
/// Implement it to put Courier on another HTTP stack; use ``URLSessionTransport`` on Apple
/// platforms and Linux, or `StubTransport` from `CourierTesting` in tests.
///
/// The call's ``TransportContext`` comes along: its identity, logger, deadline and progress sink.
///
/// A transport must:
/// - send ``PreparedRequest/body`` of every kind: bytes, a file (read while sending) and a stream
///   (chunked when its ``HTTPBody/length`` is unknown);
/// - hand the response body over as ``PreparedRequest/responseDelivery`` asks for a status the
///   request accepts (``PreparedRequest/delivery(for:)``): collected, as a stream with
///   back-pressure (``HTTPBody/init(_:length:replayable:)``), or written to a file;
/// - end the call at ``TransportContext/deadline``, body included (a streamed one too), and
///   throw ``CourierError/transport(_:)`` with ``TransportFailure/timedOut(after:)``;
/// - stop work and throw `CancellationError` when the calling task is cancelled;
/// - hold a collected body to ``PreparedRequest/maximumResponseSize`` (``ResponseBodyCollector``
///   does it) and throw ``TransportFailure/responseTooLarge(limit:)`` past it;
/// - follow redirects only as ``PreparedRequest/redirects`` allows (to another origin only when
///   its ``RedirectPolicy/crossesOrigins``), dropping `Authorization`, `Proxy-Authorization`,
///   `Cookie` and ``PreparedRequest/credentialFields`` on the way to another origin, refuse a
///   `307` or `308` that would resend a body carrying secrets there (see ``RedirectPolicy``), and
///   return a redirect it does not follow as the `3xx` response;
/// - return every other status as a response (status checks happen later, in the client).
///
/// ```swift
/// struct EchoTransport: Transport {
///     func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
///         RawResponse(http: HTTPResponse(status: .ok), body: request.body ?? .empty)
///     }
/// }
/// ```
public protocol Transport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse
}
