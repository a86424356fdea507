import Foundation
import HTTPTypes

/// Which part of a request could not be built.
public enum InvalidRequestReason: Sendable, Hashable, CustomStringConvertible {
    /// The path has a `{name}` placeholder with no value.
    case missingPathParameter(String)
    /// A header name is not a valid HTTP field name.
    case invalidHeaderName(String)
    /// A header value contains CR, LF or another character not allowed in a field value.
    case invalidHeaderValue(name: String)
    /// The base URL has no scheme or host.
    case invalidBaseURL(String)
    /// The body could not be encoded; `message` is the encoder's explanation.
    case bodyEncoding(message: String)
    /// ``ServiceConfiguration/environment(_:)`` was asked for an environment it does not have.
    case unknownEnvironment(String, known: [String])

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .missingPathParameter(let name): "no value for path parameter {\(name)}"
        case .invalidHeaderName(let name): "invalid header name \"\(name)\""
        case .invalidHeaderValue(let name): "header \(name) has a value with CR, LF or another forbidden character"
        case .invalidBaseURL(let url): "base URL \"\(url)\" has no scheme or host"
        case .bodyEncoding(let message): "body could not be encoded: \(message)"
        case .unknownEnvironment(let name, let known):
            "no environment named \"\(name)\" (known: \(known.joined(separator: ", ")))"
        }
    }
}

/// Why the transport produced no response.
public enum TransportFailure: Sendable, CustomStringConvertible {
    /// No response within the request's timeout.
    case timedOut(after: Duration)
    /// The server could not be reached (refused, unknown host, no network).
    case cannotConnect(message: String)
    /// The connection closed before the whole response arrived.
    case connectionLost(message: String)
    /// Anything else the transport reported.
    case other(any Error)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .timedOut(let after): "timed out after \(after)"
        case .cannotConnect(let message): "cannot connect: \(message)"
        case .connectionLost(let message): "connection lost: \(message)"
        case .other(let error): "\(error)"
        }
    }
}

/// A body that did not decode into the expected type.
public struct DecodingFailure: Sendable, CustomStringConvertible {
    /// The type that was being decoded, such as `[Pet]`.
    public var type: String
    /// Where in the JSON it failed, such as `[3].owner.name`.
    public var codingPath: String
    /// The decoder's explanation.
    public var message: String
    /// The response's `Content-Type`, if any.
    public var contentType: String?
    /// The start of the body (up to about 1 KB), for the log.
    public var bodyExcerpt: String
    /// The whole response, so nothing is lost.
    public var response: RawResponse

    /// A one-line explanation.
    public var description: String {
        let at = codingPath.isEmpty ? "" : " at \(codingPath)"
        let type = contentType.map { " (Content-Type: \($0))" } ?? ""
        return "Could not decode \(self.type)\(at): \(message)\(type); body: \(bodyExcerpt)"
    }
}
