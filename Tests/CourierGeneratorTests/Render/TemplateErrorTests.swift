@testable import CourierGenerator
import Testing

/// A broken custom template is reported in the compiler's shape, at the template file and the
/// position in it, in words (not the template engine's case names); a partial that is in no
/// template file is an error before anything is rendered, not an empty stretch of output.
@Suite struct TemplateErrorTests {
    private func defaults() throws -> [String: String] {
        try TemplateSet.load(custom: nil, defaults: Rendering.templatesDirectory).texts
    }

    /// The error `models` as the `Models` template gives, or `nil` when it is accepted.
    private func error(models: String) throws -> RenderError? {
        var texts = try defaults()
        texts["Models"] = models
        do {
            _ = try TemplateRenderer(templates: TemplateSet(texts: texts))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("{{#models}}\n{{name}\n{{/models}}\n", "2:7", "a tag is not closed where its name ends"),
        ("{{#models}}\nunclosed\n", "3:1", "a section is never closed"),
        ("{{#models}}\n{{/model}}\n", "2:4", "closes a section that is not the one open"),
        ("{{=<%>=}}\n", "2:1", "a delimiter change"),
        ("{{=<% >}}\n", "2:1", "the template ends inside a tag"),
        ("{{% CONTENT_TYPE TEXT}}\n", "1:18", "a configuration tag"),
        ("{{% COLOUR: TEXT}}\n", "1:19", "unknown configuration"),
    ])
    func syntaxErrorsAreExplained(text: String, position: String, words: String) throws {
        let found = try #require(try error(models: text))
        let description = found.description
        #expect(description.hasPrefix("<memory>/Models.mustache:\(position): error: "), "\(description)")
        #expect(description.contains(words), "\(description)")
        for caseName in ["unfinishedName", "expectedSectionEnd", "sectionCloseNameIncorrect", "invalidSetDelimiter",
                         "invalidConfigVariableSyntax", "unrecognisedConfigVariable", "overflow"] {
            #expect(!description.contains(caseName), "\(description)")
        }
    }

    @Test func aMissingPartialIsAnErrorAtItsTag() throws {
        let found = try error(models: "{{% CONTENT_TYPE: TEXT}}\n{{> Header}}\n  {{> ModelHelpers}}\n")
        #expect(found == .missingPartial(file: "<memory>/Models.mustache", line: 3, column: 3, template: "Models", partial: "ModelHelpers"))
        #expect(found?.description == "<memory>/Models.mustache:3:3: error: template 'Models' includes the partial "
            + "'ModelHelpers', which is in no template file (ModelHelpers.mustache); add it to the templates folder "
            + "or remove the tag")
    }

    @Test func aMissingParentIsAnErrorToo() throws {
        var texts = try defaults()
        texts["Row"] = "{{< Base}}{{/Base}}"
        #expect(throws: RenderError.missingPartial(file: "<memory>/Row.mustache", line: 1, column: 1, template: "Row", partial: "Base")) {
            try TemplateRenderer(templates: TemplateSet(texts: texts))
        }
    }

    /// Through the whole pipeline, as `courier generate --templates` runs it: no file is written
    /// and the run fails.
    @Test func theGeneratorFailsOnAMissingPartial() throws {
        let custom = try TemporaryDirectory()
        defer { custom.remove() }
        try custom.write("Models.mustache", "{{% CONTENT_TYPE: TEXT}}\n{{> Header}}\n{{> Helpers}}\n")
        #expect(throws: RenderError.self) {
            try TemplateRenderer(templates: TemplateSet.load(custom: custom.path, defaults: Rendering.templatesDirectory))
        }
    }
}
