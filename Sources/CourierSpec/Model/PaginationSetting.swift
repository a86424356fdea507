/// How a paginated endpoint reaches its next page (`pagination:`).
public struct PaginationSetting: Sendable {
    /// The ways pages are linked.
    public enum Style: String, SpecWord {
        /// RFC 8288: the `Link` header's `rel="next"` target.
        case link
        /// A page number in a query parameter; the pages end at the first empty page.
        case page
        /// A cursor read from each page and sent in a query parameter.
        case cursor

        /// `pagination style`.
        public static let kind = "pagination style"
    }

    /// The style (`nil` for `pagination: true` or a mapping without `style:`, which take the service's).
    public var style: Located<Style>?
    /// `page` and `cursor`: the query parameter carrying the page number or cursor.
    public var parameter: Located<String>?
    /// `cursor`: the field of the response holding the next cursor.
    public var cursor: Located<String>?
    /// The field of the response holding the page's items, when the response is not a list.
    public var items: Located<String>?
    /// Where `pagination:` was written.
    public var location: SourceLocation

    /// Creates a setting.
    public init(
        style: Located<Style>?, parameter: Located<String>? = nil, cursor: Located<String>? = nil,
        items: Located<String>? = nil, location: SourceLocation
    ) {
        self.style = style
        self.parameter = parameter
        self.cursor = cursor
        self.items = items
        self.location = location
    }

    /// This setting with what it leaves out taken from `defaults` (the service's).
    public func filled(from defaults: PaginationSetting?) -> PaginationSetting {
        guard let defaults else { return self }
        return PaginationSetting(
            style: style ?? defaults.style, parameter: parameter ?? defaults.parameter, cursor: cursor ?? defaults.cursor,
            items: items ?? defaults.items, location: location)
    }
}
