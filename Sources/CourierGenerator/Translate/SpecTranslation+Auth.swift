import CourierSpec

extension SpecTranslation {
    /// The Swift constant of each scheme `auth:` can name in this spec (declared ones in file
    /// order, then the implicit `bearer` and `basic` when used), keyed by scheme name.
    func authConstants() -> [(name: String, constant: String)] {
        var scope = NameScope(reserved: ["all"])
        var result: [(String, String)] = []
        for scheme in spec.authSchemes { result.append((scheme.name.value, scope.claim(SwiftIdentifier.member(scheme.name.value)))) }
        let used = Set([spec.auth?.value].compactMap { $0 } + spec.endpoints.compactMap(\.auth?.value))
        for implicit in ["bearer", "basic"] where used.contains(implicit) && !result.contains(where: { $0.0 == implicit }) {
            result.append((implicit, scope.claim(SwiftIdentifier.member(implicit))))
        }
        return result
    }

    /// The schemes' render models; `models` and `endpoints` are this spec's, already translated
    /// (the refresh closure calls the refresh endpoint's factory and reads its model's fields).
    mutating func translateAuthSchemes(models: [ModelRender], endpoints: [EndpointRender]) -> [AuthSchemeRender] {
        authConstants().map { name, constant in
            guard let declared = spec.authSchemes.first(where: { $0.name.value == name }) else {
                var implicit = AuthSchemeRender(
                    constantName: constant, nameLiteral: SwiftLiteral.string(name),
                    docs: ["/// `\(name)`: \(name == "basic" ? "user name and password" : "a bearer token"), without refresh."],
                    kind: name == "basic" ? .basic : .bearer)
                implicit.source = implicitSchemeSource(name)
                return implicit
            }
            var rendered = AuthSchemeRender(
                constantName: constant, nameLiteral: SwiftLiteral.string(name),
                docs: DocComment.sentence("`\(DocComment.code(name))`: \(description(of: declared))."), kind: kind(of: declared))
            rendered.source = Self.source(declared.name.location)
            if rendered.kind == .apiKeyHeader || rendered.kind == .apiKeyQuery {
                rendered.keyNameLiteral = [SwiftLiteral.string(declared.keyName?.value ?? "")]
            }
            rendered.rejectedStatuses = declared.rejected.map { String($0.value) }
            if let refresh = declared.refresh, let translated = translateRefresh(refresh, models: models, endpoints: endpoints) {
                rendered.refresh = [translated]
                rendered.docs = DocComment.sentence(
                    "`\(DocComment.code(name))`: a bearer token, refreshed with `\(DocComment.code(refresh.endpoint.value))`.")
            }
            return rendered
        }
    }

    /// The wire names that carry this spec's credentials, so redaction knows them without anyone
    /// marking them `sensitive: true`: every API-key header or query item name, and for each
    /// `refresh:` the refresh endpoint's parameter taking the refresh token and the response
    /// fields holding the new tokens (both spellings when keys are converted to snake_case).
    /// Names that cannot be found are skipped: translating the scheme reports them already.
    func authSensitiveNames() -> Set<String> {
        var names = Set<String>()
        for scheme in spec.authSchemes {
            if scheme.type.value == .apiKey, let keyName = scheme.keyName?.value, !keyName.isEmpty { names.insert(keyName) }
            guard let refresh = scheme.refresh,
                  let endpoint = spec.endpoints.first(where: { $0.name.value == refresh.endpoint.value })
            else { continue }
            var formFields: [Parameter] = []
            if case .form(let fields, _) = endpoint.body { formFields = fields }
            // The same lookup as `refreshExpression`, so the name redacted is the one sent.
            if let parameter = (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters + formFields)
                .first(where: { $0.name.value == refresh.parameter.value }) {
                names.insert(parameter.key ?? parameter.name.value)
            }
            guard let response = endpoint.response, case .named(let modelName) = response.value,
                  let model = spec.models.first(where: { $0.name.value == modelName }), case .object(let fields) = model.kind
            else { continue }
            // Only the token fields: the lifetime (`expiresIn`) is no secret.
            for tokenField in [refresh.accessToken.value] + [refresh.refreshToken?.value].compactMap({ $0 }) {
                guard let field = fields.first(where: { $0.name.value == tokenField }) else { continue }
                let key = field.key ?? field.name.value
                names.insert(key)
                if spec.keyStrategy?.value == .snakeCase { names.insert(SnakeCaseKeys.toSnakeCase(key)) }
            }
        }
        return names
    }

