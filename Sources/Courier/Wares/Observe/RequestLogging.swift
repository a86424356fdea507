import Foundation
import Logging

/// Logs every call through the call's logger: a 🚀 line when it starts (method, redacted URL,
/// endpoint), a ✅ line when it succeeds (status, duration, bytes, source) and a 🔥 line when it
/// fails (the error's kind and reason, decoding failures included). At `trace` it adds the
/// header fields and the bodies, cut after ``Configuration/bodyLimit`` bytes.
///
/// Nothing secret is printed at any level: `Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie` and every header, query item and JSON or form field whose name is in the
/// service's ``ServiceConfiguration/redaction`` (the spec's `sensitive: true` names, the auth
/// schemes' API-key names and the refresh endpoint's fields are added there) or in
/// ``Configuration/sensitiveNames`` shows as `<redacted>`; and the values of the call's
/// credentials and sensitive items are scrubbed from every line wherever they appear, under any
/// name — in a URL the server echoes, inside a JSON string, in an error message.
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
        let call = "\(request.http.method.rawValue) \(redaction.redactedURL(of: request.http))"
        logger.log(level: configuration.startLevel, "\(secrets.scrub("🚀 \(call) (\(context.endpoint))"))", metadata: configuration.includesCurl
            ? ["courier.curl": "\(secrets.scrub(redaction.curl(for: request)))"] : nil)
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
            logResponse(response, redaction: redaction, secrets: secrets, logger: logger, context: context)
            if request.streamConnection != nil, logger.logLevel <= configuration.bodyLevel {
                response.watchStream(elementLog(redaction: redaction, secrets: secrets, logger: logger, endpoint: context.endpoint))
            }
            return response
        } catch let error as CourierError {
            logger.log(
                level: configuration.failureLevel,
                "\(secrets.scrub("🔥 \(context.endpoint) failed after \(milliseconds(context.elapsed)): \(error.kind): \(redactedMessage(error, redaction))"))")
            if let response = error.response { logResponse(response, redaction: redaction, secrets: secrets, logger: logger, context: context) }
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

    private func logResponse(_ response: RawResponse, redaction: Redaction, secrets: CallSecrets, logger: Logger, context: CallContext) {
        guard logger.logLevel <= configuration.bodyLevel else { return }
        logger.log(level: configuration.bodyLevel, "✅ response of \(context.endpoint)", metadata: [
            "courier.headers": .array(redaction.redactedHeaderLines(response.http.headerFields).map { .string(secrets.scrub($0)) }),
            "courier.body": "\(secrets.scrub(redaction.redactedBody(response.body, contentType: response.http.headerFields[.contentType], limit: configuration.bodyLimit)))",
        ])
    }

    /// Logs each element of a streamed answer as it is read, at the body level, redacted like a
    /// body and cut at the body limit: one element at a time, so nothing of the stream is held.
    private func elementLog(redaction: Redaction, secrets: CallSecrets, logger: Logger, endpoint: String) -> StreamWatch {
        let (level, limit) = (configuration.bodyLevel, configuration.bodyLimit)
        return StreamWatch { note in
            var line = "🌊 \(endpoint) element \(note.index)"
            if note.connection > 0 { line += " (reconnect \(note.connection))" }
            if let event = note.event { line += " event \(Redaction.escapingControlCharacters(event))" }
            line += ", \(note.data.count) bytes"
            logger.log(level: level, "\(secrets.scrub(line))", metadata: [
                "courier.element": "\(secrets.scrub(redaction.redactedBody(note.data, contentType: nil, limit: limit)))",
            ])
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
