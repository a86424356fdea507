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

    /// Renders the four files of `model`.
    public func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for kind in OutputLayout.FileKind.allCases {
            guard let text = library.render(model, withTemplate: kind.templateName) else {
                throw RenderError.missingTemplate(name: kind.templateName, searched: ["the loaded template set"])
            }
            files.append(GeneratedFile(name: OutputLayout.outputFileName(stem: model.stem, kind: kind), contents: text))
        }
        return files
    }
}
