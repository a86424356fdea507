import Foundation
import Mustache

/// The default render stage: Mustache templates, parsed once, rendered per spec.
public struct TemplateRenderer: FileRendering {
    private let library: MustacheLibrary

    /// Parses every template of `templates`.
    ///
    /// - Throws: ``RenderError/invalidTemplate(file:line:column:message:)`` at the first syntax error.
    public init(templates: TemplateSet) throws(RenderError) {
        var library = MustacheLibrary()
        for name in templates.texts.keys.sorted() {
            guard let text = templates.texts[name] else { continue }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw RenderError.invalidTemplate(
                    file: templates.paths[name] ?? name, line: error.context.lineNumber,
                    column: error.context.columnNumber, message: "\(error.error)")
            } catch {
                throw RenderError.invalidTemplate(file: templates.paths[name] ?? name, line: 1, column: 1, message: "\(error)")
            }
        }
        self.library = library
    }

    /// Renders the four files of `model`, concurrently (the output does not depend on the order).
    public func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile] {
        let kinds = OutputLayout.FileKind.allCases
        let results = RenderSlots(count: kinds.count)
        let library = self.library
        DispatchQueue.concurrentPerform(iterations: kinds.count) { index in
            results.set(index, library.render(model, withTemplate: kinds[index].templateName))
        }
        var files: [GeneratedFile] = []
        for (kind, text) in zip(kinds, results.values) {
            guard let text else {
                throw RenderError.missingTemplate(name: kind.templateName, searched: ["the loaded template set"])
            }
            files.append(GeneratedFile(name: OutputLayout.outputFileName(stem: model.stem, kind: kind), contents: text))
        }
        return files
    }
}

/// Results of concurrent renders, one slot per file, guarded by a lock.
private final class RenderSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: String?) {
        lock.withLock { slots[index] = value }
    }

    var values: [String?] {
        lock.withLock { slots }
    }
}
