import Foundation
import HTTPTypes

/// A request ready for the wire, as wares and transports see it: the HTTP head with its full
/// URL parts, the body (bytes, a file or a stream), how the response body is wanted, and the
/// statuses and options the typed ``Request`` declared.
public struct PreparedRequest: Sendable {
    /// Method, scheme, authority, path with query, and header fields.
    public var http: HTTPRequest
    /// The body, if any: bytes in memory, a file read while sending, or a stream.
    public var body: HTTPBody?
    /// How the transport hands over the response body (collected unless the request's decoding
    /// asks for a stream or a file).
    public var responseDelivery: ResponseDelivery
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
    /// Where the call's secrets are, for the redirect rules to tell whether the body carries any
    /// (``bodyCarriesSecrets``); set by the client, `nil` for a request built by hand.
    package var secretSource: CallSecretSource?

    /// The default of ``maximumResponseSize``: 64 MB.
    public static let defaultMaximumResponseSize = 64 << 20

    /// Creates a prepared request.
    public init(
        http: HTTPRequest,
        body: HTTPBody? = nil,
        responseDelivery: ResponseDelivery = .collect,
        timeout: Duration,
        maximumResponseSize: Int = PreparedRequest.defaultMaximumResponseSize,
        redirects: RedirectPolicy = .follow,
        credentialFields: [HTTPField.Name] = [],
        acceptableStatus: StatusAcceptance = .successful,
        options: Options = Options()
    ) {
        self.http = http
        self.body = body
        self.responseDelivery = responseDelivery
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        self.redirects = redirects
        self.credentialFields = credentialFields
        self.acceptableStatus = acceptableStatus
        self.options = options
    }

    /// The absolute URL, rebuilt from the HTTP head's scheme, authority and path.
    public var url: URL? { http.url }

    /// How a response with `status` hands its body over: as ``responseDelivery`` asks when the
    /// request accepts the status, collected otherwise (so that an error carries its body).
    public func delivery(for status: HTTPResponse.Status) -> ResponseDelivery {
        responseDelivery.collects || !acceptableStatus.accepts(status.code) ? .collect : responseDelivery
    }

    /// Whether a ware may send this request again (retry, a replay after a token refresh): it has
    /// no body, or one that can be read again (bytes, a file, a replayable stream).
    public var isReplayable: Bool { body?.isReplayable ?? true }

    /// Whether the request can be sent again now: ``isReplayable``, or a one-shot body nothing
    /// has read yet.
    package var canBeSentAgain: Bool { body?.canBeSentAgain ?? true }

    /// Refuses a `GET` or `HEAD` with a body, which servers and proxies ignore or reject (and
    /// Foundation on Linux with a misleading "resource exceeds maximum size"): the client checks
    /// every request it builds, and transports check again for requests built by hand.
    package func checkBodyAllowed() throws(CourierError) {
        try PreparedRequest.checkBodyAllowed(body, method: http.method)
    }

    package static func checkBodyAllowed(_ body: HTTPBody?, method: HTTPRequest.Method) throws(CourierError) {
        if body != nil, method == .get || method == .head {
            throw CourierError.invalidRequest(.bodyNotAllowed(method: method.rawValue))
        }
    }
}

/// A response as it came off the wire: status, header fields and the body (collected in memory
/// unless the request asked for a stream or a file, see ``ResponseDelivery``).
public struct RawResponse: Sendable {
    /// Status and header fields.
    public var http: HTTPResponse
    /// The body: bytes in memory (empty when there was none), a stream, or a file.
    public var body: HTTPBody
    /// Where the response came from; a cache ware marks the responses it answers with.
    public var source: ResponseSource
    /// Who is told of each element when the body is a stream of elements (see ``watchStream(_:)``).
    var streamWatches: [StreamWatch] = []
    /// The request was redirected to another origin on the way to this answer, so the
    /// credentials it carried were left behind: a `401` here does not reject them.
    var followedToAnotherOrigin = false

    /// Creates a response with a body of any kind.
    public init(http: HTTPResponse, body: HTTPBody, source: ResponseSource = .network) {
        self.http = http
        self.body = body
        self.source = source
    }

    /// Creates a response whose body is in memory.
    public init(http: HTTPResponse, body: Data = Data(), source: ResponseSource = .network) {
        self.init(http: http, body: HTTPBody.bytes(body), source: source)
    }

    /// Creates a response with a status, optional header fields and body.
    public init(
        status: HTTPResponse.Status, headers: HTTPFields = [:], body: Data = Data(), source: ResponseSource = .network
    ) {
        self.init(http: HTTPResponse(status: status, headerFields: headers), body: body, source: source)
    }

    /// The status.
    public var status: HTTPResponse.Status { http.status }

    /// The body's bytes when it is in memory, else `nil` (a stream, a file).
    public var data: Data? { body.data }

    /// The start of the body as text (about 1 KB at most), for errors and logs, with the values
    /// of JSON and form fields named like credentials (``Redaction/standard``) redacted; a
    /// streamed or file body is described, not read.
    public var bodyExcerpt: String {
        bodyExcerpt(redactedBy: .standard)
    }

    /// ``bodyExcerpt`` with the fields `redaction` calls sensitive redacted (a service's own
    /// names, for its errors).
    func bodyExcerpt(redactedBy redaction: Redaction) -> String {
        guard let data = body.data else { return "(\(body))" }
        return redaction.redactedBody(data, contentType: http.headerFields[.contentType], limit: 1024)
    }
}
