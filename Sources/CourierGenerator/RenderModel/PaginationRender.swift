/// How the facade follows an endpoint's pages (`pagination:`): `<endpoint>Pages(…)` and
/// `<endpoint>Items(…)` over the runtime's `Pages`.
///
/// Template keys, inside `{{#pagination}}` (the endpoint's keys stay visible): `style` (the
/// runtime's `PaginationStyle` member: `link`, `pageNumber`, `cursor`), `parameterLiteral`,
/// `cursorProperty`, `itemType`, `itemsProperty`, `itemsAreOptional`, `stopsAtEmptyPage`.
public struct PaginationRender: Sendable, Hashable {
    /// How the next page is found, named as the runtime's `PaginationStyle` member.
    public var style: Style
    /// The query parameter carrying the page number or the cursor, as a string literal (one
    /// element for ``Style/pageNumber`` and ``Style/cursor``, none for ``Style/link``).
    public var parameterLiteral: [String]
    /// The property of a page holding the next cursor (one element for ``Style/cursor`` only),
    /// followed by `?.wrapped` when it is a `Nullable`, so `null` ends the pages.
    public var cursorProperty: [String]
    /// The type of one item, qualified.
    public var itemType: String
    /// The property of a page holding its items; none when the page is the list of items. It is
    /// followed by `?.wrapped` when it is a `Nullable`.
    public var itemsProperty: [String]
    /// Whether reading that property gives an optional (a missing or `null` list reads as no items).
    public var itemsAreOptional: Bool
    /// Whether an empty page ends the pages (page numbers).
    public var stopsAtEmptyPage: Bool

    /// The ways to find the next page, named as the runtime's `PaginationStyle` members.
    public enum Style: String, Sendable, Hashable {
        /// The `Link` header's `rel="next"` URL.
        case link
        /// A page-number query parameter, one more on each request.
        case pageNumber
        /// A cursor query parameter, read from each page.
        case cursor
    }

    /// Creates a pagination.
    public init(
        style: Style, parameterLiteral: [String] = [], cursorProperty: [String] = [], itemType: String,
        itemsProperty: [String] = [], itemsAreOptional: Bool = false, stopsAtEmptyPage: Bool
    ) {
        self.style = style
        self.parameterLiteral = parameterLiteral
        self.cursorProperty = cursorProperty
        self.itemType = itemType
        self.itemsProperty = itemsProperty
        self.itemsAreOptional = itemsAreOptional
        self.stopsAtEmptyPage = stopsAtEmptyPage
    }
}
