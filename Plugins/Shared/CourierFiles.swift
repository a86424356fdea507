import Foundation

/// What the Courier plugins agree on with the `courier` tool: which files are specs, which
/// files a spec generates, and which are templates.
///
/// Foundation only, no `PackagePlugin`: `Tests/CourierPluginTests` compiles this file too.
enum CourierFiles {
    /// How a spec's code is spread over files (a copy of `OutputLayout.Layout` in
    /// CourierGenerator, which this must match: the plugin cannot link the generator).
    enum Layout {
        /// Service, Endpoints, Client, Samples and the models in `modelFiles` files.
        case compact(modelFiles: Int)
        /// Service, Endpoints, Client, Samples and, per shard, Models, Endpoints and Client.
        case sharded(Int)

        /// The layout of a spec, read from its size without parsing it: one models file below
        /// 2.5 KB, four below 24 KB, four shards below 64 KB, else sixteen.
        init(of spec: URL) {
            let size = (try? FileManager.default.attributesOfItem(atPath: spec.path)[.size] as? Int) ?? 0
            self = size < 2_500 ? .compact(modelFiles: 1)
                : size < 24_000 ? .compact(modelFiles: 4)
                : size < 64_000 ? .sharded(4) : .sharded(16)
        }

        /// The tool's spelling for `--layout`.
        var argument: String {
            switch self {
            case .compact(let files): "compact\(files)"
            case .sharded(let shards): "sharded\(shards)"
            }
        }

        /// The files the tool writes, after `<stem>.`; the tool guarantees exactly these.
        var outputSuffixes: [String] {
            switch self {
            case .compact(let files):
                ["Service"] + (files == 1 ? ["Models"] : (1...files).map { "Models.\($0)" }) + ["Endpoints", "Client", "Samples"]
            case .sharded(let shards):
                ["Service", "Endpoints", "Client"]
                    + (1...shards).flatMap { shard in
                        ["Models", "Endpoints", "Client"].map { "\(shard < 10 ? "0" : "")\(shard).\($0)" }
                    }
                    + ["Samples"]
            }
        }
    }

    /// `--layout <stem>=<layout>` for every spec.
    static func layoutArguments(for specs: [URL]) -> [String] {
        specs.flatMap { ["--layout", "\(stem(of: $0))=\(Layout(of: $0).argument)"] }
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
        return Layout(of: spec).outputSuffixes.map { directory.appendingPathComponent("\(stem).\($0).swift") }
    }

    /// The folder in a target whose `*.mustache` files replace Courier's templates of the same name.
    static let customTemplatesFolder = "CourierTemplates"

    /// The `*.mustache` files of `directory`, sorted.
    static func templateFiles(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { directory.appendingPathComponent($0) }
    }
}

/// An error the plugin reports to SwiftPM as its message.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
