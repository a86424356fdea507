import Testing
@testable import CourierSpec

@Suite struct YAMLDocumentReaderTests {
    @Test func nodesCarryFileLineAndColumn() throws {
        let (root, problems) = yaml("""
            service: Petstore
            models:
              Pet:
                id: Int
                tags: [String]
            """)
        #expect(problems.isEmpty)
        let pet = try #require(root?["models"]?["Pet"])
        #expect(pet.position == "4:5")
        #expect(pet.location.file == testFile)
        let pair = try #require(pet.pairs?.first)
        #expect(pair.key == "id")
        #expect("\(pair.keyLocation.line):\(pair.keyLocation.column)" == "4:5")
        #expect(pair.value.position == "4:9")
        let tags = try #require(pet["tags"])
        #expect(tags.position == "5:11")
        #expect(tags.items?.first?.position == "5:12")
    }

    @Test func scalarsKeepTheirStyle() throws {
        let (root, _) = yaml("""
            plain: 1
            single: '1'
            double: "1"
            tagged: !!str 1
            block: |
              text
            empty:
            """)
        let root0 = try #require(root)
        #expect(root0["plain"]?.scalar == YAMLScalar(text: "1", style: .plain))
        #expect(root0["single"]?.scalar == YAMLScalar(text: "1", style: .quoted))
        #expect(root0["double"]?.scalar == YAMLScalar(text: "1", style: .quoted))
        #expect(root0["tagged"]?.scalar == YAMLScalar(text: "1", style: .quoted))
        #expect(root0["block"]?.scalar == YAMLScalar(text: "text\n", style: .block))
        #expect(root0["empty"]?.isNull == true)
    }

    @Test func mappingsKeepKeyOrder() throws {
        let (root, _) = yaml("""
            zebra: 1
            apple: 2
            mango: { b: 1, a: 2 }
            """)
        #expect(root?.pairs?.map(\.key) == ["zebra", "apple", "mango"])
        #expect(root?["mango"]?.pairs?.map(\.key) == ["b", "a"])
    }

    @Test func emptyFileIsAnError() {
        #expect(yaml("").diagnostics == ["1:1: error: the spec file is empty; a spec needs at least `service:`"])
    }

    @Test func fileWithOnlyCommentsIsEmpty() {
        #expect(yaml("# nothing yet\n").diagnostics == ["1:1: error: the spec file is empty; a spec needs at least `service:`"])
    }

    @Test func severalDocumentsAreAnError() {
        let result = yaml("""
            service: A
            ---
            service: B
            """)
        #expect(result.diagnostics == [
            "2:1: error: a spec file holds one YAML document; remove this second one (or the `---` above it)",
        ])
    }

    @Test func nonMappingRootIsAnError() {
        let result = yaml("""
            - service: A
            - service: B
            """)
        #expect(result.root == nil)
        #expect(result.diagnostics == [
            "1:1: error: the top level of a spec must be a mapping of keys such as `service:`, found a list",
        ])
    }

    @Test func scalarRootIsAnError() {
        #expect(yaml("just text").diagnostics == [
            "1:1: error: the top level of a spec must be a mapping of keys such as `service:`, found text",
        ])
    }

    @Test func duplicateKeyIsAnErrorAtTheSecondKey() {
        let result = yaml("""
            service: A
            models:
              Pet: {}
              Owner: {}
              Pet: { id: Int }
            """)
        #expect(result.diagnostics == ["5:3: error: duplicate key 'Pet' (first at line 3)"])
        #expect(result.root?["models"]?.pairs?.map(\.key) == ["Pet", "Owner"])
    }

    @Test func duplicateKeyInFlowMapping() {
        #expect(yaml("a: { x: 1, x: 2 }").diagnostics == ["1:12: error: duplicate key 'x' (first at line 1)"])
    }

    @Test func nonTextKeyIsAnError() {
        #expect(yaml("? [a, b]\n: 1\nc: 2").diagnostics == ["1:3: error: mapping keys must be text, found a list"])
    }

    @Test func invalidUTF8IsReportedWhereItIs() {
        var bytes = Array("a: 1\nb: ".utf8)
        bytes += [0xFF, 0x0A]
        var log = DiagnosticLog()
        _ = YAMLDocumentReader.read(bytes, file: testFile, log: &log)
        #expect(log.sorted().map(\.brief) == ["2:4: error: YAML syntax error: invalid leading UTF-8 octet"])
    }

    @Test func deepNestingIsRejected() {
        let source = "a: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(yaml(source).diagnostics == ["1:131: error: YAML nesting is deeper than 128 levels"])
    }
}
