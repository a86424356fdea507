extension SpecValidator {
    /// The scalar types a response header can be read as.
    static let responseHeaderTypes: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Bool"]

    /// Response headers are HTTP field names with types a header can be read as, and distinct
    /// Swift names.
    mutating func checkResponseHeaders(_ endpoint: Endpoint, of what: String) {
        var swiftNames: [String: Located<String>] = [:]
        for header in endpoint.responseHeaders {
            checkHeaderName(header.name, what: "response header")
            let swiftName = SwiftName.lowerCamelCase(header.name.value)
            if let other = swiftNames[swiftName] {
                log.error(
                    "response headers '\(other.value)' (line \(other.location.line)) and '\(header.name.value)' of \(what) "
                        + "both become '\(swiftName)'",
                    at: header.name.location)
            } else {
                swiftNames[swiftName] = header.name
            }
            guard case .named(let name) = header.type.value.nonOptional, Self.responseHeaderTypes.contains(name) else {
                log.error(
                    "response header '\(header.name.value)' of \(what) has type '\(header.type.value)'; headers are read as "
                        + Self.responseHeaderTypes.sorted().joined(separator: ", "),
                    at: header.type.location)
                continue
            }
        }
    }

    /// A paginated endpoint has a style, the query parameter it names, and a response holding
    /// its items (and its cursor).
    mutating func checkPagination(_ endpoint: Endpoint, of what: String, in spec: Spec, models: ModelTable) {
        guard let declared = endpoint.pagination else { return }
        let setting = declared.filled(from: spec.pagination)
        guard let style = setting.style?.value else {
            // A service's `pagination:` without a readable style has been reported by the parser.
            guard spec.pagination == nil else { return }
            log.error(
                "`pagination: true` on \(what) takes the top-level `pagination:` style, but this spec has none; "
                    + "write the style here (`pagination: link`) or add one at the top level",
                at: declared.location)
            return
        }
        guard let response = endpoint.response, response.value != .named("Empty"), endpoint.media.isEmpty else {
            log.error("\(what) is paginated, so it needs a `response:` holding the items (a list, or a model with `items:`)", at: declared.location)
            return
        }
        var responseFields: [Field]?
        if case .array = response.value {
            if let items = setting.items {
                log.error("\(what) answers with a list, which is the items; remove `items: \(items.value)`", at: items.location)
            }
        } else if case .named(let name) = response.value, let fields = models.fields(of: name) {
            responseFields = fields
            if let items = setting.items {
                let field = fields.first { $0.name.value == items.value }
                if field == nil || !isList(field?.type.value) {
                    log.error(
                        "`items` of the pagination of \(what) must name a list field of '\(name)', such as "
                            + (fields.first { isList($0.type.value) }?.name.value ?? "items")
                            + Suggestion.didYouMean(items.value, among: fields.map(\.name.value)),
                        at: items.location)
                }
            } else {
                log.error(
                    "\(what) answers with '\(name)', so its pagination needs `items:`, the field holding each page's list",
                    at: declared.location)
            }
        } else {
            log.error("\(what) is paginated, so its response must be a list or a model with fields, not '\(response.value)'", at: response.location)
        }
        switch style {
        case .link:
            break
        case .page:
            checkPageParameter(setting, endpoint: endpoint, of: what, types: ["Int", "Int32", "Int64"])
        case .cursor:
            checkPageParameter(setting, endpoint: endpoint, of: what, types: ["String"])
            guard let fields = responseFields else {
                if endpoint.response != nil, case .array = response.value {
                    log.error("cursor pagination of \(what) reads the cursor from a model's field, but the response is a list", at: declared.location)
                }
                return
            }
            guard let cursor = setting.cursor else {
                log.error("cursor pagination of \(what) needs `cursor:`, the response field holding the next cursor", at: declared.location)
                return
            }
            let field = fields.first { $0.name.value == cursor.value }
            if field?.type.value.nonOptional != .named("String") {
                log.error(
                    "`cursor` of the pagination of \(what) must name a String field of the response"
                        + Suggestion.didYouMean(cursor.value, among: fields.map(\.name.value)),
                    at: cursor.location)
            }
        }
    }

    private func isList(_ type: TypeRef?) -> Bool {
        if case .array = type?.nonOptional { return true }
        return false
    }

    private mutating func checkPageParameter(_ setting: PaginationSetting, endpoint: Endpoint, of what: String, types: Set<String>) {
        guard let parameter = setting.parameter else {
            log.error(
                "\(setting.style?.value.rawValue ?? "") pagination of \(what) needs `parameter:`, the query parameter carrying the "
                    + (types.contains("String") ? "cursor" : "page number"),
                at: setting.location)
            return
        }
        guard let query = endpoint.queryParameters.first(where: { ($0.key ?? $0.name.value) == parameter.value }) else {
            log.error(
                "`parameter` '\(parameter.value)' of the pagination of \(what) is not one of its query parameters"
                    + Suggestion.didYouMean(parameter.value, among: endpoint.queryParameters.map(\.name.value)),
                at: parameter.location)
            return
        }
        guard case .named(let name) = query.type.value.nonOptional, types.contains(name) else {
            log.error(
                "query parameter '\(query.name.value)' of \(what) carries the "
                    + (types.contains("String") ? "cursor, so it must be a String" : "page number, so it must be an Int"),
                at: query.type.location)
            return
        }
    }
}
