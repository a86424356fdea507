/// One operation under `endpoints:`: method, path, parameters, body, response and options.
public struct Endpoint: Sendable {
    /// The endpoint's name; becomes the factory and client method name.
    public var name: Located<String>
    /// The HTTP method, at the method key; `nil` when none was written (already reported).
    public var method: Located<HTTPMethod>?
    /// The path template, such as `/pets/{id}`, at its value.
    public var path: Located<String>
    /// Whether character `n` of ``path`` is `n` columns right of its location: the path is
    /// written on one line, unquoted or quoted without escapes. When not (`"/\u0070ets"`, `''`,
    /// a folded block), diagnostics about a part of the path point at its start.
    public var pathIsVerbatim = true
    /// Path parameters, in file order.
    public var pathParameters: [Parameter]
    /// Query parameters, in file order.
    public var queryParameters: [Parameter]
    /// Header parameters, in file order.
    public var headerParameters: [Parameter]
    /// The request body, if any.
    public var body: Body?
    /// What a successful response decodes to (`Empty` when absent).
    public var response: Located<TypeRef>?
    /// `auth:` override (`none`, `bearer`, or a scheme name).
    public var auth: Located<String>?
    /// Named wares the app registers, run for this endpoint only.
    public var wares: [Located<String>]
    /// Cache policy and time to live.
    public var cache: CacheSetting?
    /// Timeout in seconds.
    public var timeout: Located<Double>?
    /// `retry:` override of the service's.
    public var retry: RetrySetting?
    /// The header carrying a per-call idempotency key (`idempotencyKey: true` is `Idempotency-Key`).
    public var idempotencyKey: Located<String>?
    /// Path to a sample response body, relative to the spec file: the `200` sample (`sample:`).
    public var sample: Located<String>?
    /// Sample responses by status (`samples:`), in file order; see ``allSamples`` for these
    /// together with `sample:`.
    public var samples: [SampleDeclaration] = []
    /// Header fields this endpoint always sends (`fixedHeaders: { Accept: application/vnd.github.raw }`),
    /// replacing the service's default of the same name; they are not arguments.
    public var fixedHeaders: [Located<NamedValue>] = []
    /// The media types the endpoint can answer with, one of which the caller picks by a typed
    /// argument (`media:`); empty for an endpoint with one `response:`.
    public var media: [MediaChoice] = []
    /// Typed response header fields (`responseHeaders: { ETag: String?, X-RateLimit-Remaining: Int }`).
    public var responseHeaders: [Parameter] = []
    /// How the endpoint's pages link (`pagination:`), when it is paginated.
    public var pagination: PaginationSetting?
    /// The streamed response (`stream:`), when the endpoint answers with a stream of elements
    /// rather than one document.
    public var stream: StreamSetting?
    /// Summary, description and deprecation.
    public var documentation: Documentation

    /// Creates an endpoint.
    public init(
        name: Located<String>, method: Located<HTTPMethod>?, path: Located<String>,
        pathParameters: [Parameter] = [], queryParameters: [Parameter] = [], headerParameters: [Parameter] = [],
        body: Body? = nil, response: Located<TypeRef>? = nil, auth: Located<String>? = nil,
        wares: [Located<String>] = [], cache: CacheSetting? = nil, timeout: Located<Double>? = nil,
        sample: Located<String>? = nil, documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.pathParameters = pathParameters
        self.queryParameters = queryParameters
        self.headerParameters = headerParameters
        self.body = body
        self.response = response
        self.auth = auth
        self.wares = wares
        self.cache = cache
        self.timeout = timeout
        self.retry = nil
        self.idempotencyKey = nil
        self.sample = sample
        self.documentation = documentation
    }
}

extension Endpoint {
    /// Whether the client gains an `…Updates` method for this endpoint of `spec`: its cache
    /// policy, or the service's, is `localThenRemote`, and it does not stream.
    public func offersUpdates(in spec: Spec) -> Bool {
        stream == nil && (cache ?? spec.cache)?.policy.value == .localThenRemote
    }

    /// Every sample response: `sample:` (as status 200) first, then `samples:` in file order.
    public var allSamples: [SampleDeclaration] {
        let shorthand = sample.map { SampleDeclaration(status: Located("200", at: $0.location), file: $0, isShorthand: true) }
        return (shorthand.map { [$0] } ?? []) + samples
    }
}

