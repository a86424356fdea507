import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// YAML in, Swift out, compared byte for byte with `Golden/petstore/`: the Petstore spec that the
/// build plugin compiles into `PetstoreAPI`. (Hand-built specs are covered by snippet tests.)
@Suite struct GoldenTests {
    @Test func petstoreYAMLMatchesGoldenFiles() throws {
        let output = try TemporaryDirectory()
        defer { output.remove() }
        let spec = Rendering.packageRoot + "/Sources/PetstoreAPI/petstore.courier.yaml"
        let generator = Generator(loader: SpecLoader(), translator: Translator(), renderer: try Rendering.renderer(), writer: FileWriter())
        let outcome = generator.generate(specFiles: [spec], outputDirectory: output.path)
        #expect(!outcome.failed, "\(outcome.diagnostics) \(outcome.failures)")
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
            files[name] = String(decoding: FileManager.default.contents(atPath: output.path + "/" + name) ?? Data(), as: UTF8.self)
        }
        #expect(files.count == OutputLayout.outputFileNames(forSpec: spec).count)
        try GoldenFile.check(files, name: "petstore")
    }
}
