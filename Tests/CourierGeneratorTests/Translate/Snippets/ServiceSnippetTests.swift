import CourierGenerator
import CourierSpec
import Testing

@Suite struct ServiceSnippetTests {
    @Test func aSpecOfModelsWithoutBaseURLGenerates() throws {
        let loaded = SpecLoader().load(source: """
            service: Shared
            models:
              Money: { amount: Int, currency: String }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(files["snippet.Service.swift"]?.contains(#""http://localhost""#) == true)
        #expect(files["snippet.Models.swift"]?.contains("public struct Money:") == true)
    }
}
