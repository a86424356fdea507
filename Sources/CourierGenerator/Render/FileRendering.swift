/// The render stage: one spec's render model in, its four generated files out.
///
/// Tests swap in their own implementation to check the pipeline without templates.
public protocol FileRendering: Sendable {
    /// Renders every file for `model`, in ``OutputLayout/FileKind`` order.
    func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile]
}

/// A generated source file: its name in the output directory and its text.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name, such as `petstore.Models.swift`.
    public var name: String
    /// The file's text.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}

/// Why templates could not be loaded or rendered.
public enum RenderError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A required template is in neither the custom nor the default directory.
    case missingTemplate(name: String, searched: [String])
    /// A template has a Mustache syntax error.
    case invalidTemplate(file: String, line: Int, column: Int, message: String)
    /// A template directory could not be read.
    case unreadableDirectory(String, message: String)
    /// A template includes itself through partials (`cycle` lists the templates, first = last);
    /// the location is the partial tag that closes the cycle.
    case recursiveTemplate(file: String, line: Int, column: Int, cycle: [String])
    /// A template includes a partial (`{{> Name}}`, or a parent `{{< Name}}`) that no template
    /// file of the set holds: the engine would render it as nothing, silently. The location is
    /// the tag in `template`'s file.
    case missingPartial(file: String, line: Int, column: Int, template: String, partial: String)

    /// An explanation in the compiler's diagnostic shape where there is a location.
    public var description: String {
        switch self {
        case .missingTemplate(let name, let searched):
            searched.isEmpty
                ? "error: template '\(name).mustache' not found: no template folder was given to search"
                : "error: template '\(name).mustache' not found; folders searched: \(searched.joined(separator: ", "))"
        case .invalidTemplate(let file, let line, let column, let message):
            "\(file):\(line):\(column): error: \(message)"
        case .unreadableDirectory(let path, let message):
            "error: cannot read template directory \(path): \(message)"
        case .recursiveTemplate(let file, let line, let column, let cycle):
            "\(file):\(line):\(column): error: template '\(cycle.last ?? "")' includes itself "
                + "(\(cycle.joined(separator: " -> "))); a partial must not lead back to a template that includes it"
        case .missingPartial(let file, let line, let column, let template, let partial):
            "\(file):\(line):\(column): error: template '\(template)' includes the partial '\(partial)', which is in no "
                + "template file (\(partial).mustache); add it to the templates folder or remove the tag"
        }
    }
}
