extension SpecValidator {
    /// Scheme names `auth:` may use without declaring them: a plain bearer token, basic.
    static let implicitAuthSchemes = [AuthSchemeKind.bearer, .basic].map(\.rawValue)

    /// The names `auth:` may take in `spec`: `none`, the declared schemes, and the implicit ones.
    static func authSchemeNames(in spec: Spec) -> [String] {
        ["none"] + spec.authSchemes.map(\.name.value) + implicitAuthSchemes.filter { name in
            !spec.authSchemes.contains { $0.name.value == name }
        }
    }

    /// `auth:` names `none` or a scheme of the spec.
    mutating func checkAuth(_ auth: Located<String>, in spec: Spec) {
        let known = Self.authSchemeNames(in: spec)
        guard !known.contains(auth.value) else { return }
        log.error(
            "unknown auth scheme '\(auth.value)' (use \(known.joined(separator: ", ")); or declare one under "
                + "`authSchemes:` with `type:` \(AuthSchemeKind.spellingList)"
                + (AuthSchemeKind(rawValue: auth.value) != nil ? ", such as `\(auth.value): { type: \(auth.value), … }`)" : ")")
                + Suggestion.didYouMean(auth.value, among: known),
            at: auth.location)
    }

    /// Each declared scheme: its type and parts, and a bearer's refresh endpoint and fields.
    mutating func checkAuthSchemes(_ spec: Spec, models: ModelTable) {
        for scheme in spec.authSchemes {
            let what = "auth scheme '\(scheme.name.value)'"
            checkIdentifier(scheme.name, what: "auth scheme")
            if scheme.name.value == "none" {
                log.error("an auth scheme cannot be named 'none': `auth: none` means no authentication", at: scheme.name.location)
            }
            if scheme.type.value == .apiKey {
                checkAPIKey(scheme, what: what)
            } else {
                for part in [scheme.placement?.location, scheme.keyName?.location].compactMap({ $0 }) {
                    log.warning("\(what) is not an apiKey scheme; `in` and `name` are ignored", at: part)
                }
            }
            if let refresh = scheme.refresh {
                if scheme.type.value != .bearer {
                    log.error("only bearer schemes refresh; \(what) is \(scheme.type.value.rawValue)", at: refresh.location)
                } else {
                    checkRefresh(refresh, of: what, in: spec, models: models)
                }
            }
        }
    }

    private mutating func checkAPIKey(_ scheme: AuthSchemeDeclaration, what: String) {
        // Without a valid `in:` the parser has said so.
        guard let placement = scheme.placement else { return }
        guard let name = scheme.keyName, !name.value.isEmpty else {
            log.error("\(what) needs `name:`, the \(placement.value.rawValue) that carries the key", at: scheme.name.location)
            return
        }
        if placement.value == .header, !name.value.unicodeScalars.allSatisfy(SpecParser.isTokenCharacter) {
            log.error("`name` of \(what) must be a header name such as X-API-Key, found '\(name.value)'", at: name.location)
        }
    }

    /// The refresh endpoint exists, takes the refresh token in a String parameter and needs no
    /// other argument, and answers with a model holding the named fields.
    private mutating func checkRefresh(_ refresh: TokenRefreshDeclaration, of what: String, in spec: Spec, models: ModelTable) {
        guard let endpoint = spec.endpoints.first(where: { $0.name.value == refresh.endpoint.value }) else {
            log.error(
                "refresh endpoint '\(refresh.endpoint.value)' of \(what) is not an endpoint of this spec"
                    + Suggestion.didYouMean(refresh.endpoint.value, among: spec.endpoints.map(\.name.value)),
                at: refresh.endpoint.location)
            return
        }
        var formFields: [Parameter] = []
        switch endpoint.body {
        case .form(let fields, _): formFields = fields
        case .json, .raw, .file, .multipart:
            log.error(
                "refresh endpoint '\(endpoint.name.value)' of \(what) has a `body`/`raw`/`multipart` body; it must take the refresh "
                    + "token as a parameter (query, header, path or form field)",
                at: refresh.endpoint.location)
        case nil: break
        }
        let parameters = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters + formFields
        if let parameter = parameters.first(where: { $0.name.value == refresh.parameter.value }) {
            if parameter.type.value.nonOptional != .named("String") {
                log.error(
                    "parameter '\(parameter.name.value)' of refresh endpoint '\(endpoint.name.value)' takes the refresh "
                        + "token, so it must be a String, not \(parameter.type.value)",
                    at: refresh.parameter.location)
            }
        } else {
            log.error(
                "refresh endpoint '\(endpoint.name.value)' has no parameter '\(refresh.parameter.value)' to take the refresh token"
                    + Suggestion.didYouMean(refresh.parameter.value, among: parameters.map(\.name.value)),
                at: refresh.parameter.location)
        }
        let takesToken = parameters.contains { $0.name.value == refresh.parameter.value }
        for other in parameters where takesToken && other.name.value != refresh.parameter.value
            && !other.type.value.isOptional && other.defaultValue == nil {
            log.error(
                "parameter '\(other.name.value)' of refresh endpoint '\(endpoint.name.value)' needs a default or an "
                    + "optional type: only the refresh token is passed when refreshing",
                at: other.name.location)
        }
        checkRefreshFields(refresh, of: what, endpoint: endpoint, models: models)
    }

    private mutating func checkRefreshFields(_ refresh: TokenRefreshDeclaration, of what: String, endpoint: Endpoint, models: ModelTable) {
        guard let response = endpoint.response, case .named(let model) = response.value,
              let fields = models.fields(of: model)
        else {
            log.error(
                "refresh endpoint '\(endpoint.name.value)' of \(what) must answer with a model holding the new tokens",
                at: refresh.endpoint.location)
            return
        }
        let numbers: Set<TypeRef> = [.named("Int"), .named("Int32"), .named("Int64"), .named("Double"), .named("Float")]
        let wanted: [(Located<String>?, Set<TypeRef>, optionalAllowed: Bool, role: String)] = [
            (refresh.accessToken, [.named("String")], false, "the access token (a String)"),
            (refresh.refreshToken, [.named("String")], true, "the refresh token (a String)"),
            (refresh.expiresIn, numbers, true, "the lifetime in seconds (a number)"),
        ]
        for (name, types, optionalAllowed, role) in wanted {
            guard let name else { continue }
            guard let field = fields.first(where: { $0.name.value == name.value }) else {
                log.error(
                    "'\(model)', the response of refresh endpoint '\(endpoint.name.value)', has no field '\(name.value)' for \(role)"
                        + Suggestion.didYouMean(name.value, among: fields.map(\.name.value)),
                    at: name.location)
                continue
            }
            let type = field.type.value
            if !types.contains(type.nonOptional) || (type.isOptional && !optionalAllowed) {
                log.error(
                    "field '\(name.value)' of '\(model)' holds \(role), so it cannot be \(type)", at: name.location)
            } else if field.nullable && !optionalAllowed {
                // The others read `null` as absent; a grant without an access token is no grant.
                log.error(
                    "field '\(name.value)' of '\(model)' holds \(role), so it cannot be `nullable: true`: every grant has one",
                    at: name.location)
            }
        }
    }
}
