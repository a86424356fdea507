import Foundation
import Testing
@testable import CourierSpec

/// The spec-language articles are the whole reference: every key the parser accepts, in every
/// place it accepts it, appears as a YAML key in at least one of their examples that loads
/// cleanly, and so does every closed word (cache policies, date formats, …) as a value and every
/// built-in type. The key lists are the parser's own (`SpecParser.rootKeys`, …), so a key added
/// to the language fails this test until an article shows it.
///
/// Each example is also loaded here as the file its first line names (`# specs/x.courier.yaml`,
/// resolved from the repository root, so `sample:` paths resolve against `specs/`): a whole spec
/// loads with no diagnostic, and a `# fails: <text>` block with one containing `<text>`.
@Suite struct SpecLanguageCoverageTests {
    /// The articles of the spec language, in `Sources/Courier/Courier.docc/`.
    static let articles = [
        "SpecLanguage.md", "SpecModels.md", "SpecEndpoints.md", "SpecResponses.md", "SpecServices.md",
        "GeneratedCode.md",
    ]

    /// One ```yaml block of an article.
    struct Example: CustomTestStringConvertible, Sendable {
        var article: String
        var line: Int
        var text: String

        var firstLine: String { String(text.prefix { $0 != "\n" }) }
        /// The text after `# fails: `, for a block that shows a mistake.
        var expectedFailure: String? {
            firstLine.hasPrefix("# fails: ") ? String(firstLine.dropFirst("# fails: ".count)) : nil
        }
        /// The file the first line names (`# examples/pets.courier.yaml` → `examples/pets.courier.yaml`).
        var namedFile: String? {
            guard firstLine.hasPrefix("# ") else { return nil }
            let name = firstLine.dropFirst(2).prefix { $0 != " " }
            return name.hasSuffix(".courier.yaml") ? String(name) : nil
        }
        var testDescription: String { "\(article):\(line)" }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let examples: [Example] = articles.flatMap { article -> [Example] in
        let url = root.appendingPathComponent("Sources/Courier/Courier.docc").appendingPathComponent(article)
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return yamlBlocks(in: text).map { Example(article: article, line: $0.line, text: $0.text) }
    }

    /// The ```yaml blocks of a page, with the indentation of an indented fence removed.
    static func yamlBlocks(in text: String) -> [(line: Int, text: String)] {
        var blocks: [(Int, String)] = []
        var open: (indent: Int, line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            if var block = open {
                if trimmed.hasPrefix("```"), trimmed.allSatisfy({ $0 == "`" }) {
                    blocks.append((block.line, block.lines.joined(separator: "\n") + "\n"))
                    open = nil
                } else {
                    block.lines.append(String(line.dropFirst(min(indent, block.indent))))
                    open = block
                }
            } else if trimmed == "```yaml" {
                open = (indent, index + 2, [])
            }
        }
        return blocks
    }

    /// Loads an example as the file it names (a `# fails:` block as a file under `specs/`).
    static func load(_ example: Example) -> SpecLoadResult {
        let file = root.appendingPathComponent(example.namedFile ?? "specs/fails.courier.yaml").path
        return SpecLoader().load(source: example.text, file: file)
    }

    /// The examples that are whole specs loading cleanly: only these count as showing a key.
    static let cleanExamples: [Example] = examples.filter {
        $0.expectedFailure == nil && load($0).diagnostics.isEmpty
    }

    @Test func theArticlesHaveExamples() {
        #expect(Self.examples.count >= 30, "found \(Self.examples.count) yaml blocks in \(Self.articles)")
    }

    @Test(arguments: examples)
    func exampleLoadsAsItSays(_ example: Example) {
        let diagnostics = Self.load(example).diagnostics.map(\.description)
        if let expected = example.expectedFailure {
            #expect(diagnostics.contains { $0.contains(expected) }, "\(example.testDescription): \(diagnostics)")
        } else {
            #expect(example.namedFile != nil, "\(example.testDescription): the first line names no *.courier.yaml file")
            #expect(diagnostics == [], "\(example.testDescription)")
        }
    }

    // MARK: Keys, by where the parser reads them

    /// Where a key may be written, and which keys the parser accepts there.
    struct Place: CustomTestStringConvertible, Sendable {
        var name: String
        var keys: Set<String>
        var testDescription: String { name }
    }

    static let places: [Place] = [
        Place(name: "top level", keys: SpecParser.rootKeys),
        Place(name: "errors", keys: SpecParser.errorsKeys),
        Place(name: "auth scheme", keys: SpecParser.authSchemeKeys),
        Place(name: "refresh", keys: SpecParser.refreshKeys),
        Place(name: "object model", keys: SpecParser.objectModelKeys),
        // An enum's `hashable` is read only to warn that it changes nothing (enums are always
        // Hashable), so no clean example can show it; SpecModels shows the warning instead.
        Place(name: "enum model", keys: SpecParser.enumModelKeys.subtracting(["hashable"])),
        Place(name: "union model", keys: SpecParser.unionModelKeys),
        Place(name: "union", keys: SpecParser.unionKeys),
        Place(name: "enum case", keys: SpecParser.enumCaseKeys),
        Place(name: "field", keys: SpecParser.fieldKeys),
        Place(name: "endpoint", keys: SpecParser.endpointKeys),
        Place(name: "parameter", keys: SpecParser.parameterKeys),
        Place(name: "multipart part", keys: SpecParser.partKeys),
        Place(name: "media choice", keys: SpecParser.mediaKeys),
        Place(name: "cache", keys: SpecParser.cacheKeys),
        Place(name: "pagination", keys: SpecParser.paginationKeys),
        Place(name: "retry", keys: SpecParser.retryKeys),
        Place(name: "stream", keys: SpecParser.streamKeys),
        Place(name: "sample", keys: SpecParser.sampleKeys),
    ]

