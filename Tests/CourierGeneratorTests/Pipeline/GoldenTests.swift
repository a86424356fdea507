@testable import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// YAML in, Swift out, compared byte for byte with `Golden/petstore/`: the Petstore spec that the
/// build plugin compiles into `PetstoreAPI`, in the layout the plugin picks for its model and endpoint counts (compact:
/// eight files, the models over four of them). (Hand-built specs are covered by snippet tests.)
@Suite struct GoldenTests {
    @Test func petstoreYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/PetstoreAPI/petstore.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let layout = SpecLayout.ofSpec(at: spec, fallback: SpecOutline(models: [], endpointCount: 0))
        #expect(layout.shape == .compact(modelFiles: 4))
        // Stale files from other layouts of the same spec are removed; other files stay.
        for stale in ["petstore.07.Models.swift", "petstore.01.Client.swift", "petstore.Models.swift", "petstore.Models.5.swift", "petstore.03.Models.Old.swift"] {
            try Data("// stale".utf8).write(to: URL(fileURLWithPath: output.path + "/" + stale))
        }
        try Data("// mine".utf8).write(to: URL(fileURLWithPath: output.path + "/petstore.Models.Extra.Mine.swift"))
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path)
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.removeValue(forKey: "petstore.Models.Extra.Mine.swift") == "// mine")
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, layout: layout).sorted())
        #expect(files.count == 8)
        for (name, text) in files {
            #expect(text.split(separator: "\n").count > 8, "\(name) is (nearly) empty")
        }
        Self.expectNoLinePast120Columns(files)
        try GoldenFile.check(files, name: "petstore")
    }

    /// The GitHub-shaped spec `RealAPI` compiles: unions, nullable and recursive fields, `Data`,
    /// pagination, typed response headers, fixed headers, media types and `{+path}`.
    @Test func hubYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/RealAPI/hub.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let layout = SpecLayout.ofSpec(at: spec, fallback: SpecOutline(models: [], endpointCount: 0))
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path)
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, layout: layout).sorted())
        Self.expectNoLinePast120Columns(files)
        try GoldenFile.check(files, name: "hub")
    }

    /// The streaming spec `PetstoreAPI` compiles: server-sent events with a terminator, an event
    /// union by name, JSON Lines, a JSON text sequence, and their stream samples.
    @Test func chatYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/PetstoreAPI/chat.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let layout = SpecLayout.ofSpec(at: spec, fallback: SpecOutline(models: [], endpointCount: 0))
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path)
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        #expect(outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.keys.sorted() == OutputLayout.outputFileNames(forSpec: spec, layout: layout).sorted())
        #expect(files["chat.Client.swift"]?.contains("-> ServerSentEventStream<Chat.RoomEventsEvent>") == true)
        Self.expectNoLinePast120Columns(files)
        try GoldenFile.check(files, name: "chat")
    }

    /// The generator wraps what templates write on one line (``LineWrapping``); sample bodies
    /// break with line continuations.
    static func expectNoLinePast120Columns(_ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.count > 120 {
                Issue.record("\(name):\(number + 1) has \(line.count) columns: \(line)", sourceLocation: sourceLocation)
            }
        }
    }
}
