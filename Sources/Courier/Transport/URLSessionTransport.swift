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
/// Errors are mapped to ``CourierError/transport(_:)`` (timeouts, unreachable hosts, dropped
/// connections); a cancelled task throws `CancellationError`.
public final class URLSessionTransport: Transport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with an ephemeral session of its own.
    public convenience init() {
        self.init(configuration: .ephemeral)
    }

    /// Creates a transport on a copy of `configuration`, with caching, cookies and stored
    /// credentials switched off whatever `configuration` says.
    public init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(
            configuration: URLSessionTransport.sanitized(configuration), delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` with `URLSession` and returns the response, whatever its status.
    ///
    /// The timeout is enforced here, to the millisecond, rather than left to `URLSession`
    /// (which on Linux rounds it down to whole seconds, so that `0.5 s` times out at once).
    public func send(_ request: PreparedRequest, context: CallContext) async throws -> RawResponse {
        let urlRequest = try URLSessionTransport.urlRequest(for: request)
        let call = SessionCall()
        let session = self.session
        let delegate = self.delegate
        let timeout = request.timeout
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RawResponse, any Error>) in
                let started = call.start(timeout: timeout) {
                    session.dataTask(with: urlRequest) { data, response, error in
                        let outcome = call.finish()
                        let challenged = delegate.takeChallengedResponse(for: outcome.taskIdentifier)
                        continuation.resume(with: URLSessionTransport.result(
                            data: data, response: response, error: error, outcome: outcome,
                            challenged: challenged, timeout: timeout))
                    }
                }
                if !started { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            call.cancel()
        }
    }

    /// What the caller gets, given what the data task's completion handler received.
    static func result(
        data: Data?, response: URLResponse?, error: (any Error)?, outcome: SessionCall.Outcome,
        challenged: HTTPResponse?, timeout: Duration
    ) -> Result<RawResponse, any Error> {
        if outcome.cancelled { return .failure(CancellationError()) }
        if outcome.timedOut { return .failure(CourierError.transport(.timedOut(after: timeout))) }
        if let error {
            // On Linux, a rejected authentication challenge ends the task as cancelled; hand
            // over the challenging response itself (its body is not available there).
            if let challenged { return .success(RawResponse(http: challenged)) }
            return .failure(map(error, timeout: timeout))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(CourierError.transport(.other(URLError(.badServerResponse))))
        }
        return .success(RawResponse(http: httpResponse(from: http), body: data ?? Data()))
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
    static func urlRequest(for request: PreparedRequest) throws(CourierError) -> URLRequest {
        let head = request.http
        let text = "\(head.scheme ?? "https")://\(head.authority ?? "")\(head.path ?? "/")"
        guard let url = URL(string: text) else {
            throw CourierError.invalidRequest(.invalidBaseURL(text))
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = head.method.rawValue
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        urlRequest.httpShouldHandleCookies = false
        // A backstop only: ``send(_:)`` enforces the exact timeout itself.
        urlRequest.timeoutInterval = (request.timeout.timeInterval + 1).rounded(.up)
        for field in head.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        urlRequest.httpBody = request.body
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

    /// Maps what `URLSession` threw to Courier's errors.
    static func map(_ error: any Error, timeout: Duration) -> any Error {
        if error is CancellationError { return error }
        guard let urlError = error as? URLError else {
            return Task.isCancelled ? CancellationError() : CourierError.transport(.other(error))
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
            return Task.isCancelled ? CancellationError() : CourierError.transport(.other(urlError))
        }
    }
}
