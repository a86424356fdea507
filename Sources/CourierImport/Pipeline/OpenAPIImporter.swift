import CourierSpec
import Foundation

/// How to import.
public struct ImportOptions: Sendable {
    /// When to write several spec files, one per tag.
    public enum Split: String, Sendable, CaseIterable {
        /// By tag when the document has at least ``ImportOptions/splitThreshold`` operations and
        /// two tags.
        case auto
        /// Always by tag.
        case tags
        /// One file.
        case none
    }

    /// Operations from which `auto` splits by tag.
    public static let splitThreshold = 150

    /// The service name (namespace); from the document's title when `nil`.
    public var service: String?
    /// When to split by tag.
    public var split: Split
    /// The name of the report file, mentioned in each spec's header.
    public var reportName: String

    /// Creates options.
    public init(service: String? = nil, split: Split = .auto, reportName: String = "courier-import-report.txt") {
        self.service = service
        self.split = split
        self.reportName = reportName
    }
}

/// Counts of what an import produced.
public struct ImportStatistics: Sendable {
    /// Operations imported as endpoints.
    public var operations = 0
    /// Models declared.
    public var models = 0
    /// Files of the OpenAPI description read.
    public var documentsRead = 0
    /// Spec files written.
    public var specFiles = 0
    /// Sample files written.
    public var samples = 0
}

/// A file the import writes, relative to the output directory.
public struct ImportedFile: Sendable, Hashable {
    /// Its path relative to the output directory (`petstore.courier.yaml`, `samples/listPets.json`).
    public var path: String
    /// Its contents.
    public var contents: String
}

/// The outcome of converting one OpenAPI description, before anything is written.
public struct ImportResult: Sendable {
    /// Errors that stop the import (bad input), at their file and line.
    public var errors: [Diagnostic]
    /// What was approximated.
    public var report: ImportReport
    /// Counts.
    public var statistics: ImportStatistics
    /// The spec files (`*.courier.yaml`) and sample files to write.
    public var files: [ImportedFile] { rendered.map { ImportedFile(path: $0.fileName, contents: $0.text) } + sampleFiles }
    /// The spec files' names.
    public var specFileNames: [String] { rendered.map(\.fileName) }
    /// The OpenAPI version the document declares.
    public var openAPIVersion: String

    /// The drafts behind the files, kept to render again without samples that do not fit.
    var drafts: [SpecFileDraft]
    var rendered: [RenderedSpec]
    var sampleFiles: [ImportedFile]

    /// Renders the drafts again, after `drafts` changed.
    mutating func render() {
        rendered = drafts.map(SpecEmitter.render)
        var seen = Set<String>()
        sampleFiles = drafts.flatMap(\.endpoints).flatMap(\.samples).compactMap { sample in
            seen.insert(sample.file).inserted ? ImportedFile(path: sample.file, contents: sample.json) : nil
        }
        statistics.samples = sampleFiles.count
        statistics.specFiles = rendered.count
    }
}

/// Converts an OpenAPI 3.0 or 3.1 description (YAML or JSON, one file or many joined by `$ref`s)
/// into Courier specs, in memory; ``ImportRun`` writes and checks them.
public struct OpenAPIImporter {
    /// The options.
    public var options: ImportOptions

    /// Creates an importer.
    public init(options: ImportOptions = ImportOptions()) {
        self.options = options
    }

    /// Converts the description whose root document is at `path`.
    public func convert(path: String) -> ImportResult {
        convert(documents: DocumentSet(rootPath: path))
    }

    /// Converts a description whose files `readFile` returns by absolute path (for tests).
    func convert(path: String, readFile: @escaping DocumentSet.FileReader) -> ImportResult {
        convert(documents: DocumentSet(rootPath: path, readFile: readFile))
    }