    private func kind(of scheme: AuthSchemeDeclaration) -> AuthSchemeRender.Kind {
        switch scheme.type.value {
        case .basic: .basic
        case .apiKey where scheme.placement?.value == .query: .apiKeyQuery
        case .apiKey: .apiKeyHeader
        case .bearer: .bearer
        }
    }

    private func description(of scheme: AuthSchemeDeclaration) -> String {
        switch scheme.type.value {
        case .basic: "user name and password"
        case .apiKey: "an API key in the \((scheme.placement?.value ?? .header).rawValue) `\(DocComment.code(scheme.keyName?.value ?? ""))`"
        case .bearer: "a bearer token"
        }
    }

    /// The refresh's factory call and token properties, or `nil` (with an error logged) when the
    /// refresh endpoint did not translate.
    private mutating func translateRefresh(
        _ refresh: TokenRefreshDeclaration, models: [ModelRender], endpoints: [EndpointRender]
    ) -> TokenRefreshRender? {
        guard let index = spec.endpoints.firstIndex(where: { $0.name.value == refresh.endpoint.value }),
              let rendered = endpoints.first(where: { $0.nameLiteral == SwiftLiteral.string(refresh.endpoint.value) })
        else {
            log.error("refresh endpoint '\(refresh.endpoint.value)' could not be generated", at: refresh.endpoint.location)
            return nil
        }
        let endpoint = spec.endpoints[index]
        var formFields: [Parameter] = []
        if case .form(let fields, _) = endpoint.body { formFields = fields }
        let parameter = (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters + formFields)
            .first { $0.name.value == refresh.parameter.value }
        let wireKey = SwiftLiteral.string(parameter?.key ?? refresh.parameter.value)
        let items = rendered.pathItems + rendered.queryItems + rendered.headerItems + rendered.formItems
        guard let label = items.first(where: { $0.keyLiteral == wireKey })?.name else {
            log.error("refresh parameter '\(refresh.parameter.value)' could not be found", at: refresh.parameter.location)
            return nil
        }
        guard let response = endpoint.response, case .named(let modelName) = response.value,
              let model = spec.models.first(where: { $0.name.value == modelName }), case .object(let fields) = model.kind
        else {
            log.error(
                "the response model of refresh endpoint '\(refresh.endpoint.value)' must be declared in the same spec file",
                at: refresh.endpoint.location)
            return nil
        }
        let object = models.first { $0.typeName == speller.models[modelName]?.typeName }?.object.first
        func property(_ name: String) -> String {
            guard let position = fields.firstIndex(where: { $0.name.value == name }) else { return SwiftIdentifier.member(name) }
            if let object, position < object.fields.count { return object.fields[position].name }
            return SwiftIdentifier.member(name)
        }
        // A nullable token or lifetime reads `null` as absent (the validator refuses a nullable
        // access token: a grant needs one).
        func optionalRead(_ name: String) -> FieldRead {
            guard let field = fields.first(where: { $0.name.value == name }) else { return FieldRead(path: property(name), isOptional: false) }
            return Self.read(field, property: property(name))
        }
        let expiresIn = refresh.expiresIn.map { optionalRead($0.value) }
        return TokenRefreshRender(
            factoryName: rendered.functionName, parameterLabel: label, accessToken: property(refresh.accessToken.value),
            refreshToken: refresh.refreshToken.map { [optionalRead($0.value).path] } ?? [],
            expiresIn: expiresIn.map { [$0.path] } ?? [],
            expiresInIsOptional: expiresIn?.isOptional == true)
    }
}
