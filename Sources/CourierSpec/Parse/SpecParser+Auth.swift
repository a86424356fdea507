extension SpecParser {
    /// Keys of one `authSchemes:` entry.
    static let authSchemeKeys: Set<String> = ["type", "in", "name", "refresh", "rejected", "summary", "description"]
    /// Keys of `refresh:`.
    static let refreshKeys: Set<String> = ["endpoint", "parameter", "accessToken", "refreshToken", "expiresIn"]

    /// Reads `authSchemes:`.
    mutating func authSchemes(_ node: YAMLNode) -> [AuthSchemeDeclaration] {
        guard let mapping = KeyedMapping(node, what: "`authSchemes`", log: &log) else { return [] }
        return mapping.pairs.compactMap { authScheme($0) }
    }

    private mutating func authScheme(_ pair: YAMLPair) -> AuthSchemeDeclaration? {
        let what = "auth scheme '\(pair.key)'"
        guard let mapping = KeyedMapping(pair.value, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.authSchemeKeys, in: what, log: &log)
        guard let typeNode = mapping.value("type") else {
            log.error("\(what) needs `type:` (\(AuthSchemeKind.spellingList))", at: pair.keyLocation)
            return nil
        }
        guard let type: Located<AuthSchemeKind> = word(typeNode, what: "`type` of \(what)") else { return nil }
        var scheme = AuthSchemeDeclaration(name: Located(pair.key, at: pair.keyLocation), type: type)
        if let node = mapping.value("in") {
            scheme.placement = word(node, what: "`in` of \(what)")
        } else if type.value == .apiKey {
            log.error("\(what) needs `in:` (\(APIKeyPlacement.spellingList)) and `name:`", at: pair.keyLocation)
        }
        if let node = mapping.value("name") { scheme.keyName = text(node, what: "`name` of \(what)") }
        if let node = mapping.value("refresh") { scheme.refresh = tokenRefresh(node, what: "`refresh` of \(what)") }
        if let node = mapping.value("rejected") {
            scheme.rejected = (node.items ?? [node]).compactMap { integer($0, what: "a status in `rejected` of \(what)", in: 400...599) }
        }
        return scheme
    }

    private mutating func tokenRefresh(_ node: YAMLNode, what: String) -> TokenRefreshDeclaration? {
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.refreshKeys, in: what, log: &log)
        var required: [String: Located<String>] = [:]
        for key in ["endpoint", "parameter", "accessToken"] {
            guard let value = mapping.value(key) else {
                log.error(
                    "\(what) needs `\(key):` (endpoint: the refresh endpoint, parameter: its parameter that takes the "
                        + "refresh token, accessToken: the response field with the new token)",
                    at: node.location)
                continue
            }
            required[key] = text(value, what: "`\(key)` of \(what)")
        }
        guard let endpoint = required["endpoint"], let parameter = required["parameter"],
              let accessToken = required["accessToken"]
        else { return nil }
        return TokenRefreshDeclaration(
            endpoint: endpoint, parameter: parameter, accessToken: accessToken,
            refreshToken: mapping.value("refreshToken").flatMap { text($0, what: "`refreshToken` of \(what)") },
            expiresIn: mapping.value("expiresIn").flatMap { text($0, what: "`expiresIn` of \(what)") },
            location: node.location)
    }
}
