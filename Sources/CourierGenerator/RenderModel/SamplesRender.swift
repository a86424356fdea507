/// One endpoint's entry in the generated `samples`: how to route to it and what it answers.
public struct EndpointSamplesRender: Sendable, Hashable {
    /// The endpoint name as a string literal (the key, and `Request.name`).
    public var nameLiteral: String
    /// The HTTP method as a member of `HTTPRequest.Method` (`.get`).
    public var method: String
    /// The path template as a string literal (`"/pets/{id}"`).
    public var pathLiteral: String
    /// The sample responses in spec order (`sample:` first).
    public var responses: [ResponseSampleRender]

    /// Creates an entry.
    public init(nameLiteral: String, method: String, pathLiteral: String, responses: [ResponseSampleRender]) {
        self.nameLiteral = nameLiteral
        self.method = method
        self.pathLiteral = pathLiteral
        self.responses = responses
    }
}

/// One sample response: status, header fields and the property holding its body.
public struct ResponseSampleRender: Sendable, Hashable {
    /// The status code (`404`).
    public var status: String
    /// Header fields as literal pairs, `Content-Type` first unless the spec set it.
    public var headers: [KeyValueLiteral]
    /// The static property holding the body, when there is one.
    public var body: [String]

    /// Creates a response.
    public init(status: String, headers: [KeyValueLiteral], body: [String]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A sample body embedded as a static `Data` property (`listPetsSample`, `getPetSample404`).
public struct SampleBodyRender: Sendable, Hashable {
    /// The property's name.
    public var propertyName: String
    /// `///` lines naming the endpoint, status and file.
    public var docs: [String]
    /// A `Data` expression holding the bytes; may span lines (a multi-line raw string).
    public var dataExpression: String

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a body.
    public init(propertyName: String, docs: [String], dataExpression: String) {
        self.propertyName = propertyName
        self.docs = docs
        self.dataExpression = dataExpression
    }
}