    private func convert(documents: DocumentSet) -> ImportResult {
        let log = documents.log
        var result = ImportResult(
            errors: [], report: ImportReport(notes: []), statistics: ImportStatistics(), openAPIVersion: "",
            drafts: [], rendered: [], sampleFiles: [])
        func finish() -> ImportResult {
            result.errors = log.errors.sorted { $0.location < $1.location }
            result.report = log.report
            result.statistics.documentsRead = documents.fileCount
            if result.errors.isEmpty { result.render() } else { result.drafts = [] }
            return result
        }
        guard let root = documents.root() else { return finish() }
        guard let version = checkVersion(root, log: log) else { return finish() }
        result.openAPIVersion = version
        let title = root["info"]?.string("title")
        let serviceName = NameRegistry.typeName(options.service ?? Self.serviceName(fromTitle: title))
        if let given = options.service, !SwiftName.isIdentifier(given) {
            log.approximation("name", root, "the service name '\(given)' is not a Swift type name; using '\(serviceName)'")
        }
        let schemas = SchemaConverter(documents: documents, reservedNames: [serviceName, serviceName + "Client"])
        for (_, _, schema) in root["components"]?["schemas"]?.pairs ?? [] { schemas.declare(schema) }
        let security = SecurityConverter(documents: documents)
        security.convert(schemes: root["components"]?["securitySchemes"], security: root["security"])
        let operations = OperationConverter(documents: documents, schemas: schemas, security: security)
        if let paths = root["paths"] {
            operations.convert(paths: paths)
        } else if version.hasPrefix("3.0") {
            log.error("an OpenAPI 3.0 document needs `paths:`", at: root.location)
        }
        for key in ["webhooks"] where root.has(key) {
            log.approximation("webhooks", root[key] ?? root, "webhooks (requests the API sends) have no Courier equivalent; left out")
        }
        schemas.finish()
        operations.renameTypes(schemas.shareIdenticalModels())
        let names = operations.endpoints.map(\.name)
        let (errors, errorSamples) = ErrorEnvelopeBuilder.build(operations.errorUses, schemas: schemas, log: log, endpointNames: names)
        for (index, sample) in errorSamples { operations.addSample(sample, toEndpointAt: index) }
        var used = Set(operations.endpoints.flatMap(Self.typeNames))
        if let errors { used.formUnion([errors.model] + errors.statuses.map(\.model)) }
        schemas.prune(keeping: used)
        let servers = ServerConverter.convert(root["servers"], log: log, root: root)
        let info = root["info"]
        var service = ServiceDraft(
            name: serviceName, summary: title.map(TextCleanup.normalized).flatMap { $0.isEmpty || $0.contains("\n") ? nil : $0 },
            description: info?.string("description").map(TextCleanup.normalized).flatMap { $0.isEmpty ? nil : $0 },
            baseURL: servers.baseURL, environments: servers.environments)
        service.authSchemes = security.schemes
        service.auth = security.defaultAuth
        service.errors = errors
        result.drafts = files(
            service: service, models: schemas.models, endpoints: Self.sharingSamples(operations.endpoints, documents: documents), root: root, input: documents.shownPath(documents.rootFile),
            version: version, linkPagination: operations.usesLinkPagination)
        result.statistics.operations = operations.endpoints.count
        result.statistics.models = schemas.models.count
        return finish()
    }

    /// Endpoints whose samples come from one example (a shared error response's, say) name one
    /// file, `samples/<name>.json` after where the example is (`unauthorized`, `global-hook-items`),
    /// instead of a copy each.
    static func sharingSamples(_ endpoints: [EndpointDraft], documents: DocumentSet) -> [EndpointDraft] {
        var uses: [String: Int] = [:]
        for sample in endpoints.flatMap(\.samples) { uses[sample.source.id, default: 0] += 1 }
        var files: [String: String] = [:]
        var taken = Set(endpoints.flatMap(\.samples).filter { (uses[$0.source.id] ?? 0) < 2 }.map(\.file))
        return endpoints.map { endpoint in
            var endpoint = endpoint
            for index in endpoint.samples.indices {
                let source = endpoint.samples[index].source
                guard (uses[source.id] ?? 0) > 1 else { continue }
                if let file = files[source.id] {
                    endpoint.samples[index].file = file
                    continue
                }
                let base = "samples/" + sharedSampleName(source, documents: documents)
                var file = base + ".json"
                var number = 2
                while !taken.insert(file).inserted {
                    file = base + "-\(number).json"
                    number += 1
                }
                files[source.id] = file
                endpoint.samples[index].file = file
            }
            return endpoint
        }
    }

