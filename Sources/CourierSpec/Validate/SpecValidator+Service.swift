extension SpecValidator {
    /// Checks the top-level settings of a spec.
    mutating func checkService(_ spec: Spec, models: ModelTable) {
        if !spec.service.value.isEmpty, !SwiftName.isIdentifier(spec.service.value) {
            log.error(
                "service name '\(spec.service.value)' must be a Swift type name (letters, digits and _, "
                    + "not starting with a digit)",
                at: spec.service.location)
        } else if GeneratedCodeNames.serviceNamesTaken.contains(spec.service.value) {
            log.error(
                "service name '\(spec.service.value)' is a type the generated code uses (Swift's, Foundation's or "
                    + "Courier's), which the namespace would hide; choose another, such as '\(spec.service.value)API'",
                at: spec.service.location)
        } else if !spec.service.value.isEmpty, case let spelled = SwiftName.camelCase(spec.service.value, upperFirst: true),
                  GeneratedCodeNames.serviceNamesTaken.contains(spelled) {
            // The namespace is the name as a Swift type: `client` is `Client`, `_Transport` is `Transport`.
            log.error(
                "service name '\(spec.service.value)' is spelled '\(spelled)' in Swift, a type the generated code uses "
                    + "(Swift's, Foundation's or Courier's), which the namespace would hide; choose another, such as '\(spelled)API'",
                at: spec.service.location)
        }
        if !spec.baseURL.value.isEmpty { checkURL(spec.baseURL, what: "baseURL") }
        for environment in spec.environments {
            let name = Located(environment.value.name, at: environment.location)
            checkSwiftIdentifier(name, what: "environment name", example: "staging")
            checkURL(Located(environment.value.value, at: environment.location), what: "URL of environment '\(name.value)'")
        }
        for header in spec.headers {
            checkHeaderName(Located(header.value.name, at: header.location), what: "header")
            if header.value.value.holdsLineBreakOrNUL {
                log.error("the value of header '\(header.value.name)' holds a line break or NUL", at: header.location)
            }
        }
        if let auth = spec.auth { checkAuth(auth, in: spec) }
        checkAuthSchemes(spec, models: models)
        if let errors = spec.errors { checkErrors(errors, models: models) }
    }

    private mutating func checkURL(_ url: Located<String>, what: String) {
        if let problem = URLCheck.problem(with: url.value) {
            log.error("invalid \(what) '\(url.value)': \(problem)", at: url.location)
        }
    }

    private mutating func checkErrors(_ errors: ErrorEnvelope, models: ModelTable) {
        let name = errors.model.value
        if models[name] == nil {
            log.error(
                "`errors.model` '\(name)' is not a declared model" + Suggestion.didYouMean(name, among: models.names),
                at: errors.model.location)
        } else if let fields = models.fields(of: name) {
            if let codeField = errors.codeField, let field = fields.first(where: { $0.name.value == codeField.value }),
               field.type.value.nonOptional != .named("String") {
                log.error(
                    "`errors.codeField` '\(codeField.value)' must be a String field (events match it against codes), not \(field.type.value)",
                    at: codeField.location)
            }
            if let codeField = errors.codeField, !fields.contains(where: { $0.name.value == codeField.value }) {
                log.error(
                    "`errors.codeField` '\(codeField.value)' is not a field of '\(name)'"
                        + Suggestion.didYouMean(codeField.value, among: fields.map(\.name.value)),
                    at: codeField.location)
            }
        } else {
            log.error("`errors.model` '\(name)' must be a model with fields, not an enum", at: errors.model.location)
        }
        for (events, label) in [(errors.events, "code"), (errors.statusEvents, "status"), (errors.headerEvents, "header")] {
            for event in events where !SwiftName.isIdentifier(event.value.value) {
                log.error(
                    "event name '\(event.value.value)' for \(label) '\(event.value.name)' must be a Swift identifier, "
                        + "such as maintenanceMode",
                    at: event.location)
            }
        }
        if !errors.events.isEmpty, errors.codeField == nil {
            log.error(
                "`errors.events` match envelope codes, so `errors` needs `codeField:`, the field of '\(name)' holding the code",
                at: errors.model.location)
        }
        for (entries, range, what) in [(errors.statuses, 400...599, "`errors.statuses`"), (errors.statusEvents, 100...599, "`errors.statusEvents`")] {
            for status in entries where !(Int(status.value.name).map(range.contains) ?? false) {
                log.error(
                    "'\(status.value.name)' in \(what) is not a status code from \(range.lowerBound) to \(range.upperBound)",
                    at: status.location)
            }
        }
        for status in errors.statuses {
            if models[status.value.value] == nil {
                log.error(
                    "`errors.statuses` model '\(status.value.value)' is not a declared model"
                        + Suggestion.didYouMean(status.value.value, among: models.names),
                    at: status.location)
            } else if models.fields(of: status.value.value) == nil {
                log.error("`errors.statuses` model '\(status.value.value)' must be a model with fields, not an enum", at: status.location)
            }
        }
        for header in errors.headerEvents where !header.value.name.unicodeScalars.allSatisfy(SpecParser.isTokenCharacter) || header.value.name.isEmpty {
            log.error("'\(header.value.name)' in `errors.headerEvents` is not a header name", at: header.location)
        }
    }
}
