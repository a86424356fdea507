/// A service's or endpoint's `retry:`: off (`retry: false`), or limits for the retry ware
/// (`retry: { attempts: 5, statuses: [502, 503] }`).
public enum RetrySetting: Sendable {
    /// `retry: false`: never retried.
    case disabled(at: SourceLocation)
    /// Limits; what is not written is left to the service's setting and the app's retry ware.
    case limited(attempts: Located<Int>?, statuses: [Located<Int>], at: SourceLocation)

    /// Where the setting was written.
    public var location: SourceLocation {
        switch self {
        case .disabled(let location), .limited(_, _, let location): location
        }
    }

    /// Whether this setting lets a request be sent more than once.
    public var enablesRetry: Bool {
        switch self {
        case .disabled: false
        case .limited(let attempts, _, _): (attempts?.value ?? 2) > 1
        }
    }
}