    /// A file name for an example used by several endpoints: its name under `examples` or
    /// `components/responses`, else its file's name.
    private static func sharedSampleName(_ source: DocumentNode, documents: DocumentSet) -> String {
        let tokens = JSONPointer.tokens(source.pointer) ?? []
        var name: String?
        if let index = tokens.firstIndex(where: { $0 == "examples" || $0 == "responses" }), index + 1 < tokens.count,
           tokens[index] == "examples" || tokens.first == "components" {
            name = tokens[index + 1]
        } else if source.file != documents.rootFile {
            let stem = NSStringPath(path: source.file).lastComponent.split(separator: ".").first.map(String.init) ?? "example"
            let first = tokens.first.flatMap { ["content", "value", "example"].contains($0) ? nil : $0 }
            name = first.map { stem + "-" + $0 } ?? stem
        }
        let cleaned = (name ?? "shared").map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" }
        return String(cleaned)
    }

    /// The type names an endpoint mentions.
    private static func typeNames(_ endpoint: EndpointDraft) -> [String] {
        var types = (endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters).map(\.type)
        switch endpoint.body {
        case .json(let type): types.append(type)
        case .form(let fields), .multipart(let fields): types += fields.map(\.type)
        case .raw, nil: break
        }
        types += [endpoint.response, endpoint.stream?.element].compactMap { $0 } + endpoint.media.map(\.response)
        return types.flatMap(\.names)
    }

