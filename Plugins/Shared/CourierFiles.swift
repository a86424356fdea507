import Foundation

/// What the Courier plugins agree on with the `courier` tool: which files are specs, which
/// files a spec generates, and which are templates.
///
/// Foundation only, no `PackagePlugin`: `Tests/CourierPluginTests` compiles this file too.
enum CourierFiles {
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

    /// The files the tool writes for `spec` into `directory`: ``SpecLayout``'s rule over the
    /// spec's text, the same code the tool runs. An unreadable spec gets the smallest layout; the
    /// tool then fails on it anyway.
    static func outputs(for spec: URL, in directory: URL) -> [URL] {
        let text = (try? Data(contentsOf: spec)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return SpecLayout(outline: SpecOutline(yaml: text)).fileNames(stem: stem(of: spec)).map(directory.appendingPathComponent)
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
