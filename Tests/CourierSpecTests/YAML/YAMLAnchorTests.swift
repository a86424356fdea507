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

    @Test func aliasExpansionIsCappedByTheFilesSize() {
        // A "billion laughs": each level repeats the previous one ten times.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...7 {
            let previous = "*a\(level - 1)"
            lines.append("a\(level): &a\(level) [" + Array(repeating: previous, count: 10).joined(separator: ", ") + "]")
        }
        let result = yaml(lines.joined(separator: "\n"))
        #expect(result.root == nil)
        // 10 000 nodes plus 8 × the 19 the file spells out by then are allowed; a1's aliases add 10 × 11
        // nodes, a2's 10 × 111, and a3's aliases of a2 1 111 each: the ninth crosses the line.
        #expect(result.diagnostics == [
            "4:50: error: alias *a2 makes this file's aliases expand to 11219 nodes, more than the 10152 allowed "
                + "for a file of its size; aliases nested in anchored content grow exponentially, so flatten the anchors",
        ])
    }

    @Test func aliasExpansionCountsText() {
        let long = String(repeating: "y", count: 4_000)
        var lines = ["a0: &a0 [\(long), \(long)]"]
        lines.append("a1: &a1 [" + Array(repeating: "*a0", count: 10).joined(separator: ", ") + "]")
        lines.append("a2: &a2 [" + Array(repeating: "*a1", count: 10).joined(separator: ", ") + "]")
        let diagnostics = yaml(lines.joined(separator: "\n")).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("3:") == true)
        #expect(diagnostics.first?.contains("bytes of text, more than the") == true)
    }

    @Test func ordinaryReuseThroughAliasesIsAccepted() {
        var lines = ["x-shared: &page { limit: Int?, offset: Int?, sort: String?, order: String? }"]
        for index in 0..<2_000 { lines.append("e\(index): { query: *page }") }
        let result = yaml(lines.joined(separator: "\n"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.root?["e1999"]?["query"]?.pairs?.count == 4)
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
