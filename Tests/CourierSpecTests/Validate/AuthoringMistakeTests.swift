import Testing
@testable import CourierSpec

/// Mistakes spec authors make that deserve a message saying what to write instead.
@Suite struct AuthoringMistakeTests {
    @Test func documentationInAShortFormModelSuggestsTheLongForm() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                summary: A pet in the store.
                deprecated: true
                id: Int
              Note:
                summary: String
                description: "String?"
            """) == [
            "4:5: error: `summary:` among the fields of model 'Pet' reads as a field named 'summary'; to document the "
                + "model, use the long form and put its fields under `fields:`, next to `summary:`",
            "5:5: error: `deprecated:` among the fields of model 'Pet' reads as a field named 'deprecated'; to document "
                + "the model, use the long form and put its fields under `fields:`, next to `deprecated:`",
        ])
    }

    @Test func aSpecWithoutBaseURLIsFineWithoutEndpointsAndNamesBaseURLWithThem() {
        #expect(diagnostics("service: A\nmodels:\n  Pet: { id: Int }\n") == [])
        #expect(diagnostics("service: A\nendpoints:\n  pets: { get: /pets }\n") == [
            "2:1: error: a spec with endpoints needs `baseURL:`, such as `baseURL: https://api.example.com/v1`",
        ])
    }

    @Test func voidResponseSuggestsEmpty() {
        #expect(diagnostics("""
            service: A
            baseURL: https://api.example.com
            endpoints:
              ping: { post: /ping, response: Void }
            """) == [
            "4:34: error: unknown type 'Void' in the response of endpoint 'ping'; for a response without content "
                + "write `Empty` (or leave `response:` out)",
        ])
    }

    @Test func colonInsideUnquotedTextNotesToQuoteIt() {
        #expect(diagnostics("""
            service: A
            summary: Note: the v2 API
            """) == [
            "2:14: error: YAML syntax error: mapping values are not allowed in this context",
            #"2:10: note: a `: ` inside unquoted text starts a mapping in YAML; quote the text: "Note: the v2 API""#,
        ])
    }

    @Test func syntaxErrorsInLaterTopLevelEntriesAreReportedToo() {
        #expect(diagnostics("""
            service: A
            summary: Note: the v2 API
            description: fine
            models:
              Pet:
                tags: [URL] = []
            endpoints: { a: [ }
            """) == [
            "2:14: error: YAML syntax error: mapping values are not allowed in this context",
            #"2:10: note: a `: ` inside unquoted text starts a mapping in YAML; quote the text: "Note: the v2 API""#,
            "6:17: error: YAML syntax error: did not find expected key",
            "6:5: note: while parsing a block mapping that starts here",
            #"6:11: note: collection defaults need the long form: { type: "[URL]", default: [] }"#,
            "7:19: error: YAML syntax error: did not find expected node content",
        ])
    }

    @Test func atMostTenSyntaxErrorsAreReportedPerFile() {
        let source = (0..<12).map { "k\($0): Note: \($0)" }.joined(separator: "\n")
        let found = diagnostics(source)
        #expect(found.filter { $0.contains("error: YAML syntax error") }.count == 10)
        #expect(found.contains("11:10: note: more YAML syntax errors may follow; fix these and run again"), "\(found)")
    }
}
