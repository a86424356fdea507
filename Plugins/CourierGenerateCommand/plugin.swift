import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory courier-generate [--target Name …]`
///
/// For teams that commit generated code: writes what the build plugin would generate into
/// `<target>/Generated/` so it can be reviewed and checked in. Use it instead of the build
/// plugin on that target, not together with it (the types would be declared twice). A package
/// (here) and an Xcode project (`CourierGenerateCommand+Xcode.swift`) go through the same
/// ``CourierPlan/committedGenerations(for:requested:in:courierTemplates:)``.
@main
struct CourierGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let targets = context.package.targets.compactMap { $0 as? SourceModuleTarget }.map {
            CourierTargetFiles(name: $0.name, files: $0.sourceFiles.map(\.url), directory: $0.directoryURL)
        }
        try Self.generate(
            targets, in: context.package.displayName, arguments: arguments,
            courierTemplates: CourierPackageLookup.templatesDirectory(in: context.package),
            tool: { try context.tool(named: $0).url }
        )
    }

    /// Runs `courier generate` for every selected target, whichever host described them.
    static func generate(
        _ targets: [CourierTargetFiles], in container: String, arguments: [String], courierTemplates: URL?,
        tool: (String) throws -> URL
    ) throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = Set(extractor.extractOption(named: "target"))
        let generations = try CourierPlan.committedGenerations(
            for: targets, requested: requested, in: container, courierTemplates: courierTemplates)
        guard !generations.isEmpty else {
            print("Courier: no *.courier.yaml specs found in the selected targets")
            return
        }
        let executable = try tool(CourierPlan.toolName)
        for generation in generations {
            try run(executable, generation.arguments)
            print("Courier: wrote \(generation.outputDirectory.path) from \(generation.specs.map(\.lastPathComponent).joined(separator: ", "))")
        }
    }

    private static func run(_ tool: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("courier generate failed (exit \(process.terminationStatus)); see the diagnostics above")
        }
    }
}
