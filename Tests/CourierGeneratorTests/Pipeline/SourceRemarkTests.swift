@testable import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// Every generated declaration's `/// - Remark: <spec>:<line>` names the line of the YAML it came
/// from: checked against the spec's text (not against the locations the translator used), for the
/// three specs the goldens cover.
@Suite struct SourceRemarkTests {
    static let specs = [
        "/Sources/PetstoreAPI/petstore.courier.yaml", "/Sources/RealAPI/hub.courier.yaml", "/Sources/PetstoreAPI/chat.courier.yaml",
    ]

    @Test(arguments: specs) func remarksNameTheLinesOfTheirYAMLKeys(_ relativePath: String) throws {
        let path = Rendering.packageRoot + relativePath
        let specName = OutputLayout.fileName(of: path)
        let yaml = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let spec = try #require(SpecLoader().load(files: [path]).specs.first)
        let remarks = try Self.remarks(generatedFrom: path)
        #expect(!remarks.isEmpty)

        var models: Set<String> = []
        var fields = 0
        var factories: Set<String> = []
        var methods: Set<String> = []
        for remark in remarks {
            let place = "\(remark.file):\(remark.generatedLine) `\(remark.declaration)` → \(remark.specFile):\(remark.specLine)"
            #expect(remark.specFile == specName, "\(place): not the spec's file name")
            guard (1...yaml.count).contains(remark.specLine) else {
                Issue.record("\(place): the spec has \(yaml.count) lines")
                continue
            }
            let line = yaml[remark.specLine - 1]
            let key = Self.key(of: line)
            switch remark.kind {
            case .type where spec.models.contains(where: { $0.name.value == remark.name }):
                // A model: its key under `models:`, at two spaces (with its fields after it in flow style).
                #expect(line == "  \(remark.name):" || line.hasPrefix("  \(remark.name): {"), "\(place): line is `\(line)`")
                models.insert(remark.name)
            case .property where remark.file.contains(".Models."):
                // A field: the key it is named after, inside its model (on the model's line in flow style).
                #expect(Self.keys(on: line).map(Self.member).contains(remark.name), "\(place): line is `\(line)`")
                fields += 1
            case .staticFunction:
                // A factory: its endpoint's key under `endpoints:`.
                #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "\(place): line is `\(line)`")
                #expect(key.map(Self.member) == remark.name, "\(place): line is `\(line)`")
                factories.insert(remark.name)
            case .function:
                // A client method, or its `…Updates`/`…Pages`/`…Items`/`…WithHeaders` variant: its endpoint's key.
                let endpoint = key.map(Self.member) ?? "?"
                let suffix = remark.name.hasPrefix(endpoint) ? String(remark.name.dropFirst(endpoint.count)) : "?"
                #expect(["", "Updates", "Pages", "Items", "WithHeaders"].contains(suffix), "\(place): line is `\(line)`")
                if suffix.isEmpty { methods.insert(remark.name) }
            default:
                #expect(Self.line(line, names: remark), "\(place): line is `\(line)`")
            }
        }
        #expect(models == Set(spec.models.map(\.name.value)))
        let fieldCount = spec.models.reduce(0) { count, model in
            if case .object(let modelFields) = model.kind { return count + modelFields.count }
            return count
        }
        #expect(fields == fieldCount)
        let endpoints = Set(spec.endpoints.map { Self.member($0.name.value) })
        #expect(factories == endpoints)
        #expect(methods == endpoints)
        if let errors = spec.errors {
            #expect(Self.envelopeDeclarations.isSubset(of: Set(remarks.map(\.name))))
            let events = Set((errors.events + errors.statusEvents + errors.headerEvents).map { Self.member($0.value.value) })
            #expect(events.isSubset(of: Set(remarks.filter { $0.kind == .enumCase }.map(\.name))))
        }
    }

    /// One `- Remark:` and the declaration under it.
    struct Remark {
        enum Kind { case type, property, staticFunction, function, enumCase, staticProperty }
        var file: String
        var generatedLine: Int
        var specFile: String
        var specLine: Int
        var kind: Kind
        var name: String
        var declaration: String
        /// The doc comment above the declaration, for what a fixed comment names (a sample's file).
        var docs: [String]
    }

