import Foundation
import HTTPTypes

/// A typed description of one HTTP call whose successful answer decodes to `Expected`.
///
/// Generated clients build these for you (one factory per endpoint); hand-written code can build
/// them too. A request is a plain value: nothing is encoded or validated until a ``Client`` sends
/// it, and every problem found then is thrown as ``CourierError/invalidRequest(_:)``.
///
/// ```swift
/// var request = Request<Pet>(method: .get, path: "/pets/{id}")
/// request.setPathParameter("id", to: 42)
/// request.addQuery("expand", ["owner", "photos"])
/// let pet = try await client.send(request)
/// ```
public struct Request<Expected: Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPRequest.Method
    /// The path relative to the service's base URL, with `{name}` placeholders for path parameters.
    public var pathTemplate: String
    /// Values for the placeholders in ``pathTemplate``; each is percent-encoded as one path
    /// segment, except a `{+name}`'s, whose `/` stay (see ``setPathSegments(_:to:)``).
    public var pathParameters: [String: String]
    /// Query items in the order they are sent.
    public var query: [QueryItem]
    /// Header fields sent with this request, after the service's default headers; a field here
    /// replaces any default field of the same name.
    public var headers: [HeaderItem]
    /// The request body.
    public var body: RequestBody
    /// How long the whole exchange may take; `nil` uses the service's default timeout.
    public var timeout: Duration?
    /// The largest response body accepted, in bytes after decompression; `nil` uses the
    /// service's ``ServiceConfiguration/maximumResponseSize``.
    public var maximumResponseSize: Int?
    /// Whether and how far redirects are followed; `nil` uses the service's
    /// ``ServiceConfiguration/redirects``.
    public var redirects: RedirectPolicy?
    /// Wares that run for this request only, merged into the client's wares by their position.
    public var wares: [any Ware]
    /// Which response statuses count as success; others throw ``CourierError/unacceptableStatus(_:)``.
    public var acceptableStatus: StatusAcceptance
    /// A short name for logs and metrics, such as the endpoint name in the spec.
    public var name: String?
    /// Settings for wares, each under a key its ware defines, handed to the wares as
    /// ``PreparedRequest/options``. The built-in wares' settings read and write them through
    /// properties of their own: ``cachePolicy``, ``retry``, ``coalesces``,
    /// ``idempotencyKeyHeader``, ``authentication``.
    public var options: Options
    /// Turns a successful response into `Expected`.
    public var decoding: ResponseDecoding<Expected>
    /// Called as the request body goes out and the response body comes in (on the transport's
    /// thread: keep it short). Reports are throttled the same way on every transport: at least
    /// every 1% or 256 KB, at most about 60 a second per direction, on the client's clock; they
    /// never go back, and a call that succeeds ends each direction that moved a body with a 100%
    /// report (`completedBytes == totalBytes`) before it returns. A response read as a stream
    /// reports its end when the stream ends. Only the answer's body counts as the download: not
    /// the body of a redirect, or of an error page before a retry.
    public var onProgress: (@Sendable (TransferProgress) -> Void)?
    /// The same reports as ``onProgress`` as an async sequence, which ends when the call ends
    /// (a response read as a stream: when the caller is done reading it); see ``ProgressUpdates``.
    public var progressUpdates: ProgressUpdates?

    /// Path and header parameters given a NaN or infinite number, which have no text a server
    /// reads as a number: the call fails with ``InvalidRequestReason/nonFiniteNumber(parameter:)``
    /// before anything is sent. (Query and form items keep their values and are checked then.)
    var nonFiniteParameters: [String] = []

    /// Creates a request with an explicit decoding strategy.
    public init(
        method: HTTPRequest.Method,
        path: String,
        name: String? = nil,
        decoding: ResponseDecoding<Expected>
    ) {
        self.method = method
        self.pathTemplate = path
        self.pathParameters = [:]
        self.query = []
        self.headers = []
        self.body = .none
        self.timeout = nil
        self.maximumResponseSize = nil
        self.redirects = nil
        self.wares = []
        self.acceptableStatus = .successful
        self.name = name
        self.options = Options()
        self.decoding = decoding
        self.onProgress = nil
        self.progressUpdates = nil
    }

    /// Sets the value of the `{name}` placeholder in the path.
    public mutating func setPathParameter(_ name: String, to value: some ParameterEncodable) {
        let value = value.parameterValue
        pathParameters[name] = value.pathText
        nonFiniteParameters.removeAll { $0 == name }
        if value.holdsNonFiniteNumber { nonFiniteParameters.append(name) }
    }

    /// Appends a query item; a `nil` value is omitted and an array repeats the name once per element.
    public mutating func addQuery(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        query.append(QueryItem(name: name, value: value.parameterValue))
    }

    /// Appends a header field; a `nil` value is omitted. Values holding CR or LF are rejected at send time.
    /// A `Date` on a field that holds an HTTP date by definition (`If-Modified-Since`,
    /// `If-Unmodified-Since`, `If-Range`, `Date`, `Expires`, `Last-Modified`, `Retry-After`) is
    /// written as HTTP writes dates (`Tue, 14 Nov 2023 22:13:20 GMT`); elsewhere as ISO-8601.
    public mutating func addHeader(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        let parameter = value.parameterValue
        if parameter.holdsNonFiniteNumber { nonFiniteParameters.append(name) }
        if case .date(let date) = parameter, HTTPDate.isDateField(name) {
            headers.append(HeaderItem(name: name, value: HTTPDate.format(date)))
        } else {
            headers.append(HeaderItem(name: name, value: parameter.headerText))
        }
    }
}

