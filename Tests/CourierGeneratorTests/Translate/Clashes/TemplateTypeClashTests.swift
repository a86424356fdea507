@testable import CourierGenerator
import CourierSpec
import Testing

/// Types that a user's own templates declare are reserved like the default templates' types: a
/// model named like one is renamed with a warning naming the template, a service named like one
/// is an error. Only names written out in the template are seen (`struct Helper`), not names
/// built from tags (`struct {{typeName}}Helper`).
@Suite struct TemplateTypeClashTests {
    /// The repository's templates, with a `Service` template that also declares `Helper` in the
    /// namespace and `Toolbox` at file scope.
    static func templates() throws -> TemplateSet {
        let custom = try TemporaryDirectory()
        defer { custom.remove() }
        let service = try #require(DefaultTemplates.texts["Service"])
        try custom.write("Service.mustache", service + """

            extension {{namespace}} {
                /// A helper of these templates.
                public struct Helper: Sendable { public init() {} }
            }

            /// A file-scope type of these templates.
            public enum Toolbox { public static let version = 1 }

            """)
        return try TemplateSet.load(custom: custom.path, defaults: Rendering.templatesDirectory)
    }

    @Test func declaredTypesAreReadFromCustomTemplatesOnly() throws {
        let found = TemplateDeclaredTypes.of(try Self.templates())
        #expect(Set(found.keys) == ["Helper", "Toolbox"])
        #expect(found["Helper"]?.hasSuffix("/Service.mustache") == true)
        #expect(TemplateDeclaredTypes.of(TemplateSet(texts: DefaultTemplates.texts)).isEmpty)
        #expect(TemplateDeclaredTypes.declared(inTemplate: """
            struct Gadget<Value> {}
            final class Doohickey: Sendable {}
            public struct {{typeName}}Helper {}
            struct Named{{suffix}} {}
            class func make() {}
            // struct Commented {}
            let text = "enum Quoted {}"
            typealias Alias = Int; indirect enum Tree {}
            """) == ["Gadget", "Doohickey", "Alias", "Tree"])
    }

    @Test func aModelNamedLikeATemplatesTypeIsRenamed() async throws {
        let templates = try Self.templates()
        let (files, diagnostics) = try await Typecheck.sources([SpecSource(file: "specs/snippet.courier.yaml", text: """
            service: Zoo
            baseURL: https://zoo.example.com
            models:
              Helper: { name: String }
              Toolbox: { size: Int }
            endpoints:
              helpers: { get: /helpers, response: "[Helper]" }
            """)], templates: templates)
        let path = try #require(templates.paths["Service"])
        #expect(diagnostics.map(\.message) == [
            "model 'Helper' is generated as 'HelperModel': the template \(path) declares a type 'Helper'",
            "model 'Toolbox' is generated as 'ToolboxModel': the template \(path) declares a type 'Toolbox'",
        ])
        let models = files.filter { $0.key.contains("Models") }.values.joined()
        #expect(models.contains("public struct HelperModel: Codable"))
    }

    @Test func aServiceNamedLikeATemplatesTypeIsAnError() throws {
        let templates = try Self.templates()
        let path = try #require(templates.paths["Service"])
        let loaded = SpecLoader().load(sources: [
            SpecSource(file: "specs/a.courier.yaml", text: "service: Toolbox\n"),
            SpecSource(file: "specs/b.courier.yaml", text: "service: Tool\n"),
        ])
        var renamed = templates
        renamed.texts["Service"] = (renamed.texts["Service"] ?? "").replacingOccurrences(of: "enum Toolbox", with: "enum ToolClient")
        for (set, type) in [(templates, "Toolbox"), (renamed, "ToolClient")] {
            let diagnostics = Translator(templates: set).translate(loaded.specs).diagnostics
            #expect(diagnostics.map(\.description) == [
                "specs/\(type == "Toolbox" ? "a" : "b").courier.yaml:1:10: error: the template \(path) declares a type '\(type)', "
                    + "which the service generates too; rename the service or the template's type",
            ])
        }
    }
}
