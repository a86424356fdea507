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
    /// The base URL has a part requests are never sent with (`part`: `query`, `user and
    /// password`, `fragment`); `url` is the base URL without it. Query items belong to the
    /// requests (or a ware), credentials to an auth scheme.
    case baseURLPartNotSent(url: String, part: String)
    /// The body could not be encoded; `message` is the encoder's explanation.
    case bodyEncoding(message: String)
    /// ``ServiceConfiguration/environment(_:)`` was asked for an environment it does not have.
    case unknownEnvironment(String, known: [String])
    /// A `GET` or `HEAD` request has a body, which servers and proxies ignore or reject.
    case bodyNotAllowed(method: String)
    /// A path parameter is empty, `.` or `..` (or a multi-segment one, `{+path}`, holds a `.` or
    /// `..` segment), which would make the request address something outside the path the spec
    /// describes: servers and proxies merge an empty segment's `//` and resolve dot segments,
    /// even percent-encoded ones.
    case invalidPathSegment(parameter: String, segment: String)
    /// The body's file could not be read (`path` is the file's name, without its directories).
    case bodyFileUnreadable(path: String, reason: String)
    /// The body is a one-shot stream that was already read: it cannot be sent (again).
    case bodyNotReplayable
    /// A streamed body ended at another length than the one it declared.
    case bodyLengthMismatch(declared: Int, actual: Int)
    /// A multipart form's fixed ``MultipartForm/boundary`` occurs in the part named `part`, so
    /// the server would cut the body there.
    case multipartBoundaryCollision(part: String)
    /// A multipart form's fixed ``MultipartForm/boundary`` is not 1 to 70 of the characters
    /// RFC 2046 allows.
    case invalidMultipartBoundary(String)
    /// The parameter, form field or multipart part named `parameter` holds a NaN or infinite
    /// number, which has no text a server reads as a number (it would go out as `nan` or `inf`).
    case nonFiniteNumber(parameter: String)

    /// The reason for a body file at `url` that now holds `size` bytes, fewer than when the
    /// request measured it (a log rotated or cut while it was being sent).
    package static func bodyFileShrank(_ url: URL, to size: Int) -> InvalidRequestReason {
        .bodyFileUnreadable(path: url.lastPathComponent, reason: "the file holds \(max(size, 0)) bytes, fewer than when the request was made")
    }

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .missingPathParameter(let name): "no value for path parameter {\(name)}"
        case .invalidHeaderName(let name): "invalid header name \"\(name)\""
        case .invalidHeaderValue(let name): "header \(name) has a value with CR, LF or another forbidden character"
        case .invalidBaseURL(let url): "base URL \"\(Redaction.standard.redactedURL(url))\" has no scheme or host"
        case .baseURLPartNotSent(let url, let part):
            "base URL \"\(url)\" has a \(part), which no request is sent with: put query items in the requests or a ware, credentials in an auth scheme"
        case .bodyEncoding(let message): "body could not be encoded: \(message)"
        case .unknownEnvironment(let name, let known):
            "no environment named \"\(name)\" (known: \(known.joined(separator: ", ")))"
        case .invalidPathSegment(let parameter, let segment):
            segment.isEmpty
                ? "path parameter {\(parameter)} is empty, which would leave an empty segment that servers merge away"
                : "path parameter {\(parameter)} holds the segment '\(segment)', which would leave the path; "
                    + "a path parameter cannot be or hold '.' or '..' segments"
        case .bodyNotAllowed(let method):
            "a \(method) request cannot have a body; send the data as query items or use POST"
        case .bodyFileUnreadable(let path, let reason): "the body's file \(path) cannot be read: \(reason)"
        case .bodyNotReplayable:
            "the body is a one-shot stream that was already sent; make it with `replayable: true` "
                + "(or from bytes or a file) so that it can be sent again"
        case .bodyLengthMismatch(let declared, let actual):
            "the body declared \(declared) bytes but produced \(actual)"
        case .multipartBoundaryCollision(let part):
            "the multipart boundary occurs in part \"\(part)\"; leave MultipartForm.boundary nil for a random one"
        case .invalidMultipartBoundary(let boundary):
            "the multipart boundary \"\(boundary)\" is not 1 to 70 letters, digits or '()+_,-./:=? characters"
        case .nonFiniteNumber(let parameter):
            "parameter \(parameter) holds a number that is NaN or infinite, which no server reads as a number"
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
    /// The body is larger than the request allows (``PreparedRequest/maximumResponseSize``),
    /// as declared by `Content-Length` or counted while it arrived (after decompression).
    case responseTooLarge(limit: Int)
    /// A compressed body inflated by more than the transport allows (a decompression bomb).
    case compressionRatioExceeded(Int)
    /// The server redirected more often than the request allows (``RedirectPolicy/maximum``),
    /// or in a loop.
    case tooManyRedirects(Int)
    /// A redirect the transport cannot follow, such as a `Location` with another scheme than
    /// `http` or `https`.
    case badRedirect(message: String)
    /// A response body could not be written to its file (``ResponseDelivery/file(_:)``); `file`
    /// is the file's name, without its directories.
    case fileWriteFailed(file: String, reason: String)
    /// Anything else the transport reported.
    case other(any Error)

    /// A one-line explanation, safe to log: it names no URL and dumps no underlying error's
    /// details (an `NSError`'s `userInfo` holds the failing URL, query values and all).
    public var description: String {
        switch self {
        case .timedOut(let after): "timed out after \(after)"
        case .cannotConnect(let message): "cannot connect: \(message)"
        case .connectionLost(let message): "connection lost: \(message)"
        case .responseTooLarge(let limit): "response larger than the limit of \(ByteCount(limit))"
        case .compressionRatioExceeded(let ratio): "compressed body inflates more than \(ratio) times"
        case .tooManyRedirects(let count): "too many redirects (\(count))"
        case .badRedirect(let message): "bad redirect: \(message)"
        case .fileWriteFailed(let file, let reason): "cannot write the body to \(file): \(reason)"
        case .other(let error): TransportFailure.safeMessage(of: error)
        }
    }

    /// `error` without what Foundation keeps in its `userInfo` (the failing URL with its query):
    /// a bridged `NSError` becomes a ``FoundationErrorSummary`` of its domain, code and message;
    /// Swift errors are kept as they are.
    static func stripped(_ error: any Error) -> any Error {
        if let error = error as? URLError { return URLError(error.code) }
        guard type(of: error) is NSError.Type else { return error }
        let bridged = error as NSError
        return FoundationErrorSummary(domain: bridged.domain, code: bridged.code, message: bridged.localizedDescription)
    }

    /// `text` (a URL) without its query, which may hold keys.
    static func withoutQuery(_ text: String) -> String {
        text.firstIndex(of: "?").map { String(text[..<$0]) } ?? text
    }

    /// `error`'s message without the details an `NSError` carries in its `userInfo`.
    static func safeMessage(of error: any Error) -> String {
        switch error {
        case let error as CourierError:
            return error.message
        case let error as URLError:
            return "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        default:
            // Bridged Foundation errors print their userInfo; Swift errors describe themselves.
            guard type(of: error) is NSError.Type else { return String(describing: error) }
            let bridged = error as NSError
            return "\(bridged.localizedDescription) (\(bridged.domain) \(bridged.code))"
        }
    }
}

/// What a transport kept of a Foundation error: its domain, code and message, without the
/// `userInfo` (which holds the failing URL, query values and all).
public struct FoundationErrorSummary: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error's domain, such as `NSURLErrorDomain`.
    public var domain: String
    /// The error's code.
    public var code: Int
    /// Its localized description, as the transport got it.
    public var message: String

    /// `message (domain code)`.
    public var description: String { "\(message) (\(domain) \(code))" }
}

/// A byte count for messages: `64 MB`, `512 KB`, `100 bytes`.
struct ByteCount: CustomStringConvertible {
    let bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }

    var description: String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
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
