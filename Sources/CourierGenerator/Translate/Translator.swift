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

    /// Creates a translator that reads sample files with `readFile` (the file system by default).
    public init(readFile: @escaping FileReader = { path in try Data(contentsOf: URL(fileURLWithPath: path)) }) {
        self.readFile = readFile
    }

    /// Translates every spec; see ``SpecTranslating/translate(_:)``.
    public func translate(_ specs: [Spec]) -> TranslationResult {
        var log = DiagnosticLog()
        let namespaces = specs.map { SwiftIdentifier.type($0.service.value) }
        let table = Self.modelTable(specs, namespaces: namespaces, log: &log)
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
        _ specs: [Spec], namespaces: [String], log: inout DiagnosticLog
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
                var identifier = SwiftIdentifier.type(model.name.value)
                if reserved.contains(identifier) {
                    identifier += "Model"
                }
                let claimed = scope.claim(identifier)
                if claimed != identifier || identifier != SwiftIdentifier.type(model.name.value) {
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
