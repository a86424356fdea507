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
            `<stem>.Endpoints.swift`, `<stem>.Client.swift` and, for each of N shards, `<stem>.<nn>.Models.swift`, \
            `<stem>.<nn>.Endpoints.swift` and `<stem>.<nn>.Client.swift`. N is 1 for a spec under 24 KB, 4 under \
            64 KB, else 16, unless `--shards <stem>=<n>` says otherwise. Files whose contents did not change \
            are not rewritten.

            Templates come from Courier's `templates/` directory. With `--templates`, files found in that \
            directory replace the default template of the same name one by one (a custom directory only \
            needs the templates it changes, and may add partials); when Courier's own directory cannot be \
            found, the custom directory must hold every template.

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

    @Option(help: "Shards of one spec, as <stem>=<n> with n 1, 4 or 16 (the build plugin passes them); by file size when absent.")
    var shards: [String] = []

    @Option(help: "Courier's own templates directory (the build plugin passes it); found next to the executable when absent.")
    var defaultTemplates: String?

    func run() throws {
        let templateSet: TemplateSet
        let renderer: TemplateRenderer
        do {
            templateSet = try TemplateSet.load(custom: templates, defaults: defaultTemplates ?? TemplateLocator.defaultDirectory())
            renderer = try TemplateRenderer(templates: templateSet)
        } catch {
            Console.error(error.description)
            if defaultTemplates == nil, TemplateLocator.defaultDirectory() == nil, templates == nil {
                Console.error("note: pass --templates <dir>; Courier's templates/ directory was not found next to the executable")
            }
            throw ExitCode.failure
        }
        let generator = Generator(
            loader: SpecLoaderChoice.make(), translator: Translator(), renderer: renderer, writer: FileWriter())
        let outcome = generator.generate(specFiles: specs, outputDirectory: output, shardCounts: try shardCounts())
        Console.report(outcome)
        if outcome.failed { throw ExitCode.failure }
    }
}

extension GenerateCommand {
    /// The shard count of every spec: from `--shards`, else from the file's size.
    func shardCounts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for path in specs {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            counts[OutputLayout.stem(of: path)] = OutputLayout.shardCount(forSpecBytes: size)
        }
        for entry in shards {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let count = Int(parts[1]), OutputLayout.allowedShardCounts.contains(count) else {
                Console.error("error: --shards takes <stem>=<n> with n 1, 4 or 16, found '\(entry)'")
                throw ExitCode.failure
            }
            counts[String(parts[0])] = count
        }
        return counts
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
