/// A cache policy, as the templates spell it: `CachePolicy(.<mode>, timeToLive: <duration>)`.
///
/// Template keys: `mode`, `timeToLive`.
public struct CachePolicyRender: Sendable, Hashable {
    /// The runtime's `CachePolicy.Mode` case (`localElseRemote`).
    public var mode: String
    /// How long a stored answer stays fresh, as a `Duration` literal, when the spec says.
    public var timeToLive: [String]

    /// Creates a policy.
    public init(mode: String, timeToLive: [String]) {
        self.mode = mode
        self.timeToLive = timeToLive
    }
}

/// Retry options, as the templates spell them: `.never` when disabled, else
/// `RetryOptions(attempts: <n>, statuses: [<codes>])` with the parts the spec sets.
///
/// Template keys: `isDisabled`, `attempts`, `statuses`, `hasStatuses`.
public struct RetryRender: Sendable, Hashable {
    /// Whether the spec turns retrying off (`retry: false`).
    public var isDisabled: Bool
    /// The most attempts, when set.
    public var attempts: [String]
    /// The statuses worth a retry, when set.
    public var statuses: [String]

    /// Creates options.
    public init(isDisabled: Bool, attempts: [String], statuses: [String]) {
        self.isDisabled = isDisabled
        self.attempts = attempts
        self.statuses = statuses
    }
}

/// An endpoint's authentication when it differs from the service's: `.none`, or
/// `.scheme(<Namespace>.AuthSchemes.<constant>)`.
///
/// Template keys: `isNone`, `scheme`.
public struct AuthenticationRender: Sendable, Hashable {
    /// Whether the endpoint sends no credentials.
    public var isNone: Bool
    /// The constant in `<Namespace>.AuthSchemes` of the scheme it uses instead.
    public var scheme: [String]

    /// Creates an authentication.
    public init(isNone: Bool, scheme: [String]) {
        self.isNone = isNone
        self.scheme = scheme
    }
}

/// The `decoding:` argument of a request, when not the one its type implies.
///
/// Template keys: `snakeCaseJSON`, `media`, `fileDestination`.
public struct DecodingRender: Sendable, Hashable {
    /// JSON with snake_case keys (`.snakeCaseJSON`).
    public var snakeCaseJSON: Bool = false
    /// The media-type argument whose decoding the caller picked (`media.decoding`).
    public var media: [String] = []
    /// The destination parameter of a download (`.file(to: destination)`).
    public var fileDestination: [String] = []

    /// Creates a decoding; set exactly one of the parts.
    public init(snakeCaseJSON: Bool = false, media: [String] = [], fileDestination: [String] = []) {
        self.snakeCaseJSON = snakeCaseJSON
        self.media = media
        self.fileDestination = fileDestination
    }
}
