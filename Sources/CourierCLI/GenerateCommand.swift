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
            `<stem>.Endpoints.swift`, `<stem>.Client.swift`, `<stem>.Samples.swift` and the models, laid \
            out by the spec's model and endpoint counts: up to 12 in all in `<stem>.Models.swift`; up to 60 \
            over up to four files named by the first model each holds (`<stem>.Models.Pet.swift`); more \
            sharded 4 ways (up to 150) or 16 ways, with per shard nn `<stem>.<nn>.Models.<First>.swift`, \
            `<stem>.<nn>.Endpoints.swift` and `<stem>.<nn>.Client.swift`. The build plugin declares the same \
            files from the same rule. Files whose contents did not change are not rewritten.

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
        // The translator reads the templates too: a type a custom template declares is reserved.
        let generator = Generator(
            loader: SpecLoaderChoice.make(), translator: Translator(templates: templateSet), renderer: renderer,
            writer: FileWriter())
        let outcome = generator.generate(specFiles: specs, outputDirectory: output)
        Console.report(outcome)
        if outcome.failed { throw ExitCode.failure }
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