    /// The keys the clean examples write, by place.
    static let keysShown: [String: Set<String>] = {
        var shown: [String: Set<String>] = [:]
        for example in cleanExamples {
            var log = DiagnosticLog()
            guard let root = YAMLDocumentReader.readValue(Array(example.text.utf8), file: example.testDescription, log: &log)
            else { continue }
            collectKeys(root, into: &shown)
        }
        return shown
    }()

    /// Records the keys of each mapping of a spec under the place the parser reads it as, the way
    /// the parser tells the places apart (a model with `fields:`, `enum:` or `union:`, …).
    static func collectKeys(_ root: YAMLNode, into shown: inout [String: Set<String>]) {
        func note(_ place: String, _ node: YAMLNode?) {
            guard let pairs = node?.pairs else { return }
            shown[place, default: []].formUnion(pairs.map(\.key))
        }
        func pairs(_ node: YAMLNode?) -> [YAMLPair] { node?.pairs ?? [] }
        func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? { pairs(node).first { $0.key == key }?.value }

        note("top level", root)
        note("errors", value(root, "errors"))
        note("cache", value(root, "cache"))
        note("pagination", value(root, "pagination"))
        note("retry", value(root, "retry"))
        for scheme in pairs(value(root, "authSchemes")) {
            note("auth scheme", scheme.value)
            note("refresh", value(scheme.value, "refresh"))
        }
        for model in pairs(value(root, "models")) {
            let fields: [YAMLPair]
            if let union = value(model.value, "union") {
                note("union model", model.value)
                note("union", union)
                fields = []
            } else if let cases = value(model.value, "enum")?.items {
                note("enum model", model.value)
                cases.forEach { note("enum case", $0) }
                fields = []
            } else if let long = value(model.value, "fields"), long.pairs != nil {
                note("object model", model.value)
                fields = pairs(long)
            } else {
                // The short form: the mapping is the fields, and `hashable: true` the one model key.
                if value(model.value, "hashable")?.scalar?.text == "true" {
                    shown["object model", default: []].insert("hashable")
                }
                fields = pairs(model.value)
            }
            fields.forEach { note("field", $0.value) }
        }
        for endpoint in pairs(value(root, "endpoints")) {
            note("endpoint", endpoint.value)
            for kind in ["path", "query", "headers", "form"] {
                pairs(value(endpoint.value, kind)).forEach { note("parameter", $0.value) }
            }
            pairs(value(endpoint.value, "multipart")).forEach { note("multipart part", $0.value) }
            pairs(value(endpoint.value, "media")).forEach { note("media choice", $0.value) }
            pairs(value(endpoint.value, "samples")).forEach { note("sample", $0.value) }
            for place in ["cache", "pagination", "retry", "stream"] { note(place, value(endpoint.value, place)) }
        }
    }

    @Test(arguments: places)
    func everyKeyIsShown(_ place: Place) {
        let missing = place.keys.subtracting(Self.keysShown[place.name] ?? []).sorted()
        #expect(missing == [], "keys of \(place.name) no clean example of \(Self.articles) writes")
    }

    // MARK: Words and types

    /// Every scalar a clean example writes as the value of `key`, anywhere in the spec.
    static let valuesByKey: [String: Set<String>] = {
        var values: [String: Set<String>] = [:]
        func walk(_ node: YAMLNode) {
            for pair in node.pairs ?? [] {
                if let text = pair.value.scalar?.text { values[pair.key, default: []].insert(text) }
                walk(pair.value)
            }
            node.items?.forEach(walk)
        }
        for example in cleanExamples {
            var log = DiagnosticLog()
            if let root = YAMLDocumentReader.readValue(Array(example.text.utf8), file: example.testDescription, log: &log) {
                walk(root)
            }
        }
        return values
    }()

    /// A closed word list and the keys whose values it spells.
    struct WordList: CustomTestStringConvertible, Sendable {
        var kind: String
        var spellings: [String]
        var keys: [String]
        var testDescription: String { kind }
    }

    static let wordLists: [WordList] = [
        WordList(kind: CachePolicyMode.kind, spellings: CachePolicyMode.spellings, keys: ["cache", "policy"]),
        WordList(kind: DateFormat.kind, spellings: DateFormat.spellings, keys: ["dates", "format"]),
        WordList(kind: KeyStyle.kind, spellings: KeyStyle.spellings, keys: ["keys"]),
        WordList(kind: AuthSchemeKind.kind, spellings: AuthSchemeKind.spellings, keys: ["type"]),
        WordList(kind: APIKeyPlacement.kind, spellings: APIKeyPlacement.spellings, keys: ["in"]),
        WordList(kind: PaginationSetting.Style.kind, spellings: PaginationSetting.Style.spellings, keys: ["pagination", "style"]),
    ]

    @Test(arguments: wordLists)
    func everyWordIsShown(_ list: WordList) {
        let written = list.keys.reduce(into: Set<String>()) { $0.formUnion(Self.valuesByKey[$1] ?? []) }
        let missing = list.spellings.filter { !written.contains($0) }
        #expect(missing == [], "\(list.kind)s no clean example writes as a value of \(list.keys)")
    }

    @Test func everyBuiltInTypeIsShown() {
        let words = Set(Self.valuesByKey.values.joined().flatMap { text in
            text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        })
        let missing = TypeRef.builtins.union(["File", "Empty"]).subtracting(words).sorted()
        #expect(missing == [], "types no clean example writes")
    }
}
