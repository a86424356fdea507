extension SpecParser {
    /// Every key an endpoint may hold: a method (``HTTPMethod``) and the rest.
    static let endpointKeys = Set(HTTPMethod.spellings).union([
        "summary", "description", "deprecated", "query", "headers", "path", "body", "form", "raw", "multipart",
        "response", "auth", "wares", "cache", "timeout", "sample", "samples", "retry", "idempotencyKey", "fixedHeaders", "media",
        "responseHeaders", "pagination", "stream",
    ])
    /// Keys of one `media:` choice.
    static let mediaKeys: Set<String> = ["accept", "response"]
    /// The keys that each declare a request body.
    static let bodyKeys = ["body", "form", "raw", "multipart"]
    /// Keys of `cache:`.
    static let cacheKeys: Set<String> = ["policy", "ttl"]

    /// Reads `endpoints:`.
    mutating func endpoints(_ node: YAMLNode) -> [Endpoint] {
        guard let mapping = KeyedMapping(node, what: "`endpoints`", log: &log) else { return [] }
        return mapping.pairs.compactMap { endpoint($0) }
    }

    private mutating func endpoint(_ pair: YAMLPair) -> Endpoint? {
        let what = "endpoint '\(pair.key)'"
        guard let mapping = KeyedMapping(pair.value, what: what, log: &log) else { return nil }
        let misspelledMethod = reportUnknownEndpointKeys(mapping, what: what)
        let name = Located(pair.key, at: pair.keyLocation)
        let (method, path, verbatim) = methodAndPath(mapping, name: name, what: what, reportMissing: !misspelledMethod)
        var endpoint = Endpoint(name: name, method: method, path: path, documentation: documentation(in: mapping, of: what))
        endpoint.pathIsVerbatim = verbatim
        if let node = mapping.value("path") { endpoint.pathParameters = parameters(node, kind: "path parameter") }
        if let node = mapping.value("query") { endpoint.queryParameters = parameters(node, kind: "query parameter") }
        if let node = mapping.value("headers") { endpoint.headerParameters = parameters(node, kind: "header parameter") }
        endpoint.body = body(mapping, what: what)
        if let node = mapping.value("response") { endpoint.response = typeRef(node, what: "the response of \(what)") }
        if let node = mapping.value("auth") { endpoint.auth = text(node, what: "`auth` of \(what)") }
        if let node = mapping.value("wares") { endpoint.wares = names(node, what: "`wares` of \(what)") }
        if let node = mapping.value("cache") { endpoint.cache = cacheSetting(node, what: "`cache` of \(what)") }
        if let node = mapping.value("timeout") { endpoint.timeout = duration(node, what: "`timeout` of \(what)") }
        if let node = mapping.value("sample") { endpoint.sample = text(node, what: "`sample` of \(what)") }
        if let node = mapping.value("samples") { endpoint.samples = sampleDeclarations(node, what: "`samples` of \(what)") }
        if let node = mapping.value("retry") { endpoint.retry = retrySetting(node, what: "`retry` of \(what)") }
        if let node = mapping.value("fixedHeaders") {
            endpoint.fixedHeaders = namedValues(node, what: "`fixedHeaders` of \(what)", atValue: false)
        }
        if let node = mapping.value("responseHeaders") {
            endpoint.responseHeaders = parameters(node, kind: "response header")
        }
        if let node = mapping.value("pagination") {
            endpoint.pagination = paginationSetting(node, what: "`pagination` of \(what)", allowsTrue: true)
        }
        if let node = mapping.value("stream") { endpoint.stream = streamSetting(node, what: "`stream` of \(what)") }
        if let node = mapping.value("media") { endpoint.media = mediaChoices(node, what: "`media` of \(what)") }
        if let node = mapping.value("idempotencyKey") {
            endpoint.idempotencyKey = idempotencyKey(node, what: "`idempotencyKey` of \(what)")
        }
        return endpoint
    }

    /// `media: { json: { accept: application/json, response: Repo }, raw: { accept: …, response: Data } }`.
    private mutating func mediaChoices(_ node: YAMLNode, what: String) -> [MediaChoice] {
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return [] }
        if mapping.pairs.isEmpty { log.error("\(what) needs at least one media type", at: node.location) }
        return mapping.pairs.compactMap { pair -> MediaChoice? in
            let choiceWhat = "media type '\(pair.key)' in \(what)"
            guard let choice = KeyedMapping(pair.value, what: choiceWhat, log: &log) else { return nil }
            choice.warnAboutUnknownKeys(known: Self.mediaKeys, in: choiceWhat, log: &log)
            guard let acceptNode = choice.value("accept") else {
                log.error("\(choiceWhat) needs `accept:`, the media type it asks for (such as application/json)", at: pair.keyLocation)
                return nil
            }
            guard let accept = text(acceptNode, what: "`accept` of \(choiceWhat)") else { return nil }
            let response = choice.value("response").flatMap { typeRef($0, what: "the response of \(choiceWhat)") }
            if response == nil, choice.value("response") == nil {
                log.error("\(choiceWhat) needs `response:`, the type its answer decodes to (Data for raw bytes)", at: pair.keyLocation)
            }
            return MediaChoice(name: Located(pair.key, at: pair.keyLocation), accept: accept, response: response)
        }
    }

    /// A key holding a path (`fetch: /pets`) is taken for a misspelled method: an error, since
    /// the endpoint cannot work without it. Other unknown keys get a warning.
    /// Returns whether a misspelled method was reported.
    private mutating func reportUnknownEndpointKeys(_ mapping: KeyedMapping, what: String) -> Bool {
        var reportedMethod = false
        for pair in mapping.unknownPairs(known: Self.endpointKeys) {
            if let path = pair.value.scalar, path.text.hasPrefix("/") {
                reportedMethod = true
                log.error(HTTPMethod.unknownMessage(pair.key, context: " in \(what)"), at: pair.keyLocation)
            } else {
                log.warning(
                    "unknown key '\(pair.key)' in \(what)" + Suggestion.didYouMean(pair.key, among: Self.endpointKeys),
                    at: pair.keyLocation)
            }
        }
        return reportedMethod
    }

    /// The one method key and its path, and whether the path is written as it reads (see
    /// ``Endpoint/pathIsVerbatim``); placeholders (empty) after reporting none or several.
    private mutating func methodAndPath(
        _ mapping: KeyedMapping, name: Located<String>, what: String, reportMissing: Bool
    ) -> (method: Located<HTTPMethod>?, path: Located<String>, verbatim: Bool) {
        var found: (method: Located<HTTPMethod>, path: Located<String>, verbatim: Bool)?
        for pair in mapping.pairs {
            guard let method = HTTPMethod(rawValue: pair.key) else { continue }
            if let first = found {
                log.error(
                    "\(what) has a second method '\(pair.key)' (it already has '\(first.method.value.rawValue)' "
                        + "at line \(first.method.location.line)); declare one endpoint per method",
                    at: pair.keyLocation)
                continue
            }
            // Located at its first character (inside any quotes), so that placeholders in it
            // can be pointed at by offset.
            let path = text(pair.value, what: "the path of \(what)")
                .map { Located($0.value, at: Self.location(in: pair.value, offset: 0)) } ?? Located("", at: pair.value.location)
            found = (Located(method, at: pair.keyLocation), path, Self.isVerbatim(pair.value))
        }
        if let found { return found }
        if reportMissing {
            log.error(
                "\(what) needs a method and a path, such as `get: /pets` (methods: \(HTTPMethod.spellingList))",
                at: name.location)
        }
        return (nil, Located("", at: name.location), true)
    }

    /// Whether a scalar's text is its source character for character (libyaml counts columns in
    /// Unicode scalars): on one line, and plain, or quoted with nothing between the quotes but
    /// the text (no escape such as `\u0070` or `''`).
    static func isVerbatim(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar, scalar.style != .block, node.location.line == node.end.line else { return false }
        if scalar.isPlain { return true }
        return node.end.column - node.location.column - 2 == scalar.text.unicodeScalars.count
    }

    private mutating func parameters(_ node: YAMLNode, kind: String) -> [Parameter] {
        typedEntries(node, kind: kind, known: Self.parameterKeys).map(Self.parameter)
    }

    /// `multipart: { caption: String?, photo: { type: File, contentType: image/png } }`, in file order.
    private mutating func multipartParts(_ node: YAMLNode) -> [MultipartPart] {
        typedEntries(node, kind: "multipart part", known: Self.partKeys).map { entry in
            MultipartPart(parameter: Self.parameter(entry), contentType: entry.contentType)
        }
    }

    private static func parameter(_ entry: TypedEntry) -> Parameter {
        var parameter = Parameter(
            name: entry.name, type: entry.type, key: entry.key, defaultValue: entry.defaultValue,
            documentation: entry.documentation)
        parameter.sensitive = entry.sensitive
        parameter.format = entry.format
        return parameter
    }

    /// `body: Type` (`body: File` for a file's contents), `form: { field: Type }`, `raw: content/type`
    /// or `multipart: { part: Type }`: at most one of them.
    private mutating func body(_ mapping: KeyedMapping, what: String) -> Body? {
        let written = mapping.pairs.filter { Self.bodyKeys.contains($0.key) }
        for extra in written.dropFirst() {
            log.error(
                "\(what) has both `\(written[0].key)` and `\(extra.key)`; a request has one body: "
                    + "`body`, `form`, `raw` or `multipart`",
                at: extra.keyLocation)
        }
        guard let pair = written.first else { return nil }
        switch pair.key {
        case "body":
            guard let type = typeRef(pair.value, what: "the body of \(what)") else { return nil }
            return type.value.isFile ? .file(at: type.location) : .json(type)
        case "form":
            return .form(parameters(pair.value, kind: "form field"), at: pair.keyLocation)
        case "multipart":
            let parts = multipartParts(pair.value)
            // Not a mapping: already reported, so not also "needs at least one part".
            return pair.value.pairs == nil && !pair.value.isNull ? nil : .multipart(parts, at: pair.keyLocation)
        default:
            return text(pair.value, what: "`raw` of \(what) (a content type such as image/png)")
                .map { Body.raw(contentType: $0) }
        }
    }

    /// `cache: { policy: …, ttl: … }`, or just `cache: policy`.
    mutating func cacheSetting(_ node: YAMLNode, what: String) -> CacheSetting? {
        if node.scalar != nil {
            return word(node, what: what).map { CacheSetting(policy: $0) }
        }
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.cacheKeys, in: what, log: &log)
        guard let policyNode = mapping.value("policy") else {
            log.error("\(what) needs `policy:`", at: node.location)
            return nil
        }
        guard let policy: Located<CachePolicyMode> = word(policyNode, what: "`policy` of \(what)") else { return nil }
        let ttl = mapping.value("ttl").flatMap { duration($0, what: "the ttl of \(what)") }
        return CacheSetting(policy: policy, ttl: ttl)
    }
}
