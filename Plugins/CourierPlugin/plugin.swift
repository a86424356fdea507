import Foundation
import PackagePlugin

/// Generates Swift from the `*.courier.yaml` specs of the target it is applied to.
///
/// Kept thin on purpose: it finds the inputs, declares inputs and outputs so that editing a spec
/// or a template regenerates (and a no-op build does not), and runs `courier generate`. A package
/// target (here) and an Xcode project target (`CourierPlugin+Xcode.swift`) go through the same
/// ``CourierPlan/generation(for:output:courierTemplates:)``.
@main
struct CourierPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            for: CourierTargetFiles(name: target.name, files: target.sourceFiles.map(\.url), directory: target.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL,
            courierTemplates: CourierPackageLookup.templatesDirectory(in: context.package),
            tool: { try context.tool(named: $0).url }
        )
    }

    /// The build command for one target, whichever host described it.
    static func commands(
        for target: CourierTargetFiles, workDirectory: URL, courierTemplates: URL?, tool: (String) throws -> URL
    ) throws -> [Command] {
        let output = CourierPlan.buildOutput(workDirectory: workDirectory)
        guard let generation = CourierPlan.generation(for: target, output: output, courierTemplates: courierTemplates) else {
            return []
        }
        return [
            .buildCommand(
                displayName: generation.displayName,
                executable: try tool(CourierPlan.toolName),
                arguments: generation.arguments,
                inputFiles: generation.inputFiles,
                outputFiles: generation.outputFiles
            ),
        ]
    }
}