extension Request where Expected: Decodable {
    /// Creates a request whose response body is JSON decoded into `Expected`.
    public init(method: HTTPRequest.Method, path: String, name: String? = nil) {
        self.init(method: method, path: path, name: name, decoding: .json)
    }
}

extension Request where Expected == Void {
    /// Creates a request that expects no body back (for example a `204 No Content`).
    public init(method: HTTPRequest.Method, path: String, name: String? = nil) {
        self.init(method: method, path: path, name: name, decoding: .empty)
    }
}

extension Request where Expected == Data {
    /// Creates a request whose response body is returned as raw bytes.
    public init(method: HTTPRequest.Method, path: String, name: String? = nil) {
        self.init(method: method, path: path, name: name, decoding: .data)
    }
}

extension Request where Expected == HTTPBody {
    /// Creates a request whose response body is handed over as a stream (``ResponseDecoding/stream``).
    public init(method: HTTPRequest.Method, path: String, name: String? = nil) {
        self.init(method: method, path: path, name: name, decoding: .stream)
    }
}

extension Request where Expected == String {
    /// Creates a request whose response body is returned as UTF-8 text.
    public init(method: HTTPRequest.Method, path: String, name: String? = nil) {
        self.init(method: method, path: path, name: name, decoding: .string)
    }
}

/// One query item: a name and a typed value, formatted when the request is sent.
public struct QueryItem: Sendable, Hashable {
    /// The item's name, percent-encoded when sent.
    public var name: String
    /// The item's value; a list repeats the name once per element.
    public var value: ParameterValue

    /// Creates a query item.
    public init(name: String, value: ParameterValue) {
        self.name = name
        self.value = value
    }
}

/// One header field as given by the caller; validated when the request is sent.
public struct HeaderItem: Sendable, Hashable {
    /// The field name, such as `Accept`.
    public var name: String
    /// The field value; a value holding CR or LF makes the request invalid.
    public var value: String

    /// Creates a header item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Which response statuses a request treats as success.
public struct StatusAcceptance: Sendable, Hashable {
    /// The accepted status codes.
    public var codes: ClosedRange<Int>
    /// Extra accepted codes outside ``codes``, such as `404` for "maybe missing" lookups.
    public var extra: Set<Int>

    /// Accepts the codes in `codes` plus `extra`.
    public init(_ codes: ClosedRange<Int>, extra: Set<Int> = []) {
        self.codes = codes
        self.extra = extra
    }

    /// Accepts 200–299, the default.
    public static let successful = StatusAcceptance(200...299)

    /// Whether `status` is accepted.
    @inlinable
    public func accepts(_ status: Int) -> Bool {
        codes.contains(status) || (!extra.isEmpty && extra.contains(status))
    }
}