/// One sample response of an endpoint: `samples: { 404: samples/missing.json }`, or the long form
/// `503: { file: samples/down.json, headers: { Retry-After: "120" } }`; `sample: file` is the `200` one.
public struct SampleDeclaration: Sendable {
    /// The status as written, at its key (`sample:` gives `200` at its file).
    public var status: Located<String>
    /// The file holding the body, relative to the spec file; `nil` for a response without a body.
    public var file: Located<String>?
    /// Header fields the response carries, in file order, each at its name.
    public var headers: [Located<NamedValue>]
    /// Whether it was written `sample:` rather than under `samples:`.
    public var isShorthand: Bool

    /// Creates a sample.
    public init(
        status: Located<String>, file: Located<String>?, headers: [Located<NamedValue>] = [], isShorthand: Bool = false
    ) {
        self.status = status
        self.file = file
        self.headers = headers
        self.isShorthand = isShorthand
    }

    /// The status code, when ``status`` is one from 100 to 599.
    public var code: Int? {
        guard status.value.count == 3, let code = Int(status.value), (100...599).contains(code) else { return nil }
        return code
    }

    /// Where diagnostics about the sample's body point: its file, else its status.
    public var location: SourceLocation { file?.location ?? status.location }
}

/// A path, query or header parameter.
public struct Parameter: Sendable {
    /// The Swift-side name as written.
    public var name: Located<String>
    /// Its type; optional parameters default to `nil` in generated factories.
    public var type: Located<TypeRef>
    /// The wire name when it differs (`key: X-Request-ID`, `key: page_size`).
    public var key: String?
    /// A default value.
    public var defaultValue: Located<SpecValue>?
    /// Summary, description and deprecation.
    public var documentation: Documentation
    /// `sensitive: true`: the value is a secret that logs and errors never print.
    public var sensitive = false
    /// `format:`, how a `Date` parameter is written when not as the spec's `dates:` say.
    public var format: Located<DateFormat>?

    /// Creates a parameter.
    public init(
        name: Located<String>, type: Located<TypeRef>, key: String? = nil,
        defaultValue: Located<SpecValue>? = nil, documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.type = type
        self.key = key
        self.defaultValue = defaultValue
        self.documentation = documentation
    }
}

/// A request body.
public enum Body: Sendable {
    /// A JSON-encoded value of this type (`body: NewPet`).
    case json(Located<TypeRef>)
    /// Form fields (`form: { name: String, age: Int? }`).
    case form([Parameter], at: SourceLocation)
    /// Raw bytes with a content type (`raw: image/png`).
    case raw(contentType: Located<String>)
    /// The contents of a file, read while sending (`body: File`), at the type.
    case file(at: SourceLocation)
    /// A `multipart/form-data` body of typed parts in file order
    /// (`multipart: { caption: String?, photo: File }`), at the key.
    case multipart([MultipartPart], at: SourceLocation)

    /// The parameters the caller passes as fields: form fields or multipart parts (for name
    /// checks, redaction and token refresh lookups).
    public var fields: [Parameter] {
        switch self {
        case .form(let fields, _): fields
        case .multipart(let parts, _): parts.map(\.parameter)
        case .json, .raw, .file: []
        }
    }
}

/// An endpoint's `cache:` setting.
public struct CacheSetting: Sendable {
    /// Where answers may come from.
    public var policy: Located<CachePolicyMode>
    /// Time to live in seconds.
    public var ttl: Located<Double>?

    /// Creates a cache setting.
    public init(policy: Located<CachePolicyMode>, ttl: Located<Double>? = nil) {
        self.policy = policy
        self.ttl = ttl
    }
}

/// One media type an endpoint can answer with (`media: { raw: { accept: …, response: Data } }`).
public struct MediaChoice: Sendable {
    /// The choice's name, which becomes the argument's value (`.raw`).
    public var name: Located<String>
    /// The `Accept` header value asking for it.
    public var accept: Located<String>
    /// What the answer decodes to; `nil` when not written (an error).
    public var response: Located<TypeRef>?

    /// Creates a choice.
    public init(name: Located<String>, accept: Located<String>, response: Located<TypeRef>?) {
        self.name = name
        self.accept = accept
        self.response = response
    }
}
