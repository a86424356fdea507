/// How the facade follows an endpoint's pages (`pagination:`): `<endpoint>Pages(…)` and
/// `<endpoint>Items(…)` over the runtime's `Pages`.
public struct PaginationRender: Sendable, Hashable {
    /// The `PaginationStyle` expression (`.link`, `.pageNumber(parameter: "page")`, `.cursor(…) { … }`).
    public var style: String
    /// The type of one item, qualified.
    public var itemType: String
    /// The closure reading a page's items from its value (`{ $0 }`, `{ $0.items }`).
    public var itemsExpression: String
    /// `true` when an empty page ends the pages (page numbers), else `false`.
    public var stopsAtEmptyPage: String

    /// Creates a pagination.
    public init(style: String, itemType: String, itemsExpression: String, stopsAtEmptyPage: String) {
        self.style = style
        self.itemType = itemType
        self.itemsExpression = itemsExpression
        self.stopsAtEmptyPage = stopsAtEmptyPage
    }
}

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
