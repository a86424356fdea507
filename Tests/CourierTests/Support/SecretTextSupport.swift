import Courier
import Foundation
import InMemoryLogging
import Logging

/// Every way an app might print `error`: description, message, interpolation, reflection, `dump`,
/// its reason and the underlying error, one after the other.
func renderings(of error: any Error) -> String {
    var dumped = ""
    dump(error, to: &dumped)
    var texts = [String(describing: error), String(reflecting: error), "\(error)", dumped]
    if let error = error as? CourierError {
        texts += [error.message, error.description, String(describing: error.reason), String(describing: error.underlying)]
        // The call's identity is public on its own, "with nothing secret", for apps to log.
        if let call = error.call { texts += [call.url, call.description, call.endpoint] }
    }
    return texts.joined(separator: "\n")
}

/// Everything `handler` captured: every message and every metadata value, arrays and
/// dictionaries opened recursively, so that a secret nested anywhere is seen.
func loggedText(_ handler: InMemoryLogHandler) -> String {
    func flatten(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text): text
        case .stringConvertible(let value): value.description
        case .array(let values): values.map(flatten).joined(separator: "\n")
        case .dictionary(let values): values.map { "\($0.key)=\(flatten($0.value))" }.joined(separator: "\n")
        }
    }
    return handler.entries.map { entry in
        ([entry.message.description] + entry.metadata.map { "\($0.key)=\(flatten($0.value))" } + [entry.error.map { "\($0)" } ?? ""])
            .joined(separator: "\n")
    }.joined(separator: "\n")
}

/// A logger that keeps everything at `trace` in memory.
func traceLogger() -> (Logger, InMemoryLogHandler) {
    var handler = InMemoryLogHandler()
    handler.logLevel = .trace
    return (Logger(label: "secrets") { [handler] _ in handler }, handler)
}

/// `RequestLogging` at its most talkative: bodies at trace and a cURL line.
func verboseLogging() -> RequestLogging {
    var configuration = RequestLogging.Configuration()
    configuration.includesCurl = true
    return RequestLogging(configuration)
}
