import CourierSpec
import Foundation
import Testing
@testable import CourierImport

/// Examples (read as YAML) written as JSON sample files.
@Suite struct JSONTextTests {
    private func json(_ yaml: String) throws -> String {
        let (root, diagnostics) = YAMLReading.document(Array(yaml.utf8), file: "example.yaml")
        #expect(diagnostics.isEmpty)
        let node = DocumentNode(yaml: try #require(root), file: "/example.yaml", pointer: "")
        return try #require(JSONText.render(node))
    }

    @Test func scalarsFollowYAMLsCoreSchema() throws {
        let text = try json("""
            int: 42
            negative: -7
            plus: +3
            zeros: 007
            float: 1.5
            dot: .5
            exponent: 2e3
            yes: true
            no: False
            nothing: null
            tilde: ~
            quoted: '42'
            word: off
            date: 2024-05-01
            escape: "a\\"b\\\\c\\n\\u0001"
            """)
        #expect(text == """
            {
              "int": 42,
              "negative": -7,
              "plus": 3,
              "zeros": 7,
              "float": 1.5,
              "dot": 0.5,
              "exponent": 2e3,
              "yes": true,
              "no": false,
              "nothing": null,
              "tilde": null,
              "quoted": "42",
              "word": "off",
              "date": "2024-05-01",
              "escape": "a\\"b\\\\c\\n\\u0001"
            }

            """)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    @Test func nestedValuesKeepTheirOrderAndEmptyOnesStayCompact() throws {
        #expect(try json("[{ b: 1, a: [] }, {}]") == "[\n  {\n    \"b\": 1,\n    \"a\": []\n  },\n  {}\n]\n")
    }
}
