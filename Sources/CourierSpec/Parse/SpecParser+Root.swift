extension SpecParser {
    /// The `courier:` format version this tool reads.
    static let supportedVersion = 1
    /// Keys of the top level.
    static let rootKeys: Set<String> = [
        "courier", "service", "summary", "description", "baseURL", "environments", "headers", "timeout",
        "retry", "cache", "pagination", "auth", "authSchemes", "dates", "keys", "errors", "models", "endpoints",
    ]
    /// Keys of `errors:`.
    static let errorsKeys: Set<String> = ["model", "codeField", "events", "statuses", "statusEvents", "headerEvents"]

    /// Reads a whole spec from its root mapping.
    mutating func spec(_ root: YAMLNode, file: String) -> Spec {
        let placeholder = Located("", at: root.location)
        guard let mapping = KeyedMapping(root, what: "the top level of a spec", log: &log) else {
            return Spec(file: file, service: placeholder, baseURL: placeholder)
        }
        mapping.warnAboutUnknownKeys(known: Self.rootKeys, in: "the spec", log: &log)
        var spec = Spec(file: file, service: service(mapping) ?? placeholder, baseURL: placeholder)
        if let node = mapping.value("courier") { spec.version = version(node) }
        if let node = mapping.value("baseURL"), let baseURL = text(node, what: "`baseURL`") { spec.baseURL = baseURL }
        if let node = mapping.value("environments") {
            spec.environments = namedValues(node, what: "`environments`", atValue: true)
            // The generated `Environment` has `production` for `baseURL:`; a second one is a
            // second case with the same raw value.
            for pair in node.pairs ?? [] where pair.key == "production" {
                log.error(
                    "environment 'production' clashes with `baseURL:`, which is the generated `Environment.production`; "
                        + "set `baseURL:` to this URL or give the environment another name",
                    at: pair.keyLocation)
            }
        }
        if let node = mapping.value("headers") { spec.headers = namedValues(node, what: "`headers`", atValue: false) }
        if let node = mapping.value("timeout") { spec.timeout = duration(node, what: "`timeout`") }
        if let node = mapping.value("retry") { spec.retry = retrySetting(node, what: "`retry`") }
        if let node = mapping.value("cache") { spec.cache = cacheSetting(node, what: "`cache`") }
        if let node = mapping.value("pagination") { spec.pagination = paginationSetting(node, what: "`pagination`", allowsTrue: false) }
        if let node = mapping.value("auth") { spec.auth = text(node, what: "`auth`") }
        if let node = mapping.value("authSchemes") { spec.authSchemes = authSchemes(node) }
        if let node = mapping.value("dates") { spec.dateFormat = word(node, what: "`dates`") }
        if let node = mapping.value("keys") { spec.keyStrategy = word(node, what: "`keys`") }
        if let node = mapping.value("errors") { spec.errors = errorEnvelope(node) }
        if let node = mapping.value("summary") { spec.summary = text(node, what: "`summary`")?.value }
        if let node = mapping.value("description") { spec.description = text(node, what: "`description`")?.value }
        if let node = mapping.value("models") { spec.models = models(node) }
        if let pair = mapping.pair("endpoints") {
            spec.endpoints = endpoints(pair.value)
            if !mapping.has("baseURL"), !spec.endpoints.isEmpty {
                log.error("a spec with endpoints needs `baseURL:`, such as `baseURL: https://api.example.com/v1`", at: pair.keyLocation)
            }
        }
        return spec
    }

    private mutating func service(_ mapping: KeyedMapping) -> Located<String>? {
        guard let node = mapping.value("service") else {
            log.error(
                "the spec needs `service:`, the namespace of everything generated (such as `service: Petstore`)",
                at: mapping.node.location)
            return nil
        }
        return text(node, what: "`service`")
    }

    private mutating func version(_ node: YAMLNode) -> Int {
        guard let text = text(node, what: "`courier`") else { return Self.supportedVersion }
        guard node.scalar?.isPlain == true, Int(text.value) == Self.supportedVersion else {
            log.error(
                "unsupported spec version '\(text.value)'; this tool reads `courier: \(Self.supportedVersion)`",
                at: text.location)
            return Int(text.value) ?? Self.supportedVersion
        }
        return Self.supportedVersion
    }

    private mutating func errorEnvelope(_ node: YAMLNode) -> ErrorEnvelope? {
        guard let mapping = KeyedMapping(node, what: "`errors`", log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.errorsKeys, in: "`errors`", log: &log)
        guard let modelNode = mapping.value("model") else {
            log.error("`errors` needs `model:`, the model error bodies decode to", at: node.location)
            return nil
        }
        guard let model = text(modelNode, what: "`errors.model`") else { return nil }
        var envelope = ErrorEnvelope(model: model)
        if let codeField = mapping.value("codeField") { envelope.codeField = text(codeField, what: "`errors.codeField`") }
        if let events = mapping.value("events") { envelope.events = namedValues(events, what: "`errors.events`", atValue: true) }
        if let node = mapping.value("statuses") { envelope.statuses = namedValues(node, what: "`errors.statuses`", atValue: true) }
        if let node = mapping.value("statusEvents") { envelope.statusEvents = namedValues(node, what: "`errors.statusEvents`", atValue: true) }
        if let node = mapping.value("headerEvents") { envelope.headerEvents = namedValues(node, what: "`errors.headerEvents`", atValue: true) }
        return envelope
    }
}
