import Foundation

/// What a host tells a Courier plugin about one target: SwiftPM for a package target, Xcode for
/// a project target. The two describe a target differently; from here on everything is shared.
///
/// Foundation only, no `PackagePlugin`: `Tests/CourierPluginTests` compiles this file too.
struct CourierTargetFiles: Equatable {
    /// The target's name (SwiftPM's `name`, Xcode's `displayName`), for messages and `--target`.
    var name: String
    /// Every file the host lists for the target: SwiftPM's `sourceFiles`, Xcode's `inputFiles`.
    var files: [URL]
    /// The target's folder. SwiftPM knows it; an Xcode target has none (`nil`), and the folders
    /// holding its specs stand in for it.
    var directory: URL?
}

/// One run of `courier generate`: its arguments, the files it reads and the files it writes.
struct CourierGeneration: Equatable {
    /// What the build log shows.
    var displayName: String
    /// The target's specs, sorted.
    var specs: [URL]
    /// The folder the files are written to.
    var outputDirectory: URL
    /// The tool's arguments, `generate` first.
    var arguments: [String]
    /// Specs, the data files beside them and every template used: editing any regenerates.
    var inputFiles: [URL]
    /// Exactly the files the tool writes.
    var outputFiles: [URL]
}

/// The planning both Courier plugins share, in a package and in an Xcode project alike: the
/// `PackagePlugin` and `XcodeProjectPlugin` entry points only turn their context into a
/// ``CourierTargetFiles`` and run what ``generation(for:output:courierTemplates:)`` returns.
enum CourierPlan {
    /// The executable target both plugins run (`courier`).
    static let toolName = "CourierCLI"

    /// The build plugin's output folder inside the plugin's work directory.
    static func buildOutput(workDirectory: URL) -> URL {
        workDirectory.appendingPathComponent("GeneratedSources")
    }

    /// The command plugin's output folder, to be committed: `Generated/` in the target's folder
    /// or, for an Xcode target, beside its first spec; `nil` for a target without specs.
    static func committedOutput(for target: CourierTargetFiles) -> URL? {
        guard let root = roots(of: target).first else { return nil }
        return root.appendingPathComponent("Generated")
    }

    /// The one planning step: the run of `courier generate` for `target`'s specs, writing into
    /// `output`, or `nil` when the target has none.
    ///
    /// `courierTemplates` is Courier's `templates/` when the host can find it (a package build);
    /// without it the tool uses the templates it carries, which its own rebuild keeps current.
    /// A `CourierTemplates` folder in the target's folder (or beside a spec, or any folder of
    /// that name among the target's files) replaces templates of the same name.
    static func generation(for target: CourierTargetFiles, output: URL, courierTemplates: URL?) -> CourierGeneration? {
        let specs = target.files.filter(CourierFiles.isSpec).sorted { $0.path < $1.path }
        guard !specs.isEmpty else { return nil }
        let custom = customTemplates(of: target)

        var arguments = ["generate"] + specs.map(\.path) + ["--output", output.path]
        var templates: [URL] = []
        if let courierTemplates {
            arguments += ["--default-templates", courierTemplates.path]
            templates += CourierFiles.templateFiles(in: courierTemplates)
        }
        if let custom {
            arguments += ["--templates", custom.path]
            templates += CourierFiles.templateFiles(in: custom)
        }

        return CourierGeneration(
            displayName: "Courier: generating \(target.name) from \(specs.map(\.lastPathComponent).joined(separator: ", "))",
            specs: specs,
            outputDirectory: output,
            arguments: arguments,
            inputFiles: unique(specs + dataFiles(of: target) + templates),
            outputFiles: specs.flatMap { CourierFiles.outputs(for: $0, in: output) }
        )
    }

    /// The command plugin's runs: every target with specs, or those named by `--target`; a name
    /// that matches no target is an error naming `container` (the package or project).
    static func committedGenerations(
        for targets: [CourierTargetFiles], requested: Set<String>, in container: String, courierTemplates: URL?
    ) throws -> [CourierGeneration] {
        let unknown = requested.subtracting(targets.map(\.name))
        guard unknown.isEmpty else {
            throw PluginFailure("no target named \(unknown.sorted().joined(separator: ", ")) in \(container)")
        }
        return targets
            .filter { requested.isEmpty || requested.contains($0.name) }
            .compactMap { target in
                committedOutput(for: target).flatMap { generation(for: target, output: $0, courierTemplates: courierTemplates) }
            }
    }

    /// The target's folder, or else the folders of its specs (an Xcode target).
    static func roots(of target: CourierTargetFiles) -> [URL] {
        if let directory = target.directory { return [directory] }
        let folders = target.files.filter(CourierFiles.isSpec).sorted { $0.path < $1.path }.map { $0.deletingLastPathComponent() }
        return unique(folders)
    }

    /// The custom templates folder: `CourierTemplates` in a root, else a folder of that name
    /// holding templates the host listed among the target's files.
    static func customTemplates(of target: CourierTargetFiles) -> URL? {
        for root in roots(of: target) {
            let candidate = root.appendingPathComponent(CourierFiles.customTemplatesFolder)
            if isDirectory(candidate) { return candidate }
        }
        return target.files.first {
            $0.pathExtension == "mustache" && $0.deletingLastPathComponent().lastPathComponent == CourierFiles.customTemplatesFolder
        }?.deletingLastPathComponent()
    }

    /// Samples and other data files the generator may embed: regular files under a root that
    /// are neither Swift nor specs. An Xcode target lists all its files (images, plists), so
    /// only those under the specs' folders count, and never a folder such as an asset catalog.
    static func dataFiles(of target: CourierTargetFiles) -> [URL] {
        let roots = roots(of: target).map { $0.standardizedFileURL.path + "/" }
        return target.files.filter { file in
            guard !CourierFiles.isSpec(file), file.pathExtension != "swift" else { return false }
            let path = file.standardizedFileURL.path
            return roots.contains { path.hasPrefix($0) } && isRegularFile(file)
        }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && !directory.boolValue
    }

    private static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }
}
