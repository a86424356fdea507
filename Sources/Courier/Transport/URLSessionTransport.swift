import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``Transport`` on `URLSession`, for Apple platforms and Linux.
///
/// The session is ephemeral and leaves caching and cookies to Courier: it has no URL cache, no
/// cookie storage and no credential storage, and it answers authentication challenges by
/// rejecting them so that a `401` reaches the caller as a response (on Linux a `401` carrying
/// `WWW-Authenticate: Basic` would otherwise hang).
///
/// The timeout bounds the whole exchange, the body is held to
/// ``PreparedRequest/maximumResponseSize`` while it arrives (after decompression), and redirects
/// follow ``PreparedRequest/redirects`` without credentials to another origin. Errors are mapped
/// to ``CourierError/transport(_:)`` (timeouts, unreachable hosts, dropped connections, a body
/// too large); a cancelled task throws `CancellationError`.
///
/// - Important: On Linux, swift-corelibs-foundation (6.3.1) ends the whole process with
///   `Fatal error: Transfer completed, but there's no response` when a server sends a status
///   line and closes the connection, and with `Fatal error: 'try!' expression unexpectedly
///   raised an error: … libcurl.Easy Code=43` when an upload sent from a file loses its
///   connection (the server hangs up, or the call is cancelled or times out) while waiting for its
///   next read. Bodies of a known length up to 1 MiB are sent from memory, which avoids the
///   second; nothing in a transport can catch either. Servers, and any program that talks to
///   servers it does not trust or uploads large files, should use `AsyncHTTPClientTransport`
///   from the `CourierAsyncHTTPClient` product instead.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate
    /// Where the delegate's callbacks run (the operation queue does not keep it alive).
    private let callbackQueue = DispatchQueue(label: "courier.urlsession.delegate")

    /// Creates a transport with an ephemeral session of its own.
    public convenience init() {
        self.init(configuration: .ephemeral)
    }

    /// Creates a transport on a copy of `configuration`, with caching, cookies and stored
    /// credentials switched off whatever `configuration` says.
    public init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        // A serial queue of its own for the delegate's callbacks: on Linux the default one falls
        // far behind a fast body (measured: 13 s and 2.5 GB to see 4 MB of a loopback flood).
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = callbackQueue
        self.session = URLSession(
            configuration: URLSessionTransport.sanitized(configuration), delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` with `URLSession` and returns the response, whatever its status.
    ///
    /// The timeout bounds the whole exchange and is enforced here, to the millisecond: the caller
    /// is resumed by Courier's own timer, whatever `URLSession` is doing (on Linux it rounds
    /// timeouts down to whole seconds and resets them whenever a byte arrives). A file body is
    /// uploaded from its file (on Linux from a temporary copy of the length the request declared,
    /// so that bytes appended meanwhile are not sent: swift-corelibs-foundation reads an upload
    /// file to its end); a streamed body is first written to a temporary file and uploaded from
    /// there (`URLSession` takes a stream only as an `InputStream`), so memory stays flat. On
    /// Linux a file or stream of a known length up to 1 MiB is read into memory and sent from
    /// there instead (see the note above).
    public func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        try request.checkBodyAllowed()
        // Each exchange's `SessionCall` bounds itself by what is left of the timeout, on Courier's
        // timer thread. Only writing a body to a file first (a streamed body, or on Linux a copy of
        // the caller's file: `snapshotsFileUploads`), before any exchange starts, needs the race
        // of a task against a timer.
        let followingRedirects: @Sendable () async throws -> RawResponse = { [self] in
            try await RedirectRules.send(request) { hop in try await exchange(hop, context: context) }
        }
        if URLSessionTransport.preparation(of: request.body) != nil {
            return try await withDeadline(context.remaining, timeout: request.timeout, followingRedirects)
        }
        return try await followingRedirects()
    }

    /// What is done with a body before `URLSession` gets it.
    private enum BodyPreparation {
        /// Read into memory and sent as bytes (``SessionCall/memoryUploadLimit``).
        case gather
        /// Written to a temporary file and uploaded from there.
        case spill
    }

    /// How `body` is made ready for `URLSession`, or `nil` when it goes as it is: on Linux a file
    /// or stream of a known length up to ``SessionCall/memoryUploadLimit`` is gathered; otherwise
    /// a stream (`URLSession` takes one only as an `InputStream`), and on Linux a file of known
    /// length (``SessionCall/snapshotsFileUploads``), are spilled to a file.
    private static func preparation(of body: HTTPBody?) -> BodyPreparation? {
        guard let body else { return nil }
        if case .bytes = body.storage { return nil }
        if let length = body.length, SessionCall.memoryUploadLimit > 0, length <= SessionCall.memoryUploadLimit {
            return .gather
        }
        switch body.storage {
        case .stream: return .spill
        case .file: return SessionCall.snapshotsFileUploads && body.length != nil ? .spill : nil
        case .bytes: return nil
        }
    }

    /// One request and its response, without following redirects.
    private func exchange(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        var urlRequest = try URLSessionTransport.urlRequest(for: request)
        var uploadFile: URL?
        var temporaryUpload: URL?
        switch (request.body, URLSessionTransport.preparation(of: request.body)) {
        case (let body?, .gather?):
            urlRequest.httpBody = try await UploadSpill.gather(body)
        case (let body?, .spill?):
            let spilled = try await UploadSpill.write(body)
            uploadFile = spilled
            temporaryUpload = spilled
        default:
            switch request.body?.storage {
            case .bytes(let data)?: urlRequest.httpBody = data
            case .file(let url)?: uploadFile = url
            case .stream?, nil: break
            }
        }
        if let length = request.body?.length, urlRequest.value(forHTTPHeaderField: "Content-Length") == nil {
            urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
        }
        let call = SessionCall(request: request, context: context, temporaryUpload: temporaryUpload)
        if let uploadFile, temporaryUpload == nil, let length = request.body?.length { call.watch(uploadFrom: uploadFile, length: length) }
        let session = self.session
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                call.start(continuation) {
                    let task: URLSessionTask = if let uploadFile {
                        session.uploadTask(with: urlRequest, fromFile: uploadFile)
                    } else {
                        session.dataTask(with: urlRequest)
                    }
                    delegate.register(call, for: task.taskIdentifier)
                    return task
                }
            }
        } onCancel: {
            call.cancel()
        }
    }

    // MARK: - Conversions

    static func sanitized(_ original: URLSessionConfiguration) -> URLSessionConfiguration {
        let configuration = original.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCredentialStorage = nil
        return configuration
    }

    /// The `URLRequest` for `request`: URL text built from the head's parts as they are (already
    /// percent-encoded, so nothing is encoded twice), header fields in order, body and timeout.
    /// The longest backstop timeout handed to URLSession, in seconds: a year.
    static let longestBackstop: TimeInterval = 365 * 24 * 3600

    static func urlRequest(for request: PreparedRequest) throws(CourierError) -> URLRequest {
        let head = request.http
        let text = "\(head.scheme ?? "https")://\(head.authority ?? "")\(head.path ?? "/")"
        guard let url = URL(string: text) else {
            throw CourierError.invalidRequest(.invalidBaseURL(TransportFailure.withoutQuery(text)))
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = head.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        // A backstop only: ``send(_:)`` enforces the exact timeout itself. At most a year:
        // corelibs turns it into whole milliseconds, which traps for a spec's "never"
        // (`timeout: 9999999999`, or `.seconds(Int64.max)`).
        urlRequest.timeoutInterval = min((request.timeout.timeInterval + 1).rounded(.up), Self.longestBackstop)
        for field in head.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        return urlRequest
    }

    static func httpResponse(from response: HTTPURLResponse) -> HTTPResponse {
        var fields = HTTPFields()
        for (key, value) in response.allHeaderFields {
            guard let key = key as? String, let name = HTTPField.Name(key), let value = value as? String else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        return HTTPResponse(status: HTTPResponse.Status(code: response.statusCode), headerFields: fields)
    }

    /// Maps what `URLSession` threw to Courier's errors. Nothing Foundation made is kept: a
    /// `URLError`'s or `NSError`'s `userInfo` holds the failing URL (query values, API keys and
    /// all), so only its code and a message are (`dump(error)` shows no secret).
    static func map(_ error: any Error, timeout: Duration) -> any Error {
        if error is CancellationError { return error }
        guard let urlError = error as? URLError else {
            return Task.isCancelled ? CancellationError() : CourierError.transport(.other(TransportFailure.stripped(error)))
        }
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .timedOut:
            return CourierError.transport(.timedOut(after: timeout))
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .internationalRoamingOff,
             .dataNotAllowed, .callIsActive:
            return CourierError.transport(.cannotConnect(message: urlError.localizedDescription))
        case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse:
            return CourierError.transport(.connectionLost(message: urlError.localizedDescription))
        case .unknown where urlError.localizedDescription.contains("transfer closed"):
            // swift-corelibs-foundation reports curl's "transfer closed with N bytes remaining
            // to read" (a body cut short) as an unknown error.
            return CourierError.transport(.connectionLost(message: urlError.localizedDescription))
        default:
            return Task.isCancelled ? CancellationError() : CourierError.transport(.other(URLError(urlError.code)))
        }
    }
}
