import CourierSpec
import Foundation

extension SpecTranslation {
    /// An endpoint's render model, or `nil` (with errors logged) when it cannot be generated.
    mutating func translateEndpoint(_ endpoint: Endpoint) -> EndpointRender? {
        let errorsBefore = log.diagnostics.count
        let functionName = memberScope.claim(SwiftIdentifier.member(endpoint.name.value))
        // An endpoint without a method has an error from the parser and is never translated.
        guard let method = endpoint.method?.value else { return nil }
        var builder = ParameterListBuilder()
        let pathItems = endpoint.pathParameters.compactMap { parameter -> ParameterItemRender? in
            guard var rendered = item(parameter, group: .leading, builder: &builder) else { return nil }
            if endpoint.path.value.contains("{+\(parameter.name.value)}") {
                rendered.keyLiteral = SwiftLiteral.string("+" + parameter.name.value)
                rendered.pathSetter = "setPathSegments"
            }
            return rendered
        }
        var jsonBody: [String] = []
        var rawBody: [RawBodyRender] = []
        var formItems: [ParameterItemRender] = []
        var fileBody: [FileBodyRender] = []
        var multipartParts: [MultipartPartRender] = []
        switch endpoint.body {
        case .json(let type):
            if let local = speller.local(type.value), let qualified = speller.qualified(type.value) {
                let name = builder.claim("body", type: local, qualifiedType: qualified, defaultValue: [], group: .leading)
                jsonBody = [name]
            } else {
                unvalidated("unknown body type '\(type.value)'", at: type.location)
            }
        case .raw(let contentType):
            let name = builder.claim("body", type: "Data", qualifiedType: "Data", defaultValue: [], group: .leading)
            rawBody = [RawBodyRender(name: name, contentTypeLiteral: SwiftLiteral.string(contentType.value))]
        case .form(let fields, _):
            formItems = fields.compactMap { item($0, group: .trailing, builder: &builder) }
        case .file:
            fileBody = [claimFileBody(builder: &builder)]
        case .multipart(let parts, _):
            multipartParts = parts.compactMap { multipartPart($0, builder: &builder) }
        case nil:
            break
        }
        let queryItems = endpoint.queryParameters.compactMap { item($0, group: .trailing, builder: &builder) }
        var headerItems = endpoint.fixedHeaders.map {
            ParameterItemRender(keyLiteral: SwiftLiteral.string($0.value.name), name: SwiftLiteral.string($0.value.value))
        }
        headerItems += endpoint.headerParameters.compactMap { item($0, group: .trailing, isHeader: true, builder: &builder) }
        var (responseType, qualifiedResponseType) = response(endpoint)
        // A stream's factory makes a `Request<HTTPBody>`; its method returns the stream.
        let stream = translateStream(endpoint, functionName: functionName)
        if let stream { (responseType, qualifiedResponseType) = ("HTTPBody", stream.streamType) }
        let downloads = endpoint.response?.value.isFile == true
        let fileDecoding = downloads ? downloadDestination(builder: &builder) : nil
        let media = translateMedia(endpoint, functionName: functionName)
        var mediaDecoding: [DecodingRender] = []
        if let media {
            let argument = builder.claim(
                "media", type: media.typeName + "<\(mediaGeneric)>", qualifiedType: namespace + "." + media.typeName + "<\(mediaGeneric)>",
                defaultValue: [], group: .trailing)
            headerItems.append(ParameterItemRender(keyLiteral: SwiftLiteral.string("Accept"), name: argument + ".accept"))
            mediaDecoding = [DecodingRender(media: [argument])]
            (responseType, qualifiedResponseType) = (mediaGeneric, mediaGeneric)
        }
        guard log.diagnostics.count == errorsBefore else { return nil }
        let uploads = !fileBody.isEmpty || !multipartParts.isEmpty
        let progress = uploads || downloads ? [progressParameter(builder: &builder)] : []

        // Without a summary, the doc comment says what the endpoint sends.
        let request = DocComment.code("\(method.wireName) \(endpoint.path.value)")
        var docs = DocComment.lines(endpoint.documentation, fallback: "`\(request)`.")
        let documented = builder.documentation(for: endpoint)
        var methodDocs = docs
        let parameterDocs = DocComment.parameters(documented)
        if !parameterDocs.isEmpty {
            if !docs.isEmpty { docs.append("///") }
            docs += parameterDocs
        }
        let methodParameterDocs = DocComment.parameters(
            documented + progress.map { (SwiftIdentifier.plain($0.name), Self.progressDocumentation) })
        if !methodParameterDocs.isEmpty {
            if !methodDocs.isEmpty { methodDocs.append("///") }
            methodDocs += methodParameterDocs
        }
        var rendered = EndpointRender(
            functionName: functionName, nameLiteral: SwiftLiteral.string(endpoint.name.value), docs: docs,
            attributes: DocComment.availability(endpoint.documentation), responseType: responseType,
            qualifiedResponseType: qualifiedResponseType, returnsVoid: responseType == "Void", method: method.rawValue,
            pathLiteral: SwiftLiteral.string(endpoint.path.value), parameters: builder.ordered,
            pathItems: pathItems, queryItems: queryItems, headerItems: headerItems, formItems: formItems,
            jsonBody: jsonBody, rawBody: rawBody,
            timeout: endpoint.timeout.map { [SwiftLiteral.duration(seconds: $0.value)] } ?? [],
            cachePolicy: cachePolicy(endpoint.cache), authentication: authentication(endpoint),
            retry: endpoint.retry.map { [Self.retry($0)] } ?? [],
            offersUpdates: endpoint.offersUpdates(in: spec),
            idempotencyKeyHeader: endpoint.idempotencyKey.map { [SwiftLiteral.string($0.value)] } ?? [],
            wares: endpoint.wares.map { SwiftLiteral.string($0.value) },
            shardKey: shardKey(endpoint, functionName: functionName))
        rendered.fileBody = fileBody
        rendered.multipartBody = multipartParts.isEmpty ? [] : [MultipartBodyRender(parts: multipartParts)]
        rendered.progressParameter = progress
        rendered.methodDocs = methodDocs
        rendered.source = Self.source(endpoint.name.location)
        rendered.pagination = translatePagination(endpoint).map { [$0] } ?? []
        rendered.wareProperties = endpoint.wares.map { SwiftIdentifier.member($0.value) }
        rendered.responseHeaders = translateResponseHeaders(endpoint, functionName: functionName).map { [$0] } ?? []
        // With `keys: snakeCase`, decoding errors name the wire keys (`is_prerelease`).
        rendered.stream = stream.map { [$0] } ?? []
        if media == nil, stream == nil, spec.keyStrategy?.value == .snakeCase, !["Void", "Data", "String"].contains(responseType) {
            rendered.decoding = [DecodingRender(snakeCaseJSON: true)]
        }
        if let fileDecoding { rendered.decoding = [fileDecoding] }
        if let media {
            rendered.genericClause = "<\(mediaGeneric): Sendable>"
            rendered.decoding = mediaDecoding
            rendered.media = [media]
        }
        return rendered
    }

