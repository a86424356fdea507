/// One problem found in a spec, printed the way compilers print them so that `swift build` and
/// editors show it at the right line: `path:line:col: error: message`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable {
        /// Generation fails.
        case error
        /// Generation goes on; the spec probably has a mistake.
        case warning
        /// Extra context for the diagnostic before it.
        case note
    }

    /// How bad it is.
    public var severity: Severity
    /// What is wrong, and where it helps, how to fix it.
    public var message: String
    /// Where.
    public var location: SourceLocation

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `path:line:col: severity: message`.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