    /// Generates `path` as the plugin does and reads every remark of every file.
    static func remarks(generatedFrom path: String) throws -> [Remark] {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let outcome = generator.generate(specFiles: [path], outputDirectory: output.path)
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var remarks: [Remark] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path).sorted() {
            let text = try String(contentsOfFile: output.path + "/" + name, encoding: .utf8)
            remarks += try self.remarks(in: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), file: name)
        }
        return remarks
    }

    private static func remarks(in lines: [String], file: String) throws -> [Remark] {
        var remarks: [Remark] = []
        var docs: [String] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("/// - Remark: ") else {
                docs = trimmed.hasPrefix("///") ? docs + [trimmed] : []
                continue
            }
            let location = trimmed.dropFirst("/// - Remark: ".count)
            let colon = try #require(location.lastIndex(of: ":"))
            // The declaration: the first line after the comment that is neither comment nor attribute
            // (`@Indirect public var` is a declaration, read from `public`).
            var declaration = try #require(lines[(index + 1)...].first {
                let text = $0.trimmingCharacters(in: .whitespaces)
                return !text.hasPrefix("///") && (!text.hasPrefix("@") || text.contains(" public "))
            }).trimmingCharacters(in: .whitespaces)
            if declaration.hasPrefix("@"), let start = declaration.range(of: "public ") {
                declaration = String(declaration[start.lowerBound...])
            }
            let (kind, name) = try #require(Self.declared(declaration), "\(file):\(index + 1): no declaration under the remark")
            remarks.append(Remark(
                file: file, generatedLine: index + 1, specFile: String(location[..<colon]),
                specLine: try #require(Int(location[location.index(after: colon)...])), kind: kind, name: name,
                declaration: declaration, docs: docs))
            docs = []
        }
        return remarks
    }

    /// The kind and name (without backticks) of the declaration on a generated line.
    static func declared(_ line: String) -> (Remark.Kind, String)? {
        let patterns: [(String, Remark.Kind)] = [
            (#"^public (?:indirect )?(?:struct|enum) (\w+)"#, .type),
            (#"^public var `?(\w+)`?:"#, .property),
            (#"^public static func `?(\w+)`?\b"#, .staticFunction),
            (#"^public func `?(\w+)`?\b"#, .function),
            (#"^public static (?:let|var) `?(\w+)`?\b"#, .staticProperty),
            (#"^case `?(\w+)`?\b"#, .enumCase),
        ]
        for (pattern, kind) in patterns {
            guard let match = line.range(of: pattern, options: .regularExpression) else { continue }
            let declared = String(line[match])
            let name = declared.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last.map(String.init) ?? ""
            return (kind, name)
        }
        return nil
    }

    /// What the spec's `errors:` generates besides its body and event cases.
    static let envelopeDeclarations: Set<String> = ["ErrorEnvelope", "Event", "ServiceError", "errorMapping"]

    /// A key spelled as the member it becomes, without backticks (`default`).
    static func member(_ key: String) -> String {
        SwiftIdentifier.plain(SwiftIdentifier.member(key))
    }

    /// The key a YAML line starts with (`  listPets:` → `listPets`, `    - id: Int` → `id`).
    static func key(of line: String) -> String? {
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("- ") { text = String(text.dropFirst(2)) }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        return String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
    }

    /// Every key on a YAML line: the one it starts with and those of flow mappings on it
    /// (`  User: { type: String, login: String }` → `User`, `type`, `login`).
    static func keys(on line: String) -> [String] {
        var keys: [String] = []
        var word = ""
        for character in line {
            if character.isLetter || character.isNumber || "_-".contains(character) {
                word.append(character)
            } else {
                if character == ":", !word.isEmpty { keys.append(word) }
                word = ""
            }
        }
        return keys
    }

    /// Whether a YAML line names what the remark's declaration was generated from: a word on it that
    /// the generator turns into the declaration's name (`in-stock` → `inStock`, `getContent` →
    /// `GetContentMedia`), the base URL for `production`, or the sample file a sample body's
    /// comment names.
    static func line(_ line: String, names remark: Remark) -> Bool {
        if remark.kind == .enumCase, remark.name == "production" { return line.hasPrefix("baseURL:") }
        // The error envelope's declarations come from `errors.model`; a per-status body case
        // (`status422`) from its status in `errors.statuses`.
        if Self.envelopeDeclarations.contains(remark.name) { return line.trimmingCharacters(in: .whitespaces).hasPrefix("model:") }
        if remark.kind == .enumCase, remark.name.hasPrefix("status"), let code = Int(remark.name.dropFirst("status".count)) {
            return line.contains("\(code):")
        }
        if remark.kind == .staticProperty, remark.name.contains("Sample") {
            let file = remark.docs.joined().split(separator: "`").dropFirst().first.map(String.init) ?? "?"
            return line.contains(file)
        }
        let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && !"_-".contains($0) }).map(String.init)
        let suffixes = ["", "Headers", "Media", "Event"]
        return words.contains { word in
            [member(word), SwiftIdentifier.plain(SwiftIdentifier.enumCase(word)), SwiftIdentifier.type(word)].contains { spelled in
                suffixes.contains { spelled + $0 == remark.name }
            }
        }
    }
}
