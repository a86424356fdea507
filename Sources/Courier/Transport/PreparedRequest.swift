import Foundation
import HTTPTypes

/// A request ready for the wire, as wares and transports see it: the HTTP head with its full
/// URL parts, the encoded body, and the statuses and options the typed ``Request`` declared.
public struct PreparedRequest: Sendable {
    /// Method, scheme, authority, path with query, and header fields.
    public var http: HTTPRequest
    /// The encoded body, if any.
    public var body: Data?
    /// How long the whole exchange may take, from sending to the last byte of the body; the
    /// transport ends the call with ``TransportFailure/timedOut(after:)`` when it passes.
    public var timeout: Duration
    /// The largest body the transport accepts, in bytes after decompression; a larger one fails
    /// with ``TransportFailure/responseTooLarge(limit:)``.
    public var maximumResponseSize: Int
    /// Whether and how far redirects are followed.
    public var redirects: RedirectPolicy
    /// Header fields that carry credentials besides `Authorization`, `Proxy-Authorization` and
    /// `Cookie`: a redirect to another origin drops them. Auth wares add the fields they set.
    public var credentialFields: [HTTPField.Name]
    /// Which statuses count as success (``Request/acceptableStatus``); the client throws
    /// ``CourierError/unacceptableStatus(_:)`` for the others.
    public var acceptableStatus: StatusAcceptance
    /// The request's ``Request/options``, for wares to read.
    public var options: Options

    /// The default of ``maximumResponseSize``: 64 MB.
    public static let defaultMaximumResponseSize = 64 << 20

    /// Creates a prepared request.
    public init(
        http: HTTPRequest,
        body: Data? = nil,
        timeout: Duration,
        maximumResponseSize: Int = PreparedRequest.defaultMaximumResponseSize,
        redirects: RedirectPolicy = .follow,
        credentialFields: [HTTPField.Name] = [],
        acceptableStatus: StatusAcceptance = .successful,
        options: Options = Options()
    ) {
        self.http = http
        self.body = body
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.redirects = redirects
        self.credentialFields = credentialFields
        self.acceptableStatus = acceptableStatus
        self.options = options
    }

    /// The absolute URL, rebuilt from the HTTP head's scheme, authority and path.
    public var url: URL? { http.url }

    /// Refuses a `GET` or `HEAD` with a body, which servers and proxies ignore or reject (and
    /// Foundation on Linux with a misleading "resource exceeds maximum size"): the client checks
    /// every request it builds, and transports check again for requests built by hand.
    package func checkBodyAllowed() throws(CourierError) {
        try PreparedRequest.checkBodyAllowed(body, method: http.method)
    }

    package static func checkBodyAllowed(_ body: Data?, method: HTTPRequest.Method) throws(CourierError) {
        if body != nil, method == .get || method == .head {
            throw CourierError.invalidRequest(.bodyNotAllowed(method: method.rawValue))
        }
    }
}

/// A response as it came off the wire: status, header fields and the whole body.
public struct RawResponse: Sendable {
    /// Status and header fields.
    public var http: HTTPResponse
    /// The body bytes (empty when there was none).
    public var body: Data
    /// Where the response came from; a cache ware marks the responses it answers with.
    public var source: ResponseSource

    /// Creates a response.
    public init(http: HTTPResponse, body: Data = Data(), source: ResponseSource = .network) {
        self.http = http
        self.body = body
        self.source = source
    }

    /// Creates a response with a status, optional header fields and body.
    public init(
        status: HTTPResponse.Status, headers: HTTPFields = [:], body: Data = Data(), source: ResponseSource = .network
    ) {
        self.init(http: HTTPResponse(status: status, headerFields: headers), body: body, source: source)
    }

    /// The status.
    public var status: HTTPResponse.Status { http.status }

    /// The start of the body as text (about 1 KB at most), for errors and logs, with the values
    /// of JSON and form fields named like credentials (``Redaction/standard``) redacted.
    public var bodyExcerpt: String {
        Redaction.standard.redactedBody(body, contentType: http.headerFields[.contentType], limit: 1024)
    }
}
