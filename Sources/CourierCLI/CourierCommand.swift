import ArgumentParser

/// `courier`: generates typed Swift API clients from `*.courier.yaml` specs.
@main
struct CourierCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier",
        abstract: "Generate typed Swift API clients from Courier YAML specs.",
        discussion: """
            Diagnostics are printed to standard error as `file:line:column: error|warning: message`; \
            the exit status is non-zero when there is any error, and then nothing is written.

            Examples:
              courier generate Sources/PetstoreAPI/petstore.courier.yaml --output Generated
              courier generate specs/*.courier.yaml --output Generated --templates MyTemplates
              courier lint specs/petstore.courier.yaml
              courier import openapi.yaml --output Specs    (runs courier-import)
            """,
        version: CourierVersion.current,
        subcommands: [GenerateCommand.self, LintCommand.self, ImportCommand.self]
    )
}

/// The tool's version, printed by `courier --version`.
enum CourierVersion {
    static let current = "0.1.0"
}
