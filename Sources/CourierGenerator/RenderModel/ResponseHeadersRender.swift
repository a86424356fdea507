/// The typed response headers of an endpoint (`responseHeaders:`): a struct read from the raw
/// response, returned beside the value by `<endpoint>WithHeaders(…)`.
///
/// Template keys: `typeName`, `endpointName`, `fields`, `source`.
public struct ResponseHeadersRender: Sendable, Hashable {
    /// The struct's name inside the namespace (`ListIssuesHeaders`).
    public var typeName: String
    /// The endpoint's function name without backticks, for documentation.
    public var endpointName: String
    /// One property per header.
    public var fields: [ResponseHeaderFieldRender]

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates the headers of one endpoint.
    public init(typeName: String, endpointName: String, fields: [ResponseHeaderFieldRender]) {
        self.typeName = typeName
        self.endpointName = endpointName
        self.fields = fields
    }
}

/// One typed response header.
///
/// Template keys: `name`, `valueType`, `headerName`, `headerNameLiteral`, `readsText`, `source`.
public struct ResponseHeaderFieldRender: Sendable, Hashable {
    /// The property name.
    public var name: String
    /// The type the header's text converts to (`String`, `Int`); the property is its optional,
    /// since a header may be missing.
    public var valueType: String
    /// The header's name for documentation, inside backticks (a backtick in it becomes `'`).
    public var headerName: String
    /// The header's name as a string literal, for `RawResponse.headerValue(_:)`.
    public var headerNameLiteral: String

    /// Whether the header is read as text, without converting it.
    public var readsText: Bool { valueType == "String" }

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a header field.
    public init(name: String, valueType: String, headerName: String, headerNameLiteral: String) {
        self.name = name
        self.valueType = valueType
        self.headerName = headerName
        self.headerNameLiteral = headerNameLiteral
    }
}
