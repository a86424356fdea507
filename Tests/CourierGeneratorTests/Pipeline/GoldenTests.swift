import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// YAML in, Swift out, compared byte for byte with `Golden/petstore/`: the Petstore spec that the
/// build plugin compiles into `PetstoreAPI`, in the layout the plugin picks for its size (one
/// shard: six files). (Hand-built specs are covered by snippet tests.)
@Suite struct GoldenTests {
    @Test func petstoreYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/PetstoreAPI/petstore.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let bytes = FileManager.default.contents(atPath: spec)?.count ?? 0
        let shards = OutputLayout.shardCount(forSpecBytes: bytes)
        #expect(shards == 1)
        // A stale shard from a larger layout is removed.
        try Data("// stale".utf8).write(to: URL(fileURLWithPath: output.path + "/petstore.07.Models.swift"))
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path, shardCounts: ["petstore": shards])
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, shards: 1).sorted())
        #expect(files.count == 6)
        for (name, text) in files {
            #expect(text.split(separator: "\n").count > 8, "\(name) is (nearly) empty")
        }
        try GoldenFile.check(files, name: "petstore")
    }

    /// The GitHub-shaped spec `RealAPI` compiles: unions, nullable and recursive fields, `Data`,
    /// pagination, typed response headers, fixed headers, media types and `{+path}`.
    @Test func hubYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/RealAPI/hub.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let shards = OutputLayout.shardCount(forSpecBytes: FileManager.default.contents(atPath: spec)?.count ?? 0)
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path, shardCounts: ["hub": shards])
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, shards: shards).sorted())
        try GoldenFile.check(files, name: "hub")
    }
}
