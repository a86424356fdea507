import ArgumentParser
import CourierGenerator
import CourierSpec
import Foundation

/// `courier generate <specs…> --output <dir> [--templates <dir>]`.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift sources from specs.",
        discussion: """
            For every `<stem>.courier.yaml` (or `.courier.yml`) writes `<stem>.Service.swift`, \
            `<stem>.Endpoints.swift`, `<stem>.Client.swift` and the models: for a spec under 24 KB in \
            `<stem>.Models.1.swift` … `<stem>.Models.4.swift` (`<stem>.Models.swift` under 2.5 KB; layouts \
            `compact4`, `compact1`), for a larger one sharded, with per shard nn `<stem>.<nn>.Models.swift`, \
            `<stem>.<nn>.Endpoints.swift` and `<stem>.<nn>.Client.swift` (4 shards under 64 KB, else 16: \
            `sharded4`, `sharded16`), unless `--layout <stem>=<layout>` says otherwise. Files whose contents \
            did not change are not rewritten.

            Templates come from `--default-templates` (Courier's `templates/` directory; the build plugin \
            passes it when it can find it) or else from the copy of those templates this tool carries. With \
            `--templates`, files found in that directory replace the default template of the same name one \
            by one (a custom directory only needs the templates it changes, and may add partials).

            Examples:
              courier generate petstore.courier.yaml --output Generated
              courier generate a.courier.yaml b.courier.yaml --output Generated --templates MyTemplates
            """
    )

    @Argument(help: "Spec files (*.courier.yaml).")
    var specs: [String]

    @Option(name: .shortAndLong, help: "Directory to write the generated Swift files into.")
    var output: String

    @Option(name: .shortAndLong, help: "Directory of Mustache templates replacing the defaults (per file).")
    var templates: String?

    @Option(help: "File layout of one spec, as <stem>=<layout> with compact1, compact4, sharded4 or sharded16 (the build plugin passes them); by file size when absent.")
    var layout: [String] = []

    @Option(help: "Courier's own templates directory (the build plugin passes it when it finds it); the templates built into this tool when absent.")
    var defaultTemplates: String?

    func run() throws {
        let templateSet: TemplateSet
        let renderer: TemplateRenderer
        do {
            // Without --default-templates, the templates this tool carries: an Xcode project's
            // build plugin has no package to find Courier's templates/ directory in.
            if let defaultTemplates {
                templateSet = try TemplateSet.load(custom: templates, defaults: defaultTemplates)
            } else {
                templateSet = try TemplateSet.embedded(custom: templates)
            }
            renderer = try TemplateRenderer(templates: templateSet)
        } catch {
            Console.error(error.description)
            throw ExitCode.failure
        }
        let generator = Generator(
            loader: SpecLoaderChoice.make(), translator: Translator(), renderer: renderer, writer: FileWriter())
        let outcome = generator.generate(specFiles: specs, outputDirectory: output, layouts: try layouts())
        Console.report(outcome)
        if outcome.failed { throw ExitCode.failure }
    }
}

extension GenerateCommand {
    /// The file layout of every spec: from `--layout`, else from the file's size.
    func layouts() throws -> [String: OutputLayout.Layout] {
        var layouts: [String: OutputLayout.Layout] = [:]
        for path in specs {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            layouts[OutputLayout.stem(of: path)] = OutputLayout.Layout.forSpec(bytes: size)
        }
        for entry in layout {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let chosen = OutputLayout.Layout(argument: String(parts[1])) else {
                let names = OutputLayout.Layout.all.map(\.argument).joined(separator: ", ")
                Console.error("error: --layout takes <stem>=<layout> with a layout among \(names), found '\(entry)'")
                throw ExitCode.failure
            }
            layouts[String(parts[0])] = chosen
        }
        return layouts
    }
}

/// `courier lint <specs…>`.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check specs and print diagnostics without generating anything.",
        discussion: """
            Runs the parser, the validator and the generator's translation, so everything `generate` \
            would reject is reported.

            Example:
              courier lint Sources/PetstoreAPI/petstore.courier.yaml
            """
    )

    @Argument(help: "Spec files (*.courier.yaml).")
    var specs: [String]

    func run() throws {
        let generator = Generator(
            loader: SpecLoaderChoice.make(), translator: Translator(), renderer: NoRenderer(), writer: FileWriter())
        let outcome = generator.lint(specFiles: specs)
        Console.report(outcome)
        if outcome.failed { throw ExitCode.failure }
    }
}

/// Lint never renders.
private struct NoRenderer: FileRendering {
    func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile] { [] }
}
