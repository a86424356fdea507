import Foundation
import HTTPTypes

/// Every failure a ``Client`` reports: what went wrong (``kind`` and ``reason``) and which call it
/// happened to (``call``).
///
/// Cancellation is not one of them: a cancelled call throws Swift's `CancellationError`.
///
/// ```swift
/// do {
///     let pet = try await client.send(Petstore.getPet(id: 7))
/// } catch let error as CourierError where error.kind == .status {
///     print(error.status?.code, error.call?.endpoint)      // 404, "getPet"
/// } catch let error as CourierError where error.kind == .serviceError {
///     if let service = error.serviceError(as: Petstore.ServiceError.self) { … }  // the backend's envelope, typed
/// } catch let error as CourierError {
///     if case .transport(.timedOut) = error.reason { … }
///     if let refusal = error.underlying(as: Refusal.self) { … }  // a ware's own error, typed
/// }
/// ```
public struct CourierError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, with the details that belong to it.
    public var reason: Reason
    /// The call that failed: endpoint, method, URL (sensitive query values redacted), attempt.
    /// The client fills it in before the error reaches the caller; `nil` only for errors made
    /// outside a call, such as a client that could not be created.
    public var call: CallIdentity?
    /// The secret values of the call, scrubbed from ``message`` and ``description`` wherever they
    /// appear (a server echoing a token in an error body, a key under a name nobody marked).
    var secrets: CallSecrets?

    /// Creates an error for `reason`, with the call it belongs to if known.
    public init(_ reason: Reason, call: CallIdentity? = nil) {
        self.reason = reason
        self.call = call
    }

    /// What went wrong, with its details.
    public enum Reason: Sendable {
        /// The request could not be built; nothing was sent.
        case invalidRequest(InvalidRequestReason)
        /// The transport failed to get a response: no connection, timeout, connection lost.
        case transport(TransportFailure)
        /// A response arrived with a status the request does not accept; the whole response is kept.
        case status(RawResponse)
        /// The body could not be turned into the expected type.
        case decoding(DecodingFailure)
        /// An element of a streamed body (a server-sent event, a JSON line, a JSON text sequence
        /// record) was too large, did not decode, or was cut short; it names the element's position.
        case stream(StreamFailure)
        /// A ware threw an error of its own; `ware` names its type, `error` is that error as thrown.
        case ware(ware: String, error: any Error)
        /// The backend answered with its own error envelope: a generated client's typed error
        /// (such as `Petstore.ServiceError`), with the response it came in. Read it typed with
        /// ``CourierError/serviceError(as:)``.
        case service(any ServiceFailure)
        /// Any other failure, of a kind a ware defines (cache miss, refresh failed, …): a
        /// secret-free message, and the response and underlying error when there are any.
        case other(kind: Kind, message: String, response: RawResponse?, underlying: (any Error)?)
    }

    /// What kind of failure this is, for `switch`es and metrics; open, so wares add their own.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, such as `status` or `cacheMiss`.
        public let name: String

        /// A kind with this name; wares declare theirs as `static let` constants.
        public init(_ name: String) { self.name = name }

        /// The name.
        public var description: String { name }

        /// The request could not be built.
        public static let invalidRequest = Kind("invalidRequest")
        /// No response arrived.
        public static let transport = Kind("transport")
        /// A status the request does not accept.
        public static let status = Kind("status")
        /// The body, or an element of a streamed body, did not decode (or was cut short).
        public static let decoding = Kind("decoding")
        /// A ware failed with an error of its own.
        public static let ware = Kind("ware")
        /// A cache-only answer was asked for and nothing was stored.
        public static let cacheMiss = Kind("cacheMiss")
        /// The credentials could not be refreshed; the session is over.
        public static let refreshFailed = Kind("refreshFailed")
        /// The backend answered with its own error envelope.
        public static let serviceError = Kind("serviceError")
        /// The response body, or one element of a streamed body, was larger than the request allows.
        public static let responseTooLarge = Kind("responseTooLarge")
    }

    /// What kind of failure this is.
    public var kind: Kind {
        switch reason {
        case .invalidRequest: .invalidRequest
        case .transport(.responseTooLarge), .transport(.compressionRatioExceeded): .responseTooLarge
        case .transport: .transport
        case .status: .status
        case .decoding: .decoding
        case .stream(.elementTooLarge): .responseTooLarge
        case .stream: .decoding
        case .ware: .ware
        case .service: .serviceError
        case .other(let kind, _, _, _): kind
        }
    }

    /// The response the failure is about, when one arrived (status, decoding and service
    /// failures, and other failures that carry one).
    public var response: RawResponse? {
        switch reason {
        case .status(let response): response
        case .decoding(let failure): failure.response
        case .service(let failure): failure.response
        case .other(_, _, let response, _): response
        case .invalidRequest, .transport, .ware, .stream: nil
        }
    }

    /// The response's status, when a response arrived.
    public var status: HTTPResponse.Status? { response?.status }

    /// The error underneath: a ware's own error, the backend's error envelope, or the cause of a
    /// transport or other failure.
    public var underlying: (any Error)? {
        switch reason {
        case .ware(_, let error): error
        case .transport(.other(let error)): error
        case .service(let failure): failure
        case .other(_, _, _, let underlying): underlying
        case .stream(.undecodableElement(let failure)): failure.underlying
        case .invalidRequest, .transport, .status, .decoding, .stream: nil
        }
    }

    /// The backend's error envelope as `type`, the generated client's typed error:
    /// `error.serviceError(as: Petstore.ServiceError.self)?.body`. `nil` when the failure is not
    /// an envelope of that type. Looks through nested `CourierError`s (a side request's envelope
    /// inside a ware's failure, such as a refresh the backend refused).
    public func serviceError<Failure: ServiceFailure>(as type: Failure.Type) -> Failure? {
        underlying(as: type)
    }

    /// The underlying error as `type`, such as a ware's own error: `error.underlying(as: Refusal.self)`.
    /// Looks through nested `CourierError`s (a side request's failure inside a ware's).
    public func underlying<E: Error>(as type: E.Type) -> E? {
        guard let underlying else { return nil }
        if let match = underlying as? E { return match }
        return (underlying as? CourierError)?.underlying(as: type)
    }

    /// What went wrong, without the call: `status 404 Not Found: {"error":"no such pet"}`. The
    /// call's secrets are scrubbed from it by value, whatever their name.
    public var message: String {
        let text = unscrubbedMessage
        return secrets?.scrub(text) ?? text
    }

    private var unscrubbedMessage: String {
        let redaction = secrets?.redaction ?? .standard
        return switch reason {
        case .invalidRequest(let reason):
            "invalid request: \(reason)"
        case .transport(let failure):
            "transport failed: \(failure)"
        case .status(let response):
            "status \(response.status.code)"
                + (response.status.phrase.isEmpty ? "" : " \(response.status.phrase)")
                + excerpt(of: response, redaction)
        case .decoding(let failure):
            "\(failure)"
        case .stream(let failure):
            "stream: \(failure)"
        case .ware(let ware, let error):
            "ware \(ware) failed: \(error)"
        case .service(let failure):
            "service error \(failure.response.status.code)"
                + (failure.response.status.phrase.isEmpty ? "" : " \(failure.response.status.phrase)")
                + excerpt(of: failure.response, redaction)
        case .other(_, let message, _, _):
            message
        }
    }

    /// `: <the body's start>`, redacted by `redaction`, or nothing for an empty body.
    private func excerpt(of response: RawResponse, _ redaction: Redaction) -> String {
        let text = response.bodyExcerpt(redactedBy: redaction)
        return text.isEmpty ? "" : ": \(text)"
    }

    /// One line for logs and test failures: the call, then what went wrong.
    public var description: String {
        guard let call else { return message }
        let text = "\(call): \(unscrubbedMessage)"
        return secrets?.scrub(text) ?? text
    }
}

