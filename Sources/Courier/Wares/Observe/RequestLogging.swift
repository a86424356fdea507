import Foundation
import Logging

/// Logs every call through the call's logger: a 🚀 line when it starts (method, redacted URL,
/// endpoint), a ✅ line when it succeeds (status, duration, bytes, source) and a 🔥 line when it
/// fails (the error's kind and reason, decoding failures included; for a status, service or
/// decoding error, the first 512 bytes of the response body, redacted). At `trace` it adds the
/// request's header fields and body (a 🚀 line) and the response's (a ✅ line, or a 🔥 line when
/// the call failed), bodies cut after ``Configuration/bodyLimit`` bytes, and, for a streamed
/// answer, a 🌊 line per element read. Every line about a failed call's outcome starts with 🔥;
/// the 🚀 lines are written before the outcome is known. A streamed answer whose connect
/// succeeded (logged ✅) and whose connection then fails (a dropped connection, the idle timeout,
/// an element that does not decode or is too large) adds a 🔥 line at the failure level:
/// `🔥 <endpoint> stream failed after N elements (connection K): <kind>: <message>`, once per
/// failed connection (a server-sent event stream's reconnect is logged as a call of its own); a
/// stream that ends cleanly, or that the caller ends (a `break`, a cancelled task), adds none.
///
/// The cURL line (``Configuration/includesCurl``) is the request as sent: when the call's
/// ``Authenticator`` will add credentials, it shows them where the scheme puts them, as
/// `-H 'Authorization: <redacted>'` (bearer and basic), `-H '<key header>: <redacted>'` or
/// `?<key item>=<redacted>`; without credentials it shows none.
///
/// What is redacted, on every line and its metadata:
/// - **By name**, the value shows as `<redacted>`: header fields (request and response), query
///   items (in URLs and the cURL line), JSON fields at any depth (the whole value, an object or
///   list included), form fields and multipart text parts whose name is in the service's
///   ``ServiceConfiguration/redaction`` (``Redaction/standard`` by default: `Authorization`,
///   `Proxy-Authorization`, `Cookie`, `Set-Cookie`, tokens, keys, passwords, secrets, signatures;
///   the spec's `sensitive: true` names and the API-key schemes' names are added) or in
///   ``Configuration/sensitiveNames``. A body is read as JSON when its content type says `json`
///   or it starts with `{` or `[`; in JSON that does not parse (cut short), only string values
///   after a sensitive key are redacted.
/// - **By value**, wherever it appears and under any name (a URL or header the server echoes, a
///   JSON string, a path segment, an error message): the call's credentials (the values of
///   `Authorization`, `Proxy-Authorization` and `Cookie`, and what the ``Authenticator`` or any
///   ware registered with ``CallContext/registerSecrets(_:)``) and the values of the request's
///   sensitive header fields, query items, JSON and form fields (bodies up to 64 KB): as sent,
///   percent-encoded, percent-decoded, and with `/` written `\/`. Values shorter than four
///   characters are redacted by name only.
/// - **Never read**: file and stream bodies, and multipart file parts (their name, file name,
///   type and size are shown); binary bodies show as their size.
///
/// What is printed as it is (control characters escaped):
/// - path segments, unless they hold one of the call's secret values;
/// - header fields, query items and body fields under names that are not sensitive (a custom
///   `X-Session` field, an `id`), and a response's `Location` and other URLs in header values;
/// - bodies that are neither JSON nor a form (text, XML, HTML, an SSE event's data that is not
///   JSON), except for the call's secret values: at `trace` up to the body limit, on a failed
///   call's 🔥 line up to 512 bytes, and a request body in the cURL line whole;
/// - secrets the server returns that the call did not send, under names that are not sensitive
///   (a new token in a `jwt` field);
/// - a non-Courier error's type name.
///
/// ```swift
/// let client = try Client(service: Petstore.service(), wares: [RequestLogging()], logger: logger)
/// ```
public struct RequestLogging: Ware {
    /// What is logged, at which levels.
    public struct Configuration: Sendable {
        /// The level of the 🚀 line.
        public var startLevel: Logger.Level = .debug
        /// The level of the ✅ line.
        public var successLevel: Logger.Level = .info
        /// The level of the 🔥 line.
        public var failureLevel: Logger.Level = .error
        /// The level at which header fields and bodies are logged.
        public var bodyLevel: Logger.Level = .trace
        /// How many bytes of a body are logged.
        public var bodyLimit: Int = 2_048
        /// Whether the 🚀 line carries a redacted `curl` command (`courier.curl` metadata).
        public var includesCurl = false
        /// Names redacted on top of the service's.
        public var sensitiveNames: Set<String> = []

