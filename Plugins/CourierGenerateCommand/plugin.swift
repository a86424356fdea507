import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory courier-generate [--target Name …]`
///
/// For teams that commit generated code: writes what the build plugin would generate into
/// `<target>/Generated/` so it can be reviewed and checked in. Use it instead of the build
/// plugin on that target, not together with it (the types would be declared twice).
@main
struct CourierGenerateCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let requested = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "CourierCLI").url
        let templates = try CourierFiles.templatesDirectory(in: context.package)

        let targets = context.package.targets
            .compactMap { $0 as? SourceModuleTarget }
            .filter { requested.isEmpty || requested.contains($0.name) }
        let unknown = requested.subtracting(targets.map(\.name))
        guard unknown.isEmpty else {
            throw PluginFailure("no target named \(unknown.sorted().joined(separator: ", ")) in \(context.package.displayName)")
        }

        var generated = 0
        for target in targets {
            let specs = target.sourceFiles.map(\.url).filter(CourierFiles.isSpec).sorted { $0.path < $1.path }
            guard !specs.isEmpty else { continue }
            let output = target.directoryURL.appendingPathComponent("Generated")
            let templateArguments = CourierFiles.templateArguments(courier: templates, target: target.directoryURL).arguments
            try run(tool, ["generate"] + specs.map(\.path) + ["--output", output.path] + templateArguments
                + CourierFiles.layoutArguments(for: specs))
            print("Courier: wrote \(target.name)/Generated from \(specs.map(\.lastPathComponent).joined(separator: ", "))")
            generated += 1
        }
        if generated == 0 { print("Courier: no *.courier.yaml specs found in the selected targets") }
    }

    private func run(_ tool: URL, _ arguments: [String]) throws {
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