extension CourierError: CustomReflectable {
    /// What `dump` shows: the kind, the message (scrubbed of the call's secrets) and the call.
    /// Not the reason's payload: a response's header fields and body bytes, or a wrapped error,
    /// may hold a secret under any name (a server echoing the request's URL in a header), and a
    /// mirror cannot scrub them. ``reason``, ``response`` and ``underlying`` still give it all.
    public var customMirror: Mirror {
        let call = call.map { secrets?.scrub($0.description) ?? $0.description }
        return Mirror(self, children: ["kind": kind, "message": message, "call": call as Any], displayStyle: .struct)
    }
}

extension CourierError {
    /// The request could not be built.
    public static func invalidRequest(_ reason: InvalidRequestReason) -> CourierError {
        CourierError(.invalidRequest(reason))
    }

    /// The transport produced no response.
    public static func transport(_ failure: TransportFailure) -> CourierError {
        CourierError(.transport(failure))
    }

    /// `response` has a status the request does not accept.
    public static func unacceptableStatus(_ response: RawResponse) -> CourierError {
        CourierError(.status(response))
    }

    /// The body did not decode.
    public static func decoding(_ failure: DecodingFailure) -> CourierError {
        CourierError(.decoding(failure))
    }

    /// An element of a streamed body was too large, did not decode, or was cut short.
    public static func stream(_ failure: StreamFailure) -> CourierError {
        CourierError(.stream(failure))
    }

    /// A failure of a kind a ware defines; `message` must not contain secrets.
    public static func other(
        _ kind: Kind, _ message: String, response: RawResponse? = nil, underlying: (any Error)? = nil
    ) -> CourierError {
        CourierError(.other(kind: kind, message: message, response: response, underlying: underlying))
    }
}
