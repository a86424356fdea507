import CourierSpec
import Foundation

/// Translates one spec into its render model; service-level parts here, models and endpoints in
/// extensions.
struct SpecTranslation {
    let spec: Spec
    let namespace: String
    let stem: String
    let speller: TypeSpeller
    let readFile: Translator.FileReader
    /// Every model of the load, for checking sample bodies.
    let sampleModels: [String: SampleFit.ModelEntry]
    /// The generic parameter of a media endpoint's functions: `Value`, or `Value2`, … when a model
    /// of the namespace is named `Value` (the functions' parameters spell it unqualified).
    let mediaGeneric: String
    var log = DiagnosticLog()

    /// Names of static members of the namespace and of the facade, shared so an endpoint gets the
    /// same name in both. The facade's `planContext` (`PlanRunning`) and, with `errors:`, the
    /// namespace's `errorMapping` are taken too.
    var memberScope = NameScope(reserved: [
        "service", "samples", "endpointWares", "url", "client", "namedWares", "NamedWares",
        "wares", "Environment", "ErrorEnvelope", "planContext",
    ])

    init(
        spec: Spec, namespace: String, stem: String, speller: TypeSpeller, readFile: @escaping Translator.FileReader,
        sampleModels: [String: SampleFit.ModelEntry] = [:]
    ) {
        self.spec = spec
        self.namespace = namespace
        self.stem = stem
        self.speller = speller
        self.readFile = readFile
        self.sampleModels = sampleModels
        // Derived type names (`<Endpoint>Event`, `…Headers`, `…Media`) avoid the namespace's
        // models and the types generated code names.
        memberScope.reserve(ReservedTypeNames.of(spec))
        if spec.errors != nil { memberScope.reserve(["errorMapping"]) }
        let modelNames = speller.models.values.filter { $0.namespace == namespace }.map(\.typeName)
        memberScope.reserve(modelNames)
        var generics = NameScope(reserved: Set(modelNames))
        mediaGeneric = generics.claim("Value")
    }

    /// Logs input that validation rejects. Translate trusts the validator and checks nothing it
    /// checks; it only refuses to spell what it cannot, so a spec handed to the translator without
    /// loading (or let through by a validator bug) fails with an error instead of trapping or
    /// generating half a file. The message says which of the two it is.
    mutating func unvalidated(_ problem: String, at location: SourceLocation) {
        log.error("\(problem) (validation reports this for a loaded spec; if it did not, that is a Courier bug)", at: location)
    }

    /// Builds the render model, logging problems.
    mutating func run() -> SpecRenderModel {
        let models = spec.models.compactMap { model in
            translateModel(model).map { rendered in
                var placed = rendered
                placed.layoutKey = model.name.value
                return placed
            }
        }
        let endpoints = spec.endpoints.compactMap { translateEndpoint($0) }
        let samples = translateSamples(endpoints)
        let authSchemes = translateAuthSchemes(models: models, endpoints: endpoints)
        let constants = authConstants()
        let defaultAuth = spec.auth.flatMap { auth in constants.first { $0.name == auth.value } }
        var model = SpecRenderModel(
            sourceFileName: OutputLayout.fileName(of: spec.file), stem: stem, namespace: namespace,
            namespaceDocs: DocComment.lines(summary: spec.summary, description: spec.description),
            serviceNameLiteral: SwiftLiteral.string(spec.service.value), environments: environments(),
            headers: spec.headers.map {
                HeaderRender(nameLiteral: SwiftLiteral.string($0.value.name), valueLiteral: SwiftLiteral.string($0.value.value))
            },
            timeout: spec.timeout.map { [SwiftLiteral.duration(seconds: $0.value)] } ?? [],
            retry: spec.retry.map { [Self.retry($0)] } ?? [],
            cachePolicy: cachePolicy(spec.cache),
            sensitiveNames: sensitiveNames(),
            authSchemes: authSchemes, defaultAuthScheme: defaultAuth.map { [$0.constant] } ?? [],
            // The runtime's `DateFormat` and `JSONCoding.KeyStrategy` members of the same names
            // (a test keeps the lists equal).
            dateFormat: (spec.dateFormat?.value ?? .iso8601).rawValue,
            keyStrategy: (spec.keyStrategy?.value ?? .useDefaultKeys).rawValue, errorEnvelope: errorEnvelope(), models: models, endpoints: endpoints,
            samples: samples.endpoints, clientTypeName: namespace + "Client")
        model.sampleBodies = samples.bodies
        model.namespaceSource = Self.source(spec.service.location)
        let wareNames = Set(spec.endpoints.flatMap { $0.wares.map(\.value) }).sorted()
        model.namedWares = wareNames.map { name in
            var ware = NamedWareRender(propertyName: SwiftIdentifier.member(name), name: name)
            ware.source = wareSource(name)
            return ware
        }
        return model
    }

    /// What production points at in a spec without `baseURL:` (allowed when it has no endpoints,
    /// such as a file of shared models): a URL no request is ever sent to.
    static let placeholderBaseURL = "http://localhost"

