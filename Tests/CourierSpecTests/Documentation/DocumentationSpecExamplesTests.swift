import Foundation
import Testing
@testable import CourierSpec

/// Every ```yaml block of the documentation stands alone and says what it is on its first line:
/// - `# <name>.courier.yaml`: a whole spec, which loads with no diagnostic at all;
/// - `# fails: <text>`: a spec that shows a mistake, which loads with a diagnostic containing `<text>`;
/// - `# <any other file name>` (a CI workflow, say): valid YAML.
/// Fragments are not allowed: a reader copies a block whole. A block's sample files resolve as if the
/// block were a spec in `specs/`, whose `samples/` folder holds them.
@Suite struct DocumentationSpecExamplesTests {
    static let blocks = DocumentationBlock.all().filter { $0.language == "yaml" || $0.language == "yml" }

    @Test func theDocumentationHasSpecExamples() {
        #expect(Self.blocks.count >= 10, "found \(Self.blocks.count) yaml blocks in \(DocumentationBlock.pages())")
    }

    @Test(arguments: blocks)
    func yamlBlockLoads(_ block: DocumentationBlock) {
        let heading = (block.lines.first ?? "").trimmingCharacters(in: .whitespaces)
        let file = "\(block.page):\(block.line)"
        let asIfInSpecs = DocumentationBlock.root.appendingPathComponent("specs")
            .appendingPathComponent("\(block.page.split(separator: "/").last ?? ""):\(block.line)").path
        if heading.hasPrefix("# fails:") {
            let expected = heading.dropFirst("# fails:".count).trimmingCharacters(in: .whitespaces)
            let result = SpecLoader().load(source: block.text, file: asIfInSpecs)
            let messages = result.diagnostics.map(\.description)
            #expect(!expected.isEmpty, "\(file): `# fails:` names no diagnostic text")
            #expect(messages.contains { $0.contains(expected) }, "\(file): expected a diagnostic containing \"\(expected)\", got \(messages)")
        } else if heading.hasPrefix("#"), heading.hasSuffix(".courier.yaml") {
            let result = SpecLoader().load(source: block.text, file: asIfInSpecs)
            #expect(result.diagnostics.map(\.description) == [], "\(file)")
            #expect(result.specs.count == 1, "\(file)")
        } else if heading.hasPrefix("# "), heading.contains(".") {
            var log = DiagnosticLog()
            let root = YAMLDocumentReader.readValue(Array(block.text.utf8), file: file, log: &log)
            #expect(root != nil && log.diagnostics.isEmpty, "\(file): \(log.diagnostics.map(\.description))")
        } else {
            Issue.record("\(file): a yaml block starts with `# <name>.courier.yaml`, `# fails: <text>` or `# <file name>`; this one starts with \"\(heading)\"")
        }
    }
}
