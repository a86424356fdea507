/// One parsed `*.courier.yaml` file: the service it describes, its models and its endpoints.
///
/// Produced by the parser from the YAML node tree; every name keeps the location it was
/// written at, so later stages can report problems at the right line.
public struct Spec: Sendable {
    /// The file this spec came from.
    public var file: String
    /// The `courier:` format version (1).
    public var version: Int
    /// The namespace for everything generated, such as `Petstore`.
    public var service: Located<String>
    /// The production base URL, as written.
    public var baseURL: Located<String>
    /// Other base URLs by environment name, in file order.
    public var environments: [Located<NamedValue>]
    /// Header fields sent with every request, in file order.
    public var headers: [Located<NamedValue>]
    /// The default timeout in seconds.
    public var timeout: Located<Double>?
    /// The service's `retry:`, under each endpoint's own.
    public var retry: RetrySetting?
    /// The service's `cache:`: the policy of endpoints without their own.
    public var cache: CacheSetting?
    /// `pagination:`: the style endpoints with `pagination: true` use.
    public var pagination: PaginationSetting?
    /// The authentication schemes `auth:` may name, in file order.
    public var authSchemes: [AuthSchemeDeclaration]
    /// The default authentication for endpoints (`bearer`, `none`, or a scheme name).
    public var auth: Located<String>?
    /// The backend's error envelope.
    public var errors: ErrorEnvelope?
    /// Service-wide JSON date format (`dates:`).
    public var dateFormat: Located<DateFormat>?
    /// Service-wide key strategy (`keys:`).
    public var keyStrategy: Located<KeyStyle>?
    /// `summary:` of the service.
    public var summary: String?
    /// `description:` of the service.
    public var description: String?
    /// Models in file order.
    public var models: [Model]
    /// Endpoints in file order.
    public var endpoints: [Endpoint]

    /// Creates a spec.
    public init(
        file: String, version: Int = 1, service: Located<String>, baseURL: Located<String>,
        environments: [Located<NamedValue>] = [], headers: [Located<NamedValue>] = [],
        timeout: Located<Double>? = nil, auth: Located<String>? = nil, errors: ErrorEnvelope? = nil,
        dateFormat: Located<DateFormat>? = nil, keyStrategy: Located<KeyStyle>? = nil,
        summary: String? = nil, description: String? = nil,
        models: [Model] = [], endpoints: [Endpoint] = []
    ) {
        self.file = file
        self.version = version
        self.service = service
        self.baseURL = baseURL
        self.environments = environments
        self.headers = headers
        self.timeout = timeout
        self.retry = nil
        self.cache = nil
        self.authSchemes = []
        self.auth = auth
        self.errors = errors
        self.dateFormat = dateFormat
        self.keyStrategy = keyStrategy
        self.summary = summary
        self.description = description
        self.models = models
        self.endpoints = endpoints
    }
}

/// A name with a text value, such as an environment or a header.
public struct NamedValue: Sendable, Hashable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The backend's error envelope: which model its error bodies decode to, and which codes raise
/// service-wide events.
public struct ErrorEnvelope: Sendable {
    /// The model error bodies decode to.
    public var model: Located<String>
    /// The field of that model holding the code events are matched on (default `code`).
    public var codeField: Located<String>?
    /// Error code → event name, in file order.
    public var events: [Located<NamedValue>]
    /// Status → the model error bodies of that status decode to (`422: ValidationError`).
    public var statuses: [Located<NamedValue>] = []
    /// Status → event name, raised by any response with that status (`503: maintenance`).
    public var statusEvents: [Located<NamedValue>] = []
    /// Header field → event name, raised by any response carrying it (`X-App-Obsolete: obsoleteVersion`).
    public var headerEvents: [Located<NamedValue>] = []

    /// Creates an envelope.
    public init(model: Located<String>, codeField: Located<String>? = nil, events: [Located<NamedValue>] = []) {
        self.model = model
        self.codeField = codeField
        self.events = events
    }
}

/// Documentation and deprecation shared by models, fields, endpoints and parameters.
public struct Documentation: Sendable, Hashable {
    /// One-line summary, becomes the first `///` line.
    public var summary: String?
    /// Longer description, becomes further `///` lines.
    public var description: String?
    /// `deprecated: true` or a message saying what to use instead.
    public var deprecated: Deprecation?

    /// Creates documentation.
    public init(summary: String? = nil, description: String? = nil, deprecated: Deprecation? = nil) {
        self.summary = summary
        self.description = description
        self.deprecated = deprecated
    }
}

/// That something is deprecated, and optionally why.
public struct Deprecation: Sendable, Hashable {
    /// What to use instead, if the spec says.
    public var message: String?

    /// Creates a deprecation.
    public init(message: String? = nil) { self.message = message }
}
