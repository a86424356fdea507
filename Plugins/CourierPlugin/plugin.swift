import Foundation
import PackagePlugin

/// Generates Swift from the `*.courier.yaml` specs of the target it is applied to.
///
/// Kept thin on purpose: it finds the inputs, declares inputs and outputs so that editing a spec
/// or a template regenerates (and a no-op build does not), and runs `courier generate`.
@main
struct CourierPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let specs = files.filter(CourierFiles.isSpec).sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return [] }

        let templates = CourierFiles.templateArguments(
            courier: try CourierFiles.templatesDirectory(in: context.package), target: target.directoryURL)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        // Samples and other data files beside the specs are embedded by the generator, so a
        // change to any of them must regenerate too.
        let dataFiles = files.filter { !CourierFiles.isSpec($0) && $0.pathExtension != "swift" }
        let arguments = ["generate"] + specs.map(\.path) + ["--output", output.path] + templates.arguments
            + CourierFiles.layoutArguments(for: specs)

        return [
            .buildCommand(
                displayName: "Courier: generating \(target.name) from \(specs.map(\.lastPathComponent).joined(separator: ", "))",
                executable: try context.tool(named: "CourierCLI").url,
                arguments: arguments,
                inputFiles: specs + dataFiles + templates.files,
                outputFiles: specs.flatMap { CourierFiles.outputs(for: $0, in: output) }
            ),
        ]
    }
}