        /// The defaults: 🚀 at debug, ✅ at info, 🔥 at error, bodies at trace.
        public init() {}
    }

    /// What is logged.
    public var configuration: Configuration

    /// A logging ware.
    public init(_ configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The observation slot: it sees the whole call.
    public var position: WarePosition { .observation }

    /// Logs the start, then the outcome of the call.
    public func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        let logger = context.logger
        let redaction = redaction(for: context)
        let secrets = CallSecrets(request: request, storage: context.storage, redaction: redaction)
        // Formatted inside the message's autoclosure: nothing is built when the level is off.
        logger.log(
            level: configuration.startLevel,
            "\(secrets.scrub("🚀 \(request.http.method.rawValue) \(redaction.redactedURL(of: request.http)) (\(context.endpoint))"))",
            metadata: configuration.includesCurl
            ? ["courier.curl": "\(secrets.scrub(redaction.curl(for: SentCredentials.showing(request, context: context))))"] : nil)
        if logger.logLevel <= configuration.bodyLevel {
            logger.log(level: configuration.bodyLevel, "🚀 request of \(context.endpoint)", metadata: [
                "courier.headers": .array(redaction.redactedHeaderLines(request.http.headerFields).map { .string(secrets.scrub($0)) }),
                "courier.body": "\(secrets.scrub(redaction.redactedBody(request.body ?? .empty, contentType: request.http.headerFields[.contentType], limit: configuration.bodyLimit)))",
            ])
        }
        do {
            var response = try await next(request, context)
            logger.log(
                level: configuration.successLevel,
                "✅ \(response.status.code) \(response.status.phrase) \(context.endpoint) in \(milliseconds(context.elapsed)), \(response.body.length.map { "\($0) bytes" } ?? "a stream") from \(response.source)")
            logResponse(response, failed: false, redaction: redaction, secrets: secrets, logger: logger, context: context)
            if request.streamConnection != nil {
                let failure = streamFailureLog(redaction: redaction, secrets: secrets, logger: logger, endpoint: context.endpoint)
                // Each element is noted only when it is logged: otherwise the watch costs nothing per element.
                response.watchStream(logger.logLevel <= configuration.bodyLevel
                    ? StreamWatch(element: elementLog(redaction: redaction, secrets: secrets, logger: logger, endpoint: context.endpoint), failure: failure)
                    : StreamWatch(failure: failure))
            }
            return response
        } catch let error as CourierError {
            logger.log(
                level: configuration.failureLevel,
                "\(secrets.scrub("🔥 \(context.endpoint) failed after \(milliseconds(context.elapsed)): \(error.kind): \(redactedMessage(error, redaction))"))")
            if let response = error.response {
                logResponse(response, failed: true, redaction: redaction, secrets: secrets, logger: logger, context: context)
            }
            throw error
        } catch {
            let kind = error is CancellationError ? "cancelled" : "\(type(of: error))"
            logger.log(level: configuration.failureLevel, "🔥 \(context.endpoint) failed after \(milliseconds(context.elapsed)): \(kind)")
            throw error
        }
    }

