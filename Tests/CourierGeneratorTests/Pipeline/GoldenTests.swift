import CourierGenerator
import CourierSpec
import Testing

/// The whole Petstore spec, rendered with the real templates, compared byte for byte with
/// `Golden/petstore/`. The same files are what the build plugin compiles into `PetstoreAPI`.
@Suite struct GoldenTests {
    @Test func petstoreMatchesGoldenFiles() throws {
        let (files, diagnostics) = try Rendering.render([PetstoreFixture.spec])
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        #expect(files.count == 4)
        try GoldenFile.check(files, name: "petstore")
    }
}
