extension SpecParser {
    /// Keys of `pagination:`.
    static let paginationKeys: Set<String> = ["style", "parameter", "cursor", "items"]

    /// `pagination: link`, `pagination: true` (endpoints: the service's style) or
    /// `pagination: { style: cursor, parameter: cursor, cursor: nextCursor, items: items }`.
    ///
    /// A style that is none of ``PaginationSetting/Style`` is reported here; an endpoint's
    /// setting is then dropped, and the service's (`allowsTrue` false) kept without a style, so
    /// that endpoints taking it are not reported again.
    mutating func paginationSetting(_ node: YAMLNode, what: String, allowsTrue: Bool) -> PaginationSetting? {
        if let scalar = node.scalar {
            if allowsTrue, scalar.isPlain, scalar.text == "true" {
                return PaginationSetting(style: nil, location: node.location)
            }
            let style: Located<PaginationSetting.Style>? = word(node, what: what)
            return style == nil && allowsTrue ? nil : PaginationSetting(style: style, location: node.location)
        }
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.paginationKeys, in: what, log: &log)
        var style: Located<PaginationSetting.Style>?
        if let styleNode = mapping.value("style") {
            style = word(styleNode, what: "`style` of \(what)")
            if style == nil, allowsTrue { return nil }
        } else if !allowsTrue {
            // The service's setting is what `pagination: true` takes: it needs a style of its own.
            log.error("\(what) needs `style:` (\(PaginationSetting.Style.spellingList))", at: node.location)
        }
        return PaginationSetting(
            style: style,
            parameter: mapping.value("parameter").flatMap { text($0, what: "`parameter` of \(what)") },
            cursor: mapping.value("cursor").flatMap { text($0, what: "`cursor` of \(what)") },
            items: mapping.value("items").flatMap { text($0, what: "`items` of \(what)") },
            location: node.location)
    }
}
