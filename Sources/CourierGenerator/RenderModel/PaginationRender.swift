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
