import Foundation
import PackagePlugin

/// What the Courier plugins agree on with the `courier` tool: which files are specs, which
/// files a spec generates, and where Courier's templates are.
enum CourierFiles {
    /// The files the tool writes for a spec of `shards` shards, after `<stem>.`; the tool
    /// guarantees exactly these (see `OutputLayout` in CourierGenerator, which this must match).
    static func outputSuffixes(shards: Int) -> [String] {
        ["Service", "Endpoints", "Client"]
            + (1...shards).flatMap { shard in
                ["Models", "Endpoints", "Client"].map { "\(shard < 10 ? "0" : "")\(shard).\($0)" }
            }
    }

    /// How many shards a spec gets, read from its size without parsing it: 1 below 24 KB, 4
    /// below 64 KB, else 16 (a copy of `OutputLayout.shardCount(forSpecBytes:)`).
    static func shardCount(of spec: URL) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int) ?? 0
        return size < 24_000 ? 1 : size < 64_000 ? 4 : 16
    }

    /// `--shards <stem>=<n>` for every spec.
    static func shardArguments(for specs: [URL]) -> [String] {
        specs.flatMap { ["--shards", "\(stem(of: $0))=\(shardCount(of: $0))"] }
    }

    static func isSpec(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(".courier.yaml") || name.hasSuffix(".courier.yml")
    }

    /// `petstore.courier.yaml` → `petstore`.
    static func stem(of spec: URL) -> String {
        let name = spec.lastPathComponent
        for suffix in [".courier.yaml", ".courier.yml"] where name.hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return spec.deletingPathExtension().lastPathComponent
    }

    static func outputs(for spec: URL, in directory: URL) -> [URL] {
        let stem = stem(of: spec)
        return outputSuffixes(shards: shardCount(of: spec)).map { directory.appendingPathComponent("\(stem).\($0).swift") }
    }

    /// Courier's own `templates/`: in the package that vends the plugin, which is the consumer's
    /// package itself only when Courier builds its own targets.
    static func templatesDirectory(in package: Package) throws -> URL {
        guard let courier = findCourier(in: package) else {
            throw PluginFailure("cannot find the Courier package among the dependencies of \(package.displayName)")
        }
        let templates = courier.directoryURL.appendingPathComponent("templates")
        guard FileManager.default.fileExists(atPath: templates.path) else {
            throw PluginFailure("Courier's templates directory is missing at \(templates.path)")
        }
        return templates
    }

    /// The folder in a target whose `*.mustache` files replace Courier's templates of the same name.
    static let customTemplatesFolder = "CourierTemplates"

    /// `--default-templates <Courier's> [--templates <the target's CourierTemplates>]`, and the
    /// template files to declare as inputs.
    static func templateArguments(courier: URL, target: URL) -> (arguments: [String], files: [URL]) {
        let custom = target.appendingPathComponent(customTemplatesFolder)
        var arguments = ["--default-templates", courier.path]
        var files = templateFiles(in: courier)
        if FileManager.default.fileExists(atPath: custom.path) {
            arguments += ["--templates", custom.path]
            files += templateFiles(in: custom)
        }
        return (arguments, files)
    }

    static func templateFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Breadth-first, so the nearest Courier wins if several versions were somehow in the graph.
    private static func findCourier(in root: Package) -> Package? {
        var queue = [root]
        var seen = Set<String>()
        while !queue.isEmpty {
            let package = queue.removeFirst()
            guard seen.insert(package.id).inserted else { continue }
            if package.targets.contains(where: { $0.name == "CourierCLI" }) { return package }
            queue += package.dependencies.map(\.package)
        }
        return nil
    }
}

/// An error the plugin reports to SwiftPM as its message.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
