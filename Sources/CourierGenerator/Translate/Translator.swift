import CourierSpec
import Foundation

/// The default translate stage: turns specs into render models, deciding every identifier, type
/// spelling, literal and doc line.
///
/// It assumes specs passed validation, but never traps on one that did not: anything it cannot
/// express becomes an error diagnostic at the offending line.
public struct Translator: SpecTranslating {
    /// Reads a sample file by path; replaced in tests.
    public typealias FileReader = @Sendable (String) throws -> Data

    private let readFile: FileReader
    /// Types the user's templates declare by name, with the template file declaring each.
    private let templateTypes: [String: String]

    /// Creates a translator that reads sample files with `readFile` (the file system by default).
    ///
    /// `templates`, the set the renderer will use: the types its custom templates declare by name
    /// are reserved (see ``TemplateDeclaredTypes``). Courier's own templates need no set.
    public init(
        readFile: @escaping FileReader = { path in try Data(contentsOf: URL(fileURLWithPath: path)) },
        templates: TemplateSet? = nil
    ) {
        self.readFile = readFile
        self.templateTypes = templates.map(TemplateDeclaredTypes.of) ?? [:]
    }

    /// Translates every spec; see ``SpecTranslating/translate(_:)``.
    public func translate(_ specs: [Spec]) -> TranslationResult {
        var log = DiagnosticLog()
        let namespaces = specs.map { SwiftIdentifier.type($0.service.value) }
        let table = Self.modelTable(specs, namespaces: namespaces, templateTypes: templateTypes, log: &log)
        checkServices(specs, namespaces: namespaces, log: &log)
        let referenced = Self.referencedNames(specs)
        let indirect = IndirectFields.compute(specs)
        let hashable = HashableModels.compute(specs)
        let sampleModels = SampleResolution.models(of: specs)
        var models: [SpecRenderModel] = []
        for (spec, namespace) in zip(specs, namespaces) {
            // Two specs with one stem are reported by the pipeline (``Generator``) before loading.
            let stem = OutputLayout.stem(of: spec.file)
            var speller = TypeSpeller(models: table, namespace: namespace, referencedNames: referenced)
            speller.indirectFields = indirect
            speller.hashableModels = hashable
            var translation = SpecTranslation(
                spec: spec, namespace: namespace, stem: stem, speller: speller, readFile: readFile, sampleModels: sampleModels)
            models.append(translation.run())
            log.append(translation.log.diagnostics)
        }
        return TranslationResult(models: models, diagnostics: log.diagnostics)
    }

    /// Model names mentioned by fields, parameters, bodies, responses and error envelopes.
    private static func referencedNames(_ specs: [Spec]) -> Set<String> {
        var names: Set<String> = []
        for spec in specs {
            for model in spec.models {
                if case .object(let fields) = model.kind { for field in fields { names.formUnion(field.type.value.names) } }
            }
            for endpoint in spec.endpoints {
                let parameters = endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters
                for parameter in parameters { names.formUnion(parameter.type.value.names) }
                switch endpoint.body {
                case .json(let type): names.formUnion(type.value.names)
                case .form, .multipart: for field in endpoint.body?.fields ?? [] { names.formUnion(field.type.value.names) }
                case .raw, .file, nil: break
                }
                if let response = endpoint.response { names.formUnion(response.value.names) }
                for choice in endpoint.media { names.formUnion(choice.response?.value.names ?? []) }
            }
            if let model = spec.errors?.model.value { names.insert(model) }
        }
        return names
    }

    /// Every model of every spec with its generated name and, for enums, its case names.
    private static func modelTable(
        _ specs: [Spec], namespaces: [String], templateTypes: [String: String], log: inout DiagnosticLog
    ) -> [String: TypeSpeller.ModelEntry] {
        var table: [String: TypeSpeller.ModelEntry] = [:]
        for (spec, namespace) in zip(specs, namespaces) {
            var scope = NameScope(reserved: [namespace])
            // Type names that generated code inside the namespace uses: a model named like one is
            // renamed with a `Model` suffix so it does not shadow it. The namespaces of the load
            // too: inside `Shop`, a model `Zoo` would hide the namespace `Zoo` that `Zoo.Animal`
            // of another spec is spelled with.
            let reserved = ReservedTypeNames.of(spec).union(namespaces)
            for model in spec.models {
                let plain = SwiftIdentifier.type(model.name.value)
                // A type the user's templates declare: the same `Model` suffix, and a warning
                // naming the template, as no list of Courier's explains that clash.
                let template = reserved.contains(plain) ? nil : templateTypes[plain]
                let claimed = scope.claim(reserved.contains(plain) || template != nil ? plain + "Model" : plain)
                if let template {
                    log.warning(
                        "model '\(model.name.value)' is generated as '\(claimed)': the template \(template) declares a type '\(plain)'",
                        at: model.name.location)
                } else if claimed != plain {
                    log.warning(
                        "model '\(model.name.value)' is generated as '\(claimed)' to avoid a clash with another name",
                        at: model.name.location)
                }
                guard table[model.name.value] == nil else { continue }
                var entry = TypeSpeller.ModelEntry(namespace: namespace, typeName: claimed, enumeration: nil, caseNames: [:])
                if case .enumeration(let definition) = model.kind {
                    entry.enumeration = definition
                    entry.caseNames = caseNames(definition)
                }
                table[model.name.value] = entry
            }
        }
        return table
    }

    /// Reports a service whose namespace or client (`Zoo`, `ZooClient`) is a type the user's
    /// templates declare: both are declared at the top of the app's module, where the two would
    /// clash, so no rename of the template's type or of the service's is safe to make here.
    private func checkServices(_ specs: [Spec], namespaces: [String], log: inout DiagnosticLog) {
        for (spec, namespace) in zip(specs, namespaces) {
            for type in [namespace, namespace + "Client"] {
                guard let template = templateTypes[type] else { continue }
                log.error(
                    "the template \(template) declares a type '\(type)', which the service generates too; "
                        + "rename the service or the template's type",
                    at: spec.service.location)
            }
        }
    }

    /// Case names by wire value: an explicit `name:`, or the value in lowerCamelCase
    /// (``SwiftIdentifier/enumCase(_:)``); unique within the enum and never `unknown` (the
    /// catch-all case), `rawValue` or `allCases`, nor `none` (see ``renamedNone``).
    static func caseNames(_ definition: EnumDefinition) -> [String: String] {
        var scope = NameScope(reserved: ["unknown", "rawValue", "allCases", "hashValue", "none"])
        var names: [String: String] = [:]
        for enumCase in definition.cases where names[enumCase.value.value] == nil {
            var name = enumCase.name.map(SwiftIdentifier.member) ?? SwiftIdentifier.enumCase(enumCase.value.value)
            if name == "none" { name = renamedNone }
            names[enumCase.value.value] = scope.claim(name)
        }
        return names
    }

    /// What a case that would be named `none` is named instead: `value == .none` on an optional
    /// of the enum would compare with `Optional.none`, not with the case, silently.
    static let renamedNone = "noneValue"
}