    /// Production (the base URL) first, then the other environments in file order.
    private mutating func environments() -> [EnvironmentRender] {
        var scope = NameScope(reserved: ["baseURL", "allCases", "rawValue", "hashValue"])
        var result: [EnvironmentRender] = []
        // Without `baseURL:` the parser has already said so when there are endpoints.
        let production = spec.baseURL.value.isEmpty ? Self.placeholderBaseURL : spec.baseURL.value
        let all = [Located(NamedValue(name: "production", value: production), at: spec.baseURL.location)]
            + spec.environments
        for environment in all {
            let url = environment.value.value
            if let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil {
                // Checked here so the generated `URL(string:)` cannot fail at run time.
            } else {
                log.error("'\(url)' is not an absolute URL with a scheme and a host", at: environment.location)
            }
            var rendered = EnvironmentRender(
                caseName: scope.claim(SwiftIdentifier.member(environment.value.name)),
                nameLiteral: SwiftLiteral.string(environment.value.name),
                urlLiteral: SwiftLiteral.string(url),
                docs: DocComment.sentence("`\(DocComment.code(url))`"))
            // Production without `baseURL:` (the placeholder) has no line to name.
            if !(result.isEmpty && spec.baseURL.value.isEmpty) { rendered.source = Self.source(environment.location) }
            result.append(rendered)
        }
        return result
    }

    /// `iso8601`, …: the name of the runtime's `DateFormat` member (a test keeps the two
    /// lists equal).
    func dateFormat(_ format: Located<DateFormat>?) -> String? {
        format.map { $0.value.rawValue }
    }


    /// An envelope model as the error types spell it: `ServiceError.Body` declares cases holding
    /// the models, and inside it `Body` is that enum, so a model named `Body` is qualified there.
    private func envelopeSpelling(_ name: String) -> String? {
        guard let local = speller.local(.named(name)) else { return nil }
        return local == "Body" ? speller.qualified(.named(name)) : local
    }

    private mutating func errorEnvelope() -> [ErrorEnvelopeRender] {
        guard let envelope = spec.errors else { return [] }
        guard let modelType = envelopeSpelling(envelope.model.value), speller.model(.named(envelope.model.value)) != nil else {
            // The validator reports an `errors.model` that is not a declared model with fields.
            return []
        }
        var cases = NameScope()
        let defaultCase = cases.claim(SwiftIdentifier.member(envelope.model.value))
        var statusBodies: [StatusBodyRender] = []
        for entry in envelope.statuses {
            guard let type = envelopeSpelling(entry.value.value) else { continue }
            statusBodies.append(StatusBodyRender(
                status: entry.value.name, caseName: cases.claim(SwiftIdentifier.member("status \(entry.value.name)")), modelType: type,
                source: Self.source(entry.location)))
        }
        var eventCases: [ServiceEventCaseRender] = []
        func eventCase(_ event: Located<NamedValue>) -> String {
            let identifier = SwiftIdentifier.member(event.value.value)
            if !eventCases.contains(where: { $0.name == identifier }) {
                eventCases.append(ServiceEventCaseRender(name: identifier, source: Self.source(event.location)))
            }
            return identifier
        }
        let codeEvents = envelope.events.map { MatchRender(match: SwiftLiteral.string($0.value.name), caseName: eventCase($0)) }
        let statusEvents = envelope.statusEvents.map { MatchRender(match: $0.value.name, caseName: eventCase($0)) }
        let headerEvents = envelope.headerEvents.map { MatchRender(match: SwiftLiteral.string($0.value.name), caseName: eventCase($0)) }
        var codeProperty = ""
        var codeOptional = false
        if let codeField = envelope.codeField, !codeEvents.isEmpty,
           let model = spec.models.first(where: { $0.name.value == envelope.model.value }), case .object(let fields) = model.kind,
           let field = fields.first(where: { $0.name.value == codeField.value }) {
            let code = Self.read(field, property: SwiftIdentifier.member(field.name.value))
            codeProperty = code.path
            codeOptional = code.isOptional
        } else if !codeEvents.isEmpty {
            log.error(
                "`errors.events` match codes, so `errors.codeField` must name a field of '\(envelope.model.value)' declared in this file",
                at: envelope.model.location)
        }
        var render = ErrorEnvelopeRender(
            modelType: modelType,
            codeFieldLiteral: envelope.codeField.map { [SwiftLiteral.string($0.value)] } ?? [],
            defaultCase: defaultCase, statusBodies: statusBodies, eventCases: eventCases,
            codeEvents: codeProperty.isEmpty ? [] : codeEvents, statusEvents: statusEvents, headerEvents: headerEvents,
            codeProperty: codeProperty, codeOptional: codeOptional)
        render.source = Self.source(envelope.model.location)
        render.bodies[0].source = render.source
        return [render]
    }

    /// A short explanation of a file error, without Foundation's long user-info dump.
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError || nsError.code == 260 {
            return "no such file"
        }
        return error.localizedDescription
    }
}

extension SpecTranslation {
    /// The wire names of the spec's fields and parameters marked `sensitive: true` (both
    /// spellings when keys are converted to snake_case) and of its auth schemes' credentials
    /// (``authSensitiveNames()``), lower-cased, de-duplicated and sorted, as string literals.
    func sensitiveNames() -> [String] {
        var names = authSensitiveNames()
        for model in spec.models {
            guard case .object(let fields) = model.kind else { continue }
            for field in fields where field.sensitive {
                names.insert(field.key ?? field.name.value)
                if spec.keyStrategy?.value == .snakeCase { names.insert(SnakeCaseKeys.toSnakeCase(field.key ?? field.name.value)) }
            }
        }
        for endpoint in spec.endpoints {
            var parameters = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters
            parameters += endpoint.body?.fields ?? []
            for parameter in parameters where parameter.sensitive { names.insert(parameter.key ?? parameter.name.value) }
        }
        // Lower-cased before de-duplicating, so `Token` and `token` give one entry.
        return Set(names.map { $0.lowercased() }).sorted().map(SwiftLiteral.string)
    }
}
