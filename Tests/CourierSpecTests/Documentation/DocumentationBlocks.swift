import Foundation
import Testing

/// The fenced code blocks of the project's documentation: the README, `CONTRIBUTING.md`, the
/// `Documentation/` folder and every DocC catalog under `Sources/`. The checkers in this folder
/// hold each block to the rule its language sets (Swift: compiled; YAML: loads), so no page can
/// show code the project does not build or a spec the loader rejects.
struct DocumentationBlock: CustomTestStringConvertible, Sendable {
    /// The page, relative to the repository root.
    var page: String
    /// The 1-based line of the block's first line of code (after the opening fence).
    var line: Int
    /// The fence's language: `swift`, `yaml`, `bash`…; empty when none is given.
    var language: String
    /// The block's lines, without the fences and without the indentation the fence had.
    var lines: [String]

    var text: String { lines.joined(separator: "\n") + "\n" }
    var testDescription: String { "\(page):\(line)" }

    /// The repository root, found from this file's place in `Tests/CourierSpecTests/Documentation/`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every documentation page, relative to the root, sorted.
    static func pages() -> [String] {
        var pages = ["README.md", "CONTRIBUTING.md"].filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
        }
        pages += markdownFiles(under: "Documentation", where: { _ in true })
        pages += markdownFiles(under: "Sources", where: { $0.contains(".docc/") })
        return pages.sorted()
    }

    /// Every fenced block of every page.
    static func all() -> [DocumentationBlock] {
        pages().flatMap { page in
            let text = (try? String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)) ?? ""
            return blocks(in: text, page: page)
        }
    }

    /// The fenced blocks of one page. A fence may be indented (inside a list item); the block's
    /// lines lose that indentation.
    static func blocks(in text: String, page: String) -> [DocumentationBlock] {
        var blocks: [DocumentationBlock] = []
        var open: (indent: Int, language: String, line: Int, lines: [String])?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(rawLine)
            let indent = line.prefix(while: { $0 == " " }).count
            let trimmed = line.dropFirst(indent)
            if var block = open {
                if trimmed.hasPrefix("```"), trimmed.allSatisfy({ $0 == "`" }) {
                    blocks.append(DocumentationBlock(page: page, line: block.line, language: block.language, lines: block.lines))
                    open = nil
                } else {
                    block.lines.append(String(line.dropFirst(min(indent, block.indent))))
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                open = (indent, language, index + 2, [])
            }
        }
        return blocks
    }

    private static func markdownFiles(under folder: String, where keep: (String) -> Bool) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".md") && !$0.contains(".build/") && keep(folder + "/" + $0) }
            .map { folder + "/" + $0 }
    }
}
