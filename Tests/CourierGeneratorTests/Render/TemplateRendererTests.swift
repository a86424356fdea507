@testable import CourierGenerator
import CourierSpec
import Mustache
import Testing

@Suite struct TemplateRendererTests {
    @Test func everyStoredPropertyOfTheRenderModelIsVisibleToTemplates() throws {
        let translated = Translator(readFile: PetstoreFixture.readFile).translate([PetstoreFixture.spec])
        let model = try #require(translated.models.first)
        var values: [any MustacheParent] = [model]
        values += model.environments as [any MustacheParent]
        values += model.headers as [any MustacheParent]
        values += model.errorEnvelope as [any MustacheParent]
        values += model.errorEnvelope.flatMap { $0.bodies + $0.statusBodies } as [any MustacheParent]
        values += model.errorEnvelope.flatMap { $0.codeEvents + $0.statusEvents + $0.headerEvents } as [any MustacheParent]
        values += model.authSchemes as [any MustacheParent]
        values += model.models as [any MustacheParent]
        values += model.models.flatMap(\.object) as [any MustacheParent]
        values += model.models.flatMap(\.object).flatMap(\.fields) as [any MustacheParent]
        values += model.models.flatMap(\.enumeration) as [any MustacheParent]
        values += model.models.flatMap(\.enumeration).flatMap(\.cases) as [any MustacheParent]
        values += model.endpoints as [any MustacheParent]
        values += model.endpoints.flatMap(\.parameters) as [any MustacheParent]
        values += model.endpoints.flatMap { $0.pathItems + $0.queryItems } as [any MustacheParent]
        values += model.endpoints.flatMap(\.rawBody) as [any MustacheParent]
        let media = MediaRender(typeName: "M", functionName: "f", choices: [
            MediaChoiceRender(name: "raw", acceptLiteral: #""a/b""#, valueType: "Data", decoding: .data, acceptText: "a/b"),
        ])
        values += [media] as [any MustacheParent]
        let union = UnionRender(
            typeName: "U", docs: [], attributes: [], discriminatorKey: [], discriminatorName: "",
            cases: [UnionCaseRender(name: "a", type: "String", wireValueLiteral: #""a""#, docs: [])], mismatchLiteral: #""""#)
        values += [union, ModelRender(union: union)] as [any MustacheParent]
        values += union.cases as [any MustacheParent]
        let headers = ResponseHeadersRender(typeName: "H", endpointName: "f", fields: [
            ResponseHeaderFieldRender(name: "eTag", valueType: "String", headerName: "ETag", headerNameLiteral: #""ETag""#),
        ])
        let pagination = PaginationRender(
            style: .cursor, parameterLiteral: [#""cursor""#], cursorProperty: ["next"], itemType: "Int", itemsProperty: ["items"],
            stopsAtEmptyPage: false)
        var stream = StreamRender(format: .serverSentEvents, streamType: "ServerSentEventStream<Int>", elementType: "Int")
        (stream.terminatorLiteral, stream.idleTimeout, stream.maximumElementSize) = ([#""[DONE]""#], [".seconds(1)"], [1])
        let events = EventUnionRender(
            typeName: "E", endpointName: "f", cases: [EventCaseRender(name: "a", type: "A", eventLiteral: #""a""#, eventName: "a")])
        let multipart = MultipartBodyRender(parts: [
            MultipartPartRender(kind: .file, keyLiteral: #""f""#, name: "f", isOptional: true, isList: true, contentTypeLiteral: []),
        ])
        values += [headers, pagination, stream, events, multipart] as [any MustacheParent]
        values += (events.cases as [any MustacheParent]) + (multipart.parts as [any MustacheParent])
        values += headers.fields as [any MustacheParent]
        values += media.choices as [any MustacheParent]
        values += model.samples as [any MustacheParent]
        values += model.samples.flatMap(\.responses) as [any MustacheParent]
        values += model.sampleBodies as [any MustacheParent]
        #expect(!model.sampleBodies.isEmpty && model.samples.contains { !$0.responses.isEmpty })
        for value in values {
            for child in Mirror(reflecting: value).children {
                let label = try #require(child.label)
                #expect(value.child(named: label) != nil, "\(type(of: value)).\(label) is not exposed to templates")
            }
        }
    }

    @Test func textIsNotHTMLEscaped() throws {
        let spec = Build.spec(models: [Build.object("Box", [Build.field("items", "[String: [Int]]")])])
        let models = try #require(try Rendering.render([spec]).files["petstore.Models.swift"])
        #expect(models.contains("public var items: [String: [Int]]"))
        #expect(!models.contains("&"))
    }

    @Test func aCustomDirectoryReplacesTemplatesOneByOne() throws {
        let custom = try TemporaryDirectory()
        defer { custom.remove() }
        try custom.write("Client.mustache", "{{% CONTENT_TYPE: TEXT}}\n{{> Header}}\n// custom client for {{namespace}} & co\n")
        let set = try TemplateSet.load(custom: custom.path, defaults: Rendering.templatesDirectory)
        var model = try #require(Translator(readFile: PetstoreFixture.readFile).translate([PetstoreFixture.spec]).models.first)
        // Sharded, so the Client file holds the Client template alone (compact adds the methods).
        let layout = SpecLayout(shape: .sharded(16), outline: model.outline)
        model.layout = layout
        let files = try TemplateRenderer(templates: set).render(model)
        #expect(files.map(\.name) == OutputLayout.outputFileNames(forSpec: "petstore.courier.yaml", layout: layout))
        let client = files.first { $0.name == "petstore.Client.swift" }
        #expect(client?.contents == "// Generated by Courier from petstore.courier.yaml. Do not edit.\n// custom client for Petstore & co\n")
        #expect(files[0].contents.contains("public enum Petstore {"))
    }

    @Test func missingAndBrokenTemplatesAreErrors() throws {
        let custom = try TemporaryDirectory()
        defer { custom.remove() }
        #expect(throws: RenderError.self) { try TemplateSet.load(custom: custom.path, defaults: nil) }
        #expect(throws: RenderError.self) { try TemplateSet.load(custom: custom.path + "/nope", defaults: Rendering.templatesDirectory) }
        var texts = try TemplateSet.load(custom: nil, defaults: Rendering.templatesDirectory).texts
        texts["Models"] = "{{#models}}\nunclosed\n"
        #expect(throws: RenderError.self) { try TemplateRenderer(templates: TemplateSet(texts: texts)) }
    }
}
