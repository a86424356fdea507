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

    /// The default templates, parsed once for the whole run: parsing them takes a noticeable
    /// part of a second in a debug build, and dozens of tests render.
    private static let parsed = Result { () throws -> TemplateRenderer in
        try TemplateRenderer(templates: TemplateSet.load(custom: nil, defaults: templatesDirectory))
    }

    static func renderer() throws -> TemplateRenderer {
        try parsed.get()
    }

    /// Translates and renders `specs`; returns files by name and every diagnostic. For content
    /// checks, `<stem>.Models.swift`, `<stem>.Endpoints.swift` and `<stem>.Client.swift` hold the
    /// whole text of their kind: the unsharded file (if the layout has one) followed by its shards.
    static func render(
        _ specs: [Spec], readFile: @escaping Translator.FileReader = PetstoreFixture.readFile
    ) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let translated = Translator(readFile: readFile).translate(specs)
        var files: [String: String] = [:]
        let renderer = try renderer()
        for model in translated.models {
            var joined: [String: String] = [:]
            for file in try renderer.render(model) {
                files[file.name] = file.contents
                // `x.Models.swift`, `x.Models.Pet.swift`, `x.03.Models.Pet.swift`; `x.03.Client.swift`.
                let parts = file.name.split(separator: ".").dropFirst().filter { !$0.allSatisfy(\.isNumber) }
                for label in ["Models", "Endpoints", "Client"] where parts.first.map(String.init) == label {
                    joined[label, default: ""] += file.contents
                }
            }
            for (label, text) in joined { files["\(model.stem).\(label).swift"] = text }
        }
        return (files, translated.diagnostics)
    }
}
