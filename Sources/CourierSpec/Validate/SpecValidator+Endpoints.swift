extension SpecValidator {
    /// Checks an endpoint: its name, path and parameters, body, response and options.
    mutating func checkEndpoint(_ endpoint: Endpoint, in spec: Spec, models: ModelTable) {
        let what = "endpoint '\(endpoint.name.value)'"
        let types = TypeCheck(models: models)
        checkIdentifier(endpoint.name, what: "endpoint name")
        if endpoint.method != nil {
            PathTemplateCheck.check(endpoint, of: what, log: &log)
        }
        checkParameters(endpoint, of: what, models: models)
        switch endpoint.body {
        case .json(let type):
            if types.checkNames(type, in: "the body of \(what)", allowsFile: true, log: &log), type.value.mentionsFile {
                log.error(
                    "the body of \(what) is '\(type.value)'; a file body is written `body: File` (one file, not optional); "
                        + "for several files or files with fields use `multipart:`",
                    at: type.location)
            }
        case .multipart(let parts, let location):
            checkMultipart(parts, at: location, of: what, models: models)
        case .raw(let contentType):
            if !contentType.value.contains("/") {
                log.error(
                    "`raw` of \(what) needs a content type such as image/png, found '\(contentType.value)'",
                    at: contentType.location)
            }
        case .form, .file, .none:
            break
        }
        if let body = endpoint.body, let method = endpoint.method?.value, method.expectsNoBody {
            log.warning("a \(method.wireName) request with a body; many servers ignore or reject it", at: Self.location(of: body))
        }
        if let response = endpoint.response,
           types.checkNames(response, in: "the response of \(what)", allowsEmpty: true, allowsFile: true, log: &log),
           response.value.mentionsFile, !response.value.isFile {
            log.error(
                "the response of \(what) is '\(response.value)'; a download is written `response: File` "
                    + "(one file, not optional or in a list)",
                at: response.location)
        }
        if let auth = endpoint.auth { checkAuth(auth, in: spec) }
        checkFixedHeaders(endpoint, of: what)
        checkMedia(endpoint, of: what, types: types)
        checkResponseHeaders(endpoint, of: what)
        checkPagination(endpoint, of: what, in: spec, models: models)
        checkStream(endpoint, of: what, types: types)
        var wares = Set<String>()
        for ware in endpoint.wares {
            checkSwiftIdentifier(ware, what: "ware name", example: "signature")
            if !wares.insert(ware.value).inserted {
                log.warning("ware '\(ware.value)' is listed twice in \(what)", at: ware.location)
            }
        }
        if let cache = endpoint.cache {
            if endpoint.response?.value.isFile == true {
                log.warning(
                    "`cache` of \(what) has no effect: a download (`response: File`) is written to its file and bypasses the cache",
                    at: cache.policy.location)
            }
        }
        if let retry = endpoint.retry, retry.enablesRetry, let method = endpoint.method?.value, method.isNonIdempotent,
           endpoint.idempotencyKey == nil {
            log.warning(
                "\(what) enables retry on \(method.wireName) without an idempotency key, so it is never retried "
                    + "(a repeated \(method.wireName) could act twice); add `idempotencyKey: true`",
                at: retry.location)
        }
        checkSamples(endpoint, of: what, in: spec)
    }

    /// Fixed headers are HTTP fields with values that can be sent, and not also arguments.
    private mutating func checkFixedHeaders(_ endpoint: Endpoint, of what: String) {
        let arguments = Dictionary(
            endpoint.headerParameters.map { ($0.name.value.lowercased(), $0.name) }, uniquingKeysWith: { first, _ in first })
        for header in endpoint.fixedHeaders {
            let name = Located(header.value.name, at: header.location)
            checkHeaderName(name, what: "fixed header")
            if header.value.value.holdsLineBreakOrNUL {
                log.error("the value of fixed header '\(name.value)' of \(what) holds a line break or NUL", at: header.location)
            }
            if let argument = arguments[name.value.lowercased()] {
                log.error(
                    "fixed header '\(name.value)' of \(what) is also a header parameter (line \(argument.location.line)); "
                        + "keep one of them",
                    at: header.location)
            }
            if let media = endpoint.media.first, name.value.lowercased() == "accept" {
                log.error(
                    "fixed header 'Accept' of \(what) conflicts with `media:` (line \(media.name.location.line)), "
                        + "which sends the Accept of the media type the caller picks",
                    at: header.location)
            }
        }
    }

    /// `media:` replaces `response:`; each choice names a Swift identifier, a media type and a
    /// known response type.
    private mutating func checkMedia(_ endpoint: Endpoint, of what: String, types: TypeCheck) {
        guard let first = endpoint.media.first else { return }
        if let response = endpoint.response {
            log.error(
                "\(what) has both `response:` and `media:` (line \(first.name.location.line)); with `media:` each media "
                    + "type declares its own response, so remove `response:`",
                at: response.location)
        }
        var names: [String: Located<String>] = [:]
        for choice in endpoint.media {
            checkSwiftIdentifier(choice.name, what: "media type name", example: "json or raw")
            if let other = names[SwiftName.lowerCamelCase(choice.name.value)] {
                log.error(
                    "media types '\(other.value)' (line \(other.location.line)) and '\(choice.name.value)' of \(what) "
                        + "have the same Swift name",
                    at: choice.name.location)
            } else {
                names[SwiftName.lowerCamelCase(choice.name.value)] = choice.name
            }
            let accept = choice.accept.value
            if !accept.contains("/") || accept.holdsLineBreak {
                log.error(
                    "`accept` of media type '\(choice.name.value)' of \(what) must be a media type such as "
                        + "application/json, found '\(accept)'",
                    at: choice.accept.location)
            }
            if let response = choice.response {
                types.checkNames(response, in: "the response of media type '\(choice.name.value)' of \(what)", allowsEmpty: true, log: &log)
            }
        }
    }

    private static func location(of body: Body) -> SourceLocation {
        switch body {
        case .json(let type): type.location
        case .form(_, let location): location
        case .raw(let contentType): contentType.location
        case .file(let location), .multipart(_, let location): location
        }
    }

    /// Parameter names must be usable, distinct across path, query, headers, form fields and
    /// multipart parts (they all become arguments of one factory), typed for the wire, with
    /// fitting defaults. Multipart parts' types and defaults are checked by ``checkMultipart``.
    private mutating func checkParameters(_ endpoint: Endpoint, of what: String, models: ModelTable) {
        var formFields: [Parameter] = []
        var parts: [Parameter] = []
        switch endpoint.body {
        case .form(let fields, _): formFields = fields
        case .multipart(let multipart, _): parts = multipart.map(\.parameter)
        default: break
        }
        let groups: [(kind: String, parameters: [Parameter], allowsLists: Bool)] = [
            ("path parameter", endpoint.pathParameters, false),
            ("query parameter", endpoint.queryParameters, true),
            ("header parameter", endpoint.headerParameters, true),
            ("form field", formFields, true),
            ("multipart part", parts, true),
        ]
        let types = TypeCheck(models: models)
        var swiftNames: [String: (name: Located<String>, kind: String)] = [:]
        for group in groups {
            for parameter in group.parameters {
                let name = parameter.name
                let description = "\(group.kind) '\(name.value)' of \(what)"
                checkIdentifier(name, what: group.kind)
                if group.kind == "header parameter" { checkHeaderName(name, what: group.kind) }
                let swiftName = SwiftName.lowerCamelCase(name.value)
                if !SwiftName.becomesIdentifier(name.value) {
                    // Already reported; comparing unusable names would only add noise.
                } else if let other = swiftNames[swiftName] {
                    log.error(
                        "\(description) clashes with \(other.kind) '\(other.name.value)' (line \(other.name.location.line)): "
                            + "both become the argument '\(swiftName)'",
                        at: name.location)
                } else {
                    swiftNames[swiftName] = (name, group.kind)
                }
                if let format = parameter.format, !TypeCheck.involvesDate(parameter.type.value) {
                    log.warning("`format` only applies to dates, but \(description) is '\(parameter.type.value)'", at: format.location)
                }
                guard group.kind != "multipart part" else { continue }
                guard types.checkNames(parameter.type, in: description, log: &log) else { continue }
                if group.kind == "path parameter", parameter.type.value.isOptional {
                    log.error("\(description) cannot be optional: a path always has all its parts", at: parameter.type.location)
                } else if !types.isParameterType(parameter.type.value, allowsLists: group.allowsLists) {
                    if group.allowsLists, case .array(let element) = parameter.type.value.nonOptional, element.isOptional,
                       types.isParameterType(element.nonOptional, allowsLists: false) {
                        log.error(
                            "\(description) has type '\(parameter.type.value)'; the items of a list parameter cannot be "
                                + "optional (each item is sent or not at all): write [\(element.nonOptional)]",
                            at: parameter.type.location)
                    } else {
                        log.error(
                            "\(description) has type '\(parameter.type.value)'; parameters must be built-in scalars or enums"
                                + (group.allowsLists ? ", or lists of them" : ""),
                            at: parameter.type.location)
                    }
                }
                if let value = parameter.defaultValue {
                    DefaultValueCheck(models: models).check(value, type: parameter.type.value, of: description, log: &log)
                }
            }
        }
    }
}
