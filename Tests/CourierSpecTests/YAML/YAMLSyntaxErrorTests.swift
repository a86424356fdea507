import Testing
@testable import CourierSpec

@Suite struct YAMLSyntaxErrorTests {
    @Test func parserErrorPointsAtTheProblemWithContextNote() {
        let result = yaml("""
            service: A
            models:
              - Pet
              Owner: {}
            """)
        #expect(result.root == nil)
        #expect(result.diagnostics == [
            "4:3: error: YAML syntax error: did not find expected '-' indicator",
            "3:3: note: while parsing a block collection that starts here",
        ])
    }

    @Test func scannerErrorPointsAtTheBrokenToken() {
        let result = yaml("""
            service: A
            summary: "unterminated
            """)
        #expect(result.diagnostics == [
            "2:10: error: YAML syntax error: found unexpected end of stream",
            "2:23: note: the problem was found here",
        ])
    }

    @Test func collectionDefaultInShortFormExplainsTheLongForm() {
        let result = yaml("""
            service: A
            models:
              Pet:
                id: Int
                tags: [URL] = []
            """)
        #expect(result.diagnostics == [
            "5:17: error: YAML syntax error: did not find expected key",
            "4:5: note: while parsing a block mapping that starts here",
            "5:11: note: collection defaults need the long form: { type: \"[URL]\", default: [] }",
        ])
    }

    @Test func optionalListTypeInFlowMappingExplainsQuoting() {
        let result = yaml("""
            service: A
            models:
              Pet: { id: Int, tags: [String]? }
            """)
        #expect(result.diagnostics == [
            "3:33: error: YAML syntax error: did not find expected ',' or '}'",
            "3:8: note: while parsing a flow mapping that starts here",
            "3:25: note: optional types inside a flow mapping `{ … }` are read by YAML as key indicators; "
                + "use a block mapping (one field per line) or quote the type: \"[String]?\"",
        ])
    }

    @Test func optionalListTypeInBlockMappingExplainsQuoting() {
        let result = yaml("""
            service: A
            models:
              Pet:
                tags: [String]?
            """)
        #expect(result.diagnostics == [
            "4:19: error: YAML syntax error: mapping keys are not allowed in this context",
            "4:11: note: YAML reads a leading `[` as a list and `?` as a key indicator; quote the type: \"[String]?\"",
        ])
    }

    @Test func emptyKeyInFlowMappingIsTheOptionalKeyIndicator() {
        // What `{ id: Int? }` gives with libyaml before 0.2 (which ends plain scalars at `?`
        // in flow context), and what a stray `?` gives today.
        let result = yaml("""
            service: A
            models:
              Pet: { id: Int, ? }
            """)
        #expect(result.diagnostics == [
            "3:14: error: optional types inside a flow mapping `{ … }` are read by YAML as key indicators; "
                + "use a block mapping (one field per line) or quote the type: \"Int?\"",
        ])
    }

    @Test func optionalScalarTypeInFlowMappingReadsFine() {
        let (root, problems) = yaml("q: { limit: Int?, offset: Int }")
        #expect(problems.isEmpty)
        #expect(root?["q"]?["limit"]?.scalar?.text == "Int?")
    }
}