    /// The endpoint's resource (``SpecLayout/resourceKey(ofPath:)``), so the endpoints of one
    /// resource land in one file; the function name for a path without literal segments.
    private func shardKey(_ endpoint: Endpoint, functionName: String) -> String {
        let key = SpecLayout.resourceKey(ofPath: endpoint.path.value)
        return key.isEmpty ? functionName : key
    }

    /// A path, query, header or form parameter: claims its name and checks its type can be sent.
    private mutating func item(
        _ parameter: Parameter, group: ParameterListBuilder.Group, isHeader: Bool = false, builder: inout ParameterListBuilder
    ) -> ParameterItemRender? {
        let type = parameter.type.value
        guard let local = speller.local(type), let qualified = speller.qualified(type) else {
            unvalidated("unknown type '\(type)' for parameter '\(parameter.name.value)'", at: parameter.type.location)
            return nil
        }
        guard speller.isParameterEncodable(type) else {
            unvalidated(
                "parameter '\(parameter.name.value)' has type \(type), which cannot be sent in a path, query, header or form",
                at: parameter.type.location)
            return nil
        }
        guard let defaultValue = defaultArgument(of: parameter, as: type) else { return nil }
        let name = builder.claim(
            SwiftIdentifier.member(parameter.name.value), type: local, qualifiedType: qualified,
            defaultValue: defaultValue, group: defaultValue.isEmpty ? group : .optional,
            source: parameter)
        let key = parameter.key ?? parameter.name.value
        let value = DateParameterValue.expression(
            for: name, type: type, format: parameter.format?.value, serviceFormat: spec.dateFormat?.value ?? .iso8601,
            headerName: isHeader ? key : nil)
        return ParameterItemRender(keyLiteral: SwiftLiteral.string(key), name: name, value: value)
    }

    /// The expected type inside and outside the namespace: `Void` for `Empty` or no response.
    private mutating func response(_ endpoint: Endpoint) -> (String, String) {
        guard let response = endpoint.response, response.value != .named("Empty") else { return ("Void", "Void") }
        if response.value.isFile { return ("URL", "URL") }
        guard let local = speller.local(response.value), let qualified = speller.qualified(response.value) else {
            unvalidated("unknown response type '\(response.value)'", at: response.location)
            return ("Void", "Void")
        }
        return (local, qualified)
    }
}

extension SpecTranslation {
    /// The default argument of `parameter` spelled as `type`: its spec default, `nil` for an
    /// optional without one, none for a required one; `nil` (logged at the default) when the
    /// default cannot be spelled as that type.
    mutating func defaultArgument(of parameter: Parameter, as type: TypeRef) -> [String]? {
        guard let value = parameter.defaultValue else { return type.isOptional ? ["nil"] : [] }
        do {
            return [try DefaultLiteral(speller: speller).spell(value.value, as: type)]
        } catch {
            log.error(error.message, at: value.location)
            return nil
        }
    }
}
