import CourierGenerator
import Foundation
import Testing

/// The templates the module carries (for the `courier` tool an Xcode build runs without Courier's
/// `templates/` directory) are exactly the files of that directory.
struct DefaultTemplatesTests {
    @Test func theCarriedTemplatesAreTheTemplatesDirectory() throws {
        let onDisk = try TemplateSet.load(custom: nil, defaults: Rendering.templatesDirectory).texts
        #expect(
            DefaultTemplates.texts.keys.sorted() == onDisk.keys.sorted(),
            "templates/ and DefaultTemplates.swift differ in names: run .ci/embed-templates.sh")
        for (name, text) in onDisk {
            #expect(DefaultTemplates.texts[name] == text, "templates/\(name).mustache changed: run .ci/embed-templates.sh")
        }
    }

    @Test func aCustomDirectoryReplacesCarriedTemplatesOneByOne() throws {
        let custom = try TemporaryDirectory()
        defer { custom.remove() }
        try custom.write("Header.mustache", "// custom header for {{specFileName}}\n")
        let set = try TemplateSet.embedded(custom: custom.path)
        #expect(set.texts["Header"] == "// custom header for {{specFileName}}\n")
        #expect(set.paths["Header"] == custom.path + "/Header.mustache")
        #expect(set.texts["Client"] == DefaultTemplates.texts["Client"])
        #expect(set.paths["Client"] == "<courier>/templates/Client.mustache")
    }

    @Test func carriedTemplatesRenderLikeTheDirectory() throws {
        let model = try #require(Translator(readFile: PetstoreFixture.readFile).translate([PetstoreFixture.spec]).models.first)
        let carried = try TemplateRenderer(templates: TemplateSet.embedded(custom: nil)).render(model)
        let directory = try Rendering.renderer().render(model)
        #expect(carried == directory)
    }

    @Test func aMissingCustomDirectoryIsAnError() throws {
        #expect(throws: RenderError.self) { try TemplateSet.embedded(custom: "/nonexistent/CourierTemplates") }
    }
}
