/// One endpoint: its `Request` factory, its facade method and its settings.
public struct EndpointRender: Sendable, Hashable {
    /// The factory and facade method name.
    public var functionName: String
    /// ``functionName`` without backticks (template key `plainFunctionName`): the stem of the
    /// companions' names and of symbol links (`defaultPages`, not `` `default`Pages ``).
    public var plainFunctionName: String { SwiftIdentifier.plain(functionName) }
    /// The endpoint name as a string literal (`Request.name`, sample and ware keys).
    public var nameLiteral: String
    /// `///` lines, including the `- Parameters:` list.
    public var docs: [String]
    /// Attribute lines such as `@available(*, deprecated, message: "…")`.
    public var attributes: [String]
    /// The expected response type inside the namespace (`[Pet]`, `Void`).
    public var responseType: String
    /// The expected response type outside the namespace (`[Petstore.Pet]`).
    public var qualifiedResponseType: String
    /// Whether the facade method returns nothing.
    public var returnsVoid: Bool
    /// The HTTP method, named as `HTTPRequest.Method`'s static member (`get`).
    public var method: String
    /// The path template as a string literal.
    public var pathLiteral: String
    /// Function parameters in signature order.
    public var parameters: [ParameterRender]
    /// Path placeholders to fill.
    public var pathItems: [ParameterItemRender]
    /// Query items to add.
    public var queryItems: [ParameterItemRender]
    /// Header fields to add.
    public var headerItems: [ParameterItemRender]
    /// Form fields, when the body is a form.
    public var formItems: [ParameterItemRender]
    /// The parameter holding a JSON body, if any.
    public var jsonBody: [String]
    /// A raw body, if any.
    public var rawBody: [RawBodyRender]
    /// The request timeout as a `Duration` expression, if set.
    public var timeout: [String]
    /// The cache policy, if set.
    public var cachePolicy: [CachePolicyRender]
    /// The authentication, when not the service's.
    public var authentication: [AuthenticationRender]
    /// The retry options, when the endpoint sets `retry:`.
    public var retry: [RetryRender]
    /// The idempotency key header as a string literal, when the endpoint sends one.
    public var idempotencyKeyHeader: [String]
    /// Whether the client offers `<name>Updates(…)` (the endpoint's policy is `localThenRemote`).
    public var offersUpdates: Bool
    /// Named wares as string literals, in spec order.
    public var wares: [String]
    /// What picks the endpoint's file (``SpecLayout/shard(of:count:)``): its resource, the first
    /// two literal segments of its path, so a resource's factories and methods share a file.
    public var shardKey: String
    /// `<Value: Sendable>` when the caller picks a media type (and with it the answer's type).
    public var genericClause: String = ""
    /// The `decoding:` argument of the request's init, when not the one its type implies.
    public var decoding: [DecodingRender] = []
    /// The endpoint's media types, when it has `media:`.
    public var media: [MediaRender] = []
    /// The `NamedWares` properties of the wares it names, in spec order.
    public var wareProperties: [String] = []
    /// How the facade follows the endpoint's pages, when it is paginated.
    public var pagination: [PaginationRender] = []
    /// The endpoint's typed response headers, when it declares some.
    public var responseHeaders: [ResponseHeadersRender] = []
    /// A body read from a file (`body: File`), if any.
    public var fileBody: [FileBodyRender] = []
    /// A multipart body, if any.
    public var multipartBody: [MultipartBodyRender] = []
    /// The facade method's `progress` parameter, when the endpoint uploads or downloads a file.
    public var progressParameter: [ParameterRender] = []
    /// The facade method's doc lines (``docs`` with its `progress` parameter).
    public var methodDocs: [String] = []
    /// The streamed response, when the endpoint declares `stream:`: its facade method returns the
    /// stream (see ``StreamRender``) and ``responseType`` is `HTTPBody`.
    public var stream: [StreamRender] = []

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates an endpoint.
    public init(
        functionName: String, nameLiteral: String, docs: [String], attributes: [String],
        responseType: String, qualifiedResponseType: String, returnsVoid: Bool, method: String,
        pathLiteral: String, parameters: [ParameterRender], pathItems: [ParameterItemRender],
        queryItems: [ParameterItemRender], headerItems: [ParameterItemRender], formItems: [ParameterItemRender],
        jsonBody: [String], rawBody: [RawBodyRender], timeout: [String], cachePolicy: [CachePolicyRender],
        authentication: [AuthenticationRender], retry: [RetryRender] = [], offersUpdates: Bool = false, idempotencyKeyHeader: [String] = [],
        wares: [String], shardKey: String
    ) {
        self.functionName = functionName
        self.nameLiteral = nameLiteral
        self.docs = docs
        self.attributes = attributes
        self.responseType = responseType
        self.qualifiedResponseType = qualifiedResponseType
        self.returnsVoid = returnsVoid
        self.method = method
        self.pathLiteral = pathLiteral
        self.parameters = parameters
        self.pathItems = pathItems
        self.queryItems = queryItems
        self.headerItems = headerItems
        self.formItems = formItems
        self.jsonBody = jsonBody
        self.rawBody = rawBody
        self.timeout = timeout
        self.cachePolicy = cachePolicy
        self.authentication = authentication
        self.retry = retry
        self.offersUpdates = offersUpdates
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.wares = wares
        self.shardKey = shardKey
    }

