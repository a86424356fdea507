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

    /// Translates and renders `specs`; returns files by name and every diagnostic. For content
    /// checks, `<stem>.Models.swift` also holds all of a spec's model files joined in shard order.
    static func render(
        _ specs: [Spec], readFile: @escaping Translator.FileReader = PetstoreFixture.readFile
    ) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let translated = Translator(readFile: readFile).translate(specs)
        var files: [String: String] = [:]
        let renderer = try renderer()
        for model in translated.models {
            var joinedModels = ""
            for file in try renderer.render(model) {
                files[file.name] = file.contents
                if file.name.hasPrefix("\(model.stem).Models.") { joinedModels += file.contents }
            }
            files["\(model.stem).Models.swift"] = joinedModels
        }
        return (files, translated.diagnostics)
    }
}
