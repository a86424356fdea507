import CourierGenerator
import CourierSpec
import Foundation

/// Renders specs with the repository's `templates/` directory.
enum Rendering {
    /// The package root, found from this file's path.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let templatesDirectory = packageRoot + "/templates"

    static func renderer() throws -> TemplateRenderer {
        try TemplateRenderer(templates: TemplateSet.load(custom: nil, defaults: templatesDirectory))
    }

    /// Translates and renders `specs`; returns files by name and every diagnostic.
    static func render(
        _ specs: [Spec], readFile: @escaping Translator.FileReader = PetstoreFixture.readFile
    ) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let translated = Translator(readFile: readFile).translate(specs)
        var files: [String: String] = [:]
        let renderer = try renderer()
        for model in translated.models {
            for file in try renderer.render(model) { files[file.name] = file.contents }
        }
        return (files, translated.diagnostics)
    }
}
