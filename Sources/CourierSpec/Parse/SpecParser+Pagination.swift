extension SpecParser {
    /// Keys of `pagination:`.
    static let paginationKeys: Set<String> = ["style", "parameter", "cursor", "items"]

    /// `pagination: link`, `pagination: true` (endpoints: the service's style) or
    /// `pagination: { style: cursor, parameter: cursor, cursor: nextCursor, items: items }`.
    mutating func paginationSetting(_ node: YAMLNode, what: String, allowsTrue: Bool) -> PaginationSetting? {
        if let scalar = node.scalar {
            if allowsTrue, scalar.isPlain, scalar.text == "true" {
                return PaginationSetting(style: nil, location: node.location)
            }
            guard let style = text(node, what: what) else { return nil }
            return PaginationSetting(style: style, location: node.location)
        }
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.paginationKeys, in: what, log: &log)
        return PaginationSetting(
            style: mapping.value("style").flatMap { text($0, what: "`style` of \(what)") },
            parameter: mapping.value("parameter").flatMap { text($0, what: "`parameter` of \(what)") },
            cursor: mapping.value("cursor").flatMap { text($0, what: "`cursor` of \(what)") },
            items: mapping.value("items").flatMap { text($0, what: "`items` of \(what)") },
            location: node.location)
    }
}
