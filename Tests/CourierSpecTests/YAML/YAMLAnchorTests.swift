import Testing
@testable import CourierSpec

@Suite struct YAMLAnchorTests {
    @Test func aliasRepeatsTheAnchoredNode() throws {
        let (root, problems) = yaml("""
            base: &id { type: Int, summary: Identifier }
            pet: *id
            """)
        #expect(problems.isEmpty)
        let pet = try #require(root?["pet"])
        #expect(pet.pairs?.map(\.key) == ["type", "summary"])
        #expect(pet["type"]?.scalar?.text == "Int")
        // The copy keeps where the anchored node was written (a node starts at its anchor).
        #expect(pet.position == "1:7")
    }

    @Test func aliasOfScalar() {
        let (root, _) = yaml("""
            a: &name Petstore
            b: *name
            """)
        #expect(root?["b"]?.scalar?.text == "Petstore")
    }

    @Test func unknownAliasIsAnError() {
        #expect(yaml("a: *missing").diagnostics == [
            "1:4: error: unknown anchor 'missing': an alias (*missing) must come after its anchor (&missing)",
        ])
    }

    @Test func aliasExpansionIsCapped() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...7 {
            let previous = "*a\(level - 1)"
            lines.append("a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]")
        }
        let result = yaml(lines.joined(separator: "\n"))
        #expect(result.root == nil)
        // a1…a4 expand 123 340 nodes; a5's aliases add 111 111 each: the 8th passes a million.
        #expect(result.diagnostics == ["6:45: error: aliases expand to more than 1000000 nodes"])
    }

    @Test func mergeKeyWithOneMapping() throws {
        let (root, problems) = yaml("""
            base: &base { id: Int, created: Date }
            pet:
              <<: *base
              name: String
            """)
        #expect(problems.isEmpty)
        let pet = try #require(root?["pet"])
        #expect(pet.pairs?.map(\.key) == ["id", "created", "name"])
    }

    @Test func mergeKeyWithListOfMappingsEarlierWins() throws {
        let (root, problems) = yaml("""
            a: &a { id: Int, name: String }
            b: &b { name: Data, extra: Bool }
            c:
              <<: [*a, *b]
            """)
        #expect(problems.isEmpty)
        let merged = try #require(root?["c"])
        #expect(merged.pairs?.map(\.key) == ["id", "name", "extra"])
        #expect(merged["name"]?.scalar?.text == "String")
    }

    @Test func explicitKeysOverrideMergedOnes() throws {
        let (root, problems) = yaml("""
            base: &base { id: Int, name: String }
            pet:
              name: Data
              <<: *base
            """)
        #expect(problems.isEmpty)
        let pet = try #require(root?["pet"])
        #expect(pet.pairs?.map(\.key) == ["name", "id"])
        #expect(pet["name"]?.scalar?.text == "Data")
        #expect(pet["name"]?.position == "3:9")
    }

    @Test func mergeOfNonMappingIsAnError() {
        #expect(yaml("a:\n  <<: text\n  b: 1").diagnostics == [
            "2:7: error: merge key '<<' takes a mapping or a list of mappings, found text",
        ])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() {
        let (root, _) = yaml("a: { '<<': 1 }")
        #expect(root?["a"]?.pairs?.map(\.key) == ["<<"])
    }
}
