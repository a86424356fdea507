import Foundation
import Testing
@testable import CourierSpec

/// Every YAML example in the README is valid YAML, and the ones presented as whole spec files
/// (their first line names a `*.courier.yaml` file) load without a single diagnostic.
@Suite struct ReadmeExamplesTests {
    static let blocks: [(line: Int, text: String)] = {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = (try? String(contentsOf: readme, encoding: .utf8)) ?? ""
        var blocks: [(Int, String)] = []
        var current: [String]?
        var start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```yaml" {
                current = []
                start = index + 2
            } else if current != nil, line == "```" {
                blocks.append((start, (current ?? []).joined(separator: "\n") + "\n"))
                current = nil
            } else if current != nil {
                current?.append(String(line))
            }
        }
        return blocks
    }()

    @Test func readmeHasYAMLExamples() {
        #expect(Self.blocks.count >= 4)
    }

    @Test(arguments: blocks.map(\.line))
    func exampleIsValidYAML(line: Int) throws {
        let block = try #require(Self.blocks.first { $0.line == line })
        var log = DiagnosticLog()
        let root = YAMLDocumentReader.readValue(Array(block.text.utf8), file: "README.md:\(line)", log: &log)
        #expect(root != nil)
        #expect(log.diagnostics.map(\.description) == [], "README block at line \(line)")
    }

    @Test func wholeSpecExamplesLoadCleanly() {
        let specs = Self.blocks.filter { $0.text.prefix(while: { $0 != "\n" }).hasSuffix(".courier.yaml") }
        #expect(!specs.isEmpty, "the README should show at least one whole spec file")
        for block in specs {
            let result = SpecLoader().load(source: block.text, file: "README.md:\(block.line)")
            #expect(result.diagnostics.map(\.description) == [], "README block at line \(block.line)")
            #expect(result.specs.count == 1)
        }
    }

    /// The example specs under `specs/` that are not compiled by a target load without a single
    /// diagnostic, as the README's whole-spec examples do.
    @Test(arguments: ["streams.courier.yaml"])
    func exampleSpecLoadsCleanly(name: String) throws {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs").appendingPathComponent(name).path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let result = SpecLoader().load(source: source, file: path)
        #expect(result.diagnostics.map(\.description) == [], "specs/\(name)")
        #expect(result.specs.first?.endpoints.compactMap(\.stream).count == 4)
    }
}
