import Courier
import Foundation
import HTTPTypes

/// What a ``StubTransport`` does for a matched request: answer at once, answer after a delay,
/// throw an error, or run your own closure.
///
/// ```swift
/// stub.on(.get, "/pets", reply: .json(#"[{"id":1}]"#))
/// stub.on(.get, "/slow", reply: .json("{}").delayed(by: .seconds(2)))
/// stub.on(.get, "/down", reply: .failure(CourierError.transport(.cannotConnect(message: "offline"))))
/// ```
public struct StubReply: Sendable {
    let respond: @Sendable (PreparedRequest) async throws -> RawResponse
    let delay: Duration?

    /// A reply computed by `respond` from the request; whatever it throws is thrown by the transport.
    public init(_ respond: @escaping @Sendable (PreparedRequest) async throws -> RawResponse) {
        self.respond = respond
        self.delay = nil
    }

    private init(delay: Duration?, respond: @escaping @Sendable (PreparedRequest) async throws -> RawResponse) {
        self.respond = respond
        self.delay = delay
    }

    /// Answers with `response` as it is.
    public static func response(_ response: RawResponse) -> StubReply {
        StubReply { _ in response }
    }

    /// Answers with `status` and no body.
    public static func status(_ status: HTTPResponse.Status) -> StubReply {
        .response(RawResponse(status: status))
    }

    /// Answers with JSON text and `Content-Type: application/json`.
    public static func json(_ text: String, status: HTTPResponse.Status = .ok) -> StubReply {
        .response(RawResponse(status: status, headers: [.contentType: "application/json"], body: Data(text.utf8)))
    }

    /// Answers with `value` encoded as JSON (keys sorted); an encoding failure is thrown.
    public static func json(encoding value: some Encodable & Sendable, status: HTTPResponse.Status = .ok) -> StubReply {
        StubReply { _ in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return RawResponse(status: status, headers: [.contentType: "application/json"], body: try encoder.encode(value))
        }
    }

    /// Throws `error` instead of answering, as a failing network would.
    public static func failure(_ error: any Error) -> StubReply {
        StubReply { _ in throw error }
    }

    /// This reply after `delay` on the client's clock (a `ManualClock` in tests moves it);
    /// cancelling the calling task during the delay throws `CancellationError` at once.
    public func delayed(by delay: Duration) -> StubReply {
        StubReply(delay: delay, respond: respond)
    }

    /// Runs the reply as a transport would: a delay past the request's timeout ends in
    /// ``TransportFailure/timedOut(after:)`` at the timeout, and a body over the request's
    /// ``PreparedRequest/maximumResponseSize`` in ``TransportFailure/responseTooLarge(limit:)``.
    func run(_ request: PreparedRequest, context: CallContext) async throws -> RawResponse {
        if let delay {
            guard delay <= request.timeout else {
                try await context.sleep(for: request.timeout)
                throw CourierError.transport(.timedOut(after: request.timeout))
            }
            try await context.sleep(for: delay)
        }
        try Task.checkCancellation()
        let response = try await respond(request)
        guard response.body.count <= request.maximumResponseSize else {
            throw CourierError.transport(.responseTooLarge(limit: request.maximumResponseSize))
        }
        return response
    }
}