    private func redaction(for context: CallContext) -> Redaction {
        var redaction = context.service.redaction
        if !configuration.sensitiveNames.isEmpty {
            redaction.sensitiveNames.formUnion(configuration.sensitiveNames.map { $0.lowercased() })
        }
        return redaction
    }

    /// The response's header fields and body at the body level, marked like the call's outcome:
    /// a failed call's response (a 500, a 200 that did not decode) is a 🔥 line, not a ✅ one.
    private func logResponse(
        _ response: RawResponse, failed: Bool, redaction: Redaction, secrets: CallSecrets, logger: Logger, context: CallContext
    ) {
        guard logger.logLevel <= configuration.bodyLevel else { return }
        logger.log(level: configuration.bodyLevel, "\(failed ? "🔥" : "✅") response of \(context.endpoint)", metadata: [
            "courier.headers": .array(redaction.redactedHeaderLines(response.http.headerFields).map { .string(secrets.scrub($0)) }),
            "courier.body": "\(secrets.scrub(redaction.redactedBody(response.body, contentType: response.http.headerFields[.contentType], limit: configuration.bodyLimit)))",
        ])
    }

    /// Logs each element of a streamed answer as it is read, at the body level, redacted like a
    /// body and cut at the body limit: one element at a time, so nothing of the stream is held.
    private func elementLog(
        redaction: Redaction, secrets: CallSecrets, logger: Logger, endpoint: String
    ) -> @Sendable (StreamElementNote) -> Void {
        let (level, limit) = (configuration.bodyLevel, configuration.bodyLimit)
        return { note in
            var line = "🌊 \(endpoint) element \(note.index)"
            if note.connection > 0 { line += " (reconnect \(note.connection))" }
            if let event = note.event { line += " event \(Redaction.escapingControlCharacters(event))" }
            line += ", \(note.data.count) bytes"
            logger.log(level: level, "\(secrets.scrub(line))", metadata: [
                "courier.element": "\(secrets.scrub(redaction.redactedBody(note.data, contentType: nil, limit: limit)))",
            ])
        }
    }

    /// Logs a streamed answer's connection that failed after its connect was logged ✅, as a 🔥
    /// line redacted and scrubbed like the call's own failure line.
    private func streamFailureLog(
        redaction: Redaction, secrets: CallSecrets, logger: Logger, endpoint: String
    ) -> @Sendable (StreamFailureNote) -> Void {
        let level = configuration.failureLevel
        return { [self] note in
            let reason = (note.error as? CourierError).map { "\($0.kind): \(redactedMessage($0, redaction))" } ?? "\(type(of: note.error))"
            let elements = note.elements == 1 ? "1 element" : "\(note.elements) elements"
            logger.log(
                level: level,
                "\(secrets.scrub("🔥 \(endpoint) stream failed after \(elements) (connection \(note.connection)): \(reason)"))")
        }
    }

    /// The error's message, with a status error's body redacted like any other body.
    private func redactedMessage(_ error: CourierError, _ redaction: Redaction) -> String {
        switch error.reason {
        case .status(let response):
            let body = redaction.redactedBody(response.body, contentType: response.http.headerFields[.contentType], limit: 512)
            return "status \(response.status.code) \(response.status.phrase)" + (body.isEmpty ? "" : ": \(body)")
        case .service(let failure):
            let response = failure.response
            let body = redaction.redactedBody(response.body, contentType: response.http.headerFields[.contentType], limit: 512)
            return "service error \(response.status.code) \(response.status.phrase)" + (body.isEmpty ? "" : ": \(body)")
        case .decoding(let failure):
            let body = redaction.redactedBody(failure.response.body, contentType: failure.contentType, limit: 512)
            let path = failure.codingPath.isEmpty ? "" : " at \(failure.codingPath)"
            return "could not decode \(failure.type)\(path): \(failure.message); body: \(body)"
        default:
            return error.message
        }
    }

    private func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", duration.timeInterval * 1000)
    }
}
