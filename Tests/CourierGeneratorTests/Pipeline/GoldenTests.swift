import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// YAML in, Swift out, compared byte for byte with `Golden/petstore/`: the Petstore spec that the
/// build plugin compiles into `PetstoreAPI`, in the layout the plugin picks for its size (compact:
/// eight files, the models over four of them). (Hand-built specs are covered by snippet tests.)
@Suite struct GoldenTests {
    @Test func petstoreYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/PetstoreAPI/petstore.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let bytes = FileManager.default.contents(atPath: spec)?.count ?? 0
        let layout = OutputLayout.Layout.forSpec(bytes: bytes)
        #expect(layout == .compact(modelFiles: 4))
        // Stale files from other layouts of the same spec are removed; other files stay.
        for stale in ["petstore.07.Models.swift", "petstore.01.Client.swift", "petstore.Models.swift", "petstore.Models.5.swift"] {
            try Data("// stale".utf8).write(to: URL(fileURLWithPath: output.path + "/" + stale))
        }
        try Data("// mine".utf8).write(to: URL(fileURLWithPath: output.path + "/petstore.Models.Extra.swift"))
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path, layouts: ["petstore": layout])
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.removeValue(forKey: "petstore.Models.Extra.swift") == "// mine")
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, layout: layout).sorted())
        #expect(files.count == 8)
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
        let layout = OutputLayout.Layout.forSpec(bytes: FileManager.default.contents(atPath: spec)?.count ?? 0)
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path, layouts: ["hub": layout])
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, layout: layout).sorted())
        try GoldenFile.check(files, name: "hub")
    }

    /// The streaming spec `PetstoreAPI` compiles: server-sent events with a terminator, an event
    /// union by name, JSON Lines, a JSON text sequence, and their stream samples.
    @Test func chatYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/PetstoreAPI/chat.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let layout = OutputLayout.Layout.forSpec(bytes: FileManager.default.contents(atPath: spec)?.count ?? 0)
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path, layouts: ["chat": layout])
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, layout: layout).sorted())
        #expect(files["chat.Client.swift"]?.contains("-> ServerSentEventStream<Chat.RoomEventsEvent>") == true)
        try GoldenFile.check(files, name: "chat")
    }
}
