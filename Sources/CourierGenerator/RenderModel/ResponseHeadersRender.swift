/// The typed response headers of an endpoint (`responseHeaders:`): a struct read from the raw
/// response, returned beside the value by `<endpoint>WithHeaders(…)`.
public struct ResponseHeadersRender: Sendable, Hashable {
    /// The struct's name inside the namespace (`ListIssuesHeaders`).
    public var typeName: String
    /// The endpoint's function name without backticks, for documentation.
    public var endpointName: String
    /// One property per header.
    public var fields: [ResponseHeaderFieldRender]

    /// Creates the headers of one endpoint.
    public init(typeName: String, endpointName: String, fields: [ResponseHeaderFieldRender]) {
        self.typeName = typeName
        self.endpointName = endpointName
        self.fields = fields
    }
}

/// One typed response header.
public struct ResponseHeaderFieldRender: Sendable, Hashable {
    /// The property name.
    public var name: String
    /// The property type (always optional: a header may be missing).
    public var type: String
    /// The header's name as written, for documentation.
    public var headerName: String
    /// The expression reading it from `response` (a `RawResponse`).
    public var readExpression: String

    /// Creates a header field.
    public init(name: String, type: String, headerName: String, readExpression: String) {
        self.name = name
        self.type = type
        self.headerName = headerName
        self.readExpression = readExpression
    }
}