    /// `openapi: 3.0.x` or `3.1.x`; anything else is an error (Swagger 2.0 says how to convert).
    private func checkVersion(_ root: DocumentNode, log: ImportLog) -> String? {
        guard root.yaml.pairs != nil else {
            log.error("not an OpenAPI document: the top level is \(root.yaml.kindDescription), not a mapping with `openapi:`", at: root.location)
            return nil
        }
        if let swagger = root["swagger"] {
            log.error(
                "this is a Swagger \(swagger.text ?? "2.0") document; convert it to OpenAPI 3 first (for example with swagger2openapi)",
                at: swagger.location)
            return nil
        }
        guard let version = root.string("openapi") else {
            log.error("not an OpenAPI document: there is no `openapi:` version at the top level", at: root.location)
            return nil
        }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            log.error("OpenAPI \(version) is not supported; courier-import reads 3.0 and 3.1", at: root["openapi"]?.location ?? root.location)
            return nil
        }
        return version
    }

    /// `DigitalOcean API` → `DigitalOcean`, `GitHub's official OpenAPI spec` → `GitHub`, `Swagger
    /// Petstore - OpenAPI 3.0` → `SwaggerPetstore`: the title's first words (at most three), up to
    /// `API`, `REST`, `OpenAPI`, `spec`, a version, a possessive or punctuation.
    static func serviceName(fromTitle title: String?) -> String {
        let stops: Set<String> = ["api", "apis", "rest", "openapi", "spec", "specification", "http", "service", "swagger"]
        var words: [String] = []
        for raw in (title ?? "").split(separator: " ") {
            var word = String(raw)
            let possessive = word.hasSuffix("'s") || word.hasSuffix("’s")
            if possessive { word = String(word.dropLast(2)) }
            let clean = word.filter { $0.isLetter || $0.isNumber }
            let lower = clean.lowercased()
            let isVersion = lower.first == "v" && lower.count > 1 && lower.dropFirst().allSatisfy(\.isNumber)
            if clean.isEmpty || isVersion || clean.allSatisfy(\.isNumber) || (stops.contains(lower) && !words.isEmpty) { break }
            if !stops.contains(lower) { words.append(clean) }
            if possessive || clean.count != word.count || words.count == 3 { break }
        }
        let name = NameRegistry.typeName(words.joined(separator: " "))
        return words.isEmpty ? "API" : name
    }

    /// The spec files: one, or one per tag besides the main file (models and untagged endpoints).
    private func files(
        service: ServiceDraft, models: [ModelDraft], endpoints: [EndpointDraft], root: DocumentNode, input: String,
        version: String, linkPagination: Bool
    ) -> [SpecFileDraft] {
        let stem = service.name.lowercased()
        let inputName = NSStringPath(path: input).lastComponent
        var header = [
            "Imported by courier-import from \(inputName) (OpenAPI \(version)). Edit freely: it is not generated again.",
            "What could not be said exactly in Courier's language is listed in \(options.reportName).",
        ]
        let tags = Self.orderedTags(endpoints)
        let split: Bool
        switch options.split {
        case .none: split = false
        case .tags: split = !tags.isEmpty
        case .auto: split = endpoints.count >= ImportOptions.splitThreshold && tags.count >= 2
        }
        var main = service
        guard split else {
            main.linkPagination = linkPagination && endpoints.contains { $0.paginated }
            return [SpecFileDraft(fileName: stem + ".courier.yaml", service: main, header: header, models: models, endpoints: endpoints, marksTags: tags.count > 1)]
        }
        let untagged = endpoints.filter { $0.tag == nil }
        main.linkPagination = untagged.contains { $0.paginated }
        header.append("The models of every file are here; the endpoints are in \(stem)-<tag>.courier.yaml, one file per tag.")
        var drafts = [SpecFileDraft(fileName: stem + ".courier.yaml", service: main, header: header, models: models, endpoints: untagged)]
        var usedStems: Set<String> = [stem]
        var usedServices: Set<String> = [service.name]
        let descriptions = Dictionary(
            (root["tags"]?.items ?? []).compactMap { tag in tag.string("name").map { ($0, tag.string("description") ?? "") } },
            uniquingKeysWith: { first, _ in first })
        for tag in tags {
            var fileStem = stem + "-" + Self.slug(tag)
            let baseStem = fileStem
            var number = 2
            while !usedStems.insert(fileStem).inserted {
                fileStem = baseStem + "-\(number)"
                number += 1
            }
            var name = service.name + NameRegistry.typeName(tag)
            let baseName = name
            number = 2
            while !usedServices.insert(name).inserted {
                name = baseName + String(number)
                number += 1
            }
            var tagService = service
            tagService.name = name
            tagService.summary = "\(service.summary ?? service.name): \(tag)."
            tagService.description = descriptions[tag].map(TextCleanup.normalized).flatMap { $0.isEmpty ? nil : $0 }
            let tagged = endpoints.filter { $0.tag == tag }
            tagService.linkPagination = tagged.contains { $0.paginated }
            var tagHeader = header.prefix(2).map { $0 }
            tagHeader.append("The '\(tag)' endpoints; their models are in \(stem).courier.yaml.")
            drafts.append(SpecFileDraft(fileName: fileStem + ".courier.yaml", service: tagService, header: tagHeader, endpoints: tagged))
        }
        return drafts
    }

    /// Tags in the order their first endpoint comes.
    private static func orderedTags(_ endpoints: [EndpointDraft]) -> [String] {
        var seen = Set<String>()
        return endpoints.compactMap(\.tag).filter { seen.insert($0).inserted }
    }

    /// `Block Storage Actions` → `block-storage-actions`.
    static func slug(_ text: String) -> String {
        let words = text.lowercased().split { !($0.isLetter || $0.isNumber) || !$0.isASCII }
        return words.isEmpty ? "tag" : words.joined(separator: "-")
    }
}
