import Foundation
import Testing

/// Every ```swift block of the documentation is code the package compiles: its non-blank lines,
/// each trimmed, stand in the same order and next to each other in one `.swift` file under
/// `Tests/` or `Sources/`. A line of a `///` comment keeps its slashes, so a block cannot pass by
/// matching an example inside a doc comment. Write the example in a test first, then copy it.
@Suite struct DocumentationExamplesTests {
    static let blocks = DocumentationBlock.all().filter { $0.language == "swift" }

    /// The compiled sources, each as its trimmed non-blank lines.
    static let sources: [(path: String, lines: [Substring])] = {
        ["Tests", "Sources"].flatMap { folder -> [(String, [Substring])] in
            let base = DocumentationBlock.root.appendingPathComponent(folder)
            // Not into `.build` folders (the plugin consumer's nested build holds its dependencies'
            // sources: thousands of files that are not this package's code, read at start-up).
            var paths: [String] = []
            let walker = FileManager.default.enumerator(atPath: base.path)
            while let path = walker?.nextObject() as? String {
                if path.hasSuffix(".build") || path.hasSuffix(".docc") { walker?.skipDescendants() }
                if path.hasSuffix(".swift") { paths.append(path) }
            }
            return paths.compactMap { path in
                guard let text = try? String(contentsOf: base.appendingPathComponent(path), encoding: .utf8) else { return nil }
                return (folder + "/" + path, normalized(text.split(separator: "\n", omittingEmptySubsequences: false)))
            }
        }
    }()

    /// Where each trimmed line stands: source index and line index, for every occurrence. A block
    /// is looked for only where its first line is, not by a scan of every source per block (the
    /// checker runs on the tests' two-thread pool; a scan per block held it for seconds).
    static let lineIndex: [Substring: [(source: Int, line: Int)]] = {
        var index: [Substring: [(source: Int, line: Int)]] = [:]
        for (sourceIndex, source) in sources.enumerated() {
            for (lineIndex, line) in source.lines.enumerated() {
                index[line, default: []].append((sourceIndex, lineIndex))
            }
        }
        return index
    }()

    static func normalized<S: StringProtocol>(_ lines: [S]) -> [Substring] {
        lines.compactMap { line -> Substring? in
            var trimmed = Substring(line)
            while let first = trimmed.first, first.isWhitespace { trimmed.removeFirst() }
            while let last = trimmed.last, last.isWhitespace { trimmed.removeLast() }
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    @Test func theDocumentationHasSwiftExamples() {
        #expect(Self.blocks.count >= 10, "found \(Self.blocks.count) swift blocks in \(DocumentationBlock.pages())")
    }

    @Test(arguments: blocks)
    func swiftBlockIsCompiledCode(_ block: DocumentationBlock) {
        let wanted = Self.normalized(block.lines)
        #expect(!wanted.isEmpty, "an empty swift block")
        guard let first = wanted.first else { return }
        var best: (count: Int, path: String) = (0, "")
        for (sourceIndex, start) in Self.lineIndex[first] ?? [] {
            let source = Self.sources[sourceIndex]
            var count = 0
            while count < wanted.count, start + count < source.lines.count,
                  source.lines[start + count] == wanted[count] { count += 1 }
            if count == wanted.count { return }
            if count > best.count { best = (count, source.path) }
        }
        let stop = wanted[min(best.count, wanted.count - 1)]
        Issue.record("""
            \(block.page):\(block.line): this swift block is not in any compiled source; \
            the longest match (\(best.count) of \(wanted.count) lines, in \(best.path.isEmpty ? "none" : best.path)) \
            stops at: \(stop)
            """)
    }
}