    /// Whether the body is a form.
    public var hasForm: Bool { !formItems.isEmpty }

    /// The facade method's parameters: the factory's, then `progress` when it has one.
    public var methodParameters: [ParameterRender] { parameters + progressParameter }

    /// Whether the facade method sets `onProgress` from its `progress` parameter.
    public var reportsProgress: Bool { !progressParameter.isEmpty }

    /// Whether the facade method changes the factory's request before sending it (wares, progress).
    public var customizesRequest: Bool { !wares.isEmpty || reportsProgress }

    /// Whether the factory changes the request after creating it.
    public var mutatesRequest: Bool {
        !(pathItems.isEmpty && queryItems.isEmpty && headerItems.isEmpty && formItems.isEmpty
            && jsonBody.isEmpty && rawBody.isEmpty && fileBody.isEmpty && multipartBody.isEmpty && timeout.isEmpty
            && cachePolicy.isEmpty && authentication.isEmpty && retry.isEmpty && idempotencyKeyHeader.isEmpty)
    }
}

/// A parameter of a factory and its facade method.
public struct ParameterRender: Sendable, Hashable {
    /// The local name (backticked when a keyword), and the label unless ``label`` differs.
    public var name: String
    /// The argument label: ``name`` unless set apart (`to` of `to destination`).
    public var label: String
    /// The type inside the namespace.
    public var type: String
    /// The type outside the namespace.
    public var qualifiedType: String
    /// The default argument, if any.
    public var defaultValue: [String]

    /// Creates a parameter.
    public init(name: String, type: String, qualifiedType: String, defaultValue: [String]) {
        self.name = name
        self.label = name
        self.type = type
        self.qualifiedType = qualifiedType
        self.defaultValue = defaultValue
    }

    /// How the signature declares it: `name`, or `label name` when they differ.
    public var declaration: String { label == name ? name : label + " " + name }
}

/// A value sent under a wire name: a path placeholder, query item, header or form field.
public struct ParameterItemRender: Sendable, Hashable {
    /// The wire name as a string literal.
    public var keyLiteral: String
    /// The parameter holding the value.
    public var name: String
    /// The expression sent: ``name``, or for dates that travel in another format than ISO-8601,
    /// ``name`` wrapped in a `FormattedDate` (`FormattedDate(since, format: .secondsSince1970)`).
    public var value: String
    /// For path items, the `Request` method setting it: `setPathParameter` (one segment) or
    /// `setPathSegments` (`{+name}`: several segments, `/` kept).
    public var pathSetter: String

    /// Creates an item; `value` defaults to `name`.
    public init(keyLiteral: String, name: String, value: String? = nil, pathSetter: String = "setPathParameter") {
        self.keyLiteral = keyLiteral
        self.name = name
        self.value = value ?? name
        self.pathSetter = pathSetter
    }
}

/// A raw request body.
public struct RawBodyRender: Sendable, Hashable {
    /// The parameter holding the bytes.
    public var name: String
    /// The content type as a string literal.
    public var contentTypeLiteral: String

    /// Creates a raw body.
    public init(name: String, contentTypeLiteral: String) {
        self.name = name
        self.contentTypeLiteral = contentTypeLiteral
    }
}

/// A body read from a file while sending (`body: File`).
public struct FileBodyRender: Sendable, Hashable {
    /// The parameter holding the file's URL.
    public var name: String
    /// The parameter holding its content type.
    public var contentTypeName: String

    /// Creates a file body.
    public init(name: String, contentTypeName: String) {
        self.name = name
        self.contentTypeName = contentTypeName
    }
}
