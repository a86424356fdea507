@testable import CourierGenerator
import Testing

@Suite struct PartialCycleCheckTests {
    private func defaults() throws -> [String: String] {
        try TemplateSet.load(custom: nil, defaults: Rendering.templatesDirectory).texts
    }

    @Test func aTemplateIncludingItselfIsAnErrorAtTheTag() throws {
        var texts = try defaults()
        texts["Header"] = "// header\n  {{> Header}}\n"
        #expect(throws: RenderError.recursiveTemplate(
            file: "<memory>/Header.mustache", line: 2, column: 3, cycle: ["Header", "Header"])
        ) { try TemplateRenderer(templates: TemplateSet(texts: texts)) }
    }

    @Test func aCycleThroughOtherPartialsIsAnError() throws {
        var texts = try defaults()
        texts["Models"] = "{{% CONTENT_TYPE: TEXT}}\n{{> Header}}\n{{#models}}{{>Row}}{{/models}}\n"
        texts["Row"] = "{{typeName}} {{> Cell }}\n"
        texts["Cell"] = "{{=<% %>=}}<%> Row%>\n"
        do {
            _ = try TemplateRenderer(templates: TemplateSet(texts: texts))
            Issue.record("a cycle was accepted")
        } catch {
            #expect(error == .recursiveTemplate(file: "<memory>/Cell.mustache", line: 1, column: 12, cycle: ["Row", "Cell", "Row"]))
            #expect(error.description == "<memory>/Cell.mustache:1:12: error: template 'Row' includes itself "
                + "(Row -> Cell -> Row); a partial must not lead back to a template that includes it")
        }
    }

    @Test func sharedPartialsWithoutACycleAreFine() throws {
        var texts = try defaults()
        texts["Row"] = "{{> Cell}}{{> Cell}}"
        texts["Cell"] = "{{{typeName}}} {{! a comment > not a partial }}"
        texts["Models"] = "{{% CONTENT_TYPE: TEXT}}\n{{> Header}}\n{{#models}}{{> Row}}{{/models}}\n"
        #expect(PartialCycleCheck.firstCycle(in: TemplateSet(texts: texts)) == nil)
        #expect(PartialCycleCheck.inclusions(in: "a\n {{> Cell}}\n{{<Base}}{{/Base}}").map(\.name) == ["Cell", "Base"])
    }
}
