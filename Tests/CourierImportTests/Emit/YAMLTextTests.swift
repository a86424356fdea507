import CourierSpec
import Testing
@testable import CourierImport

/// Scalars, quoting and long text: whatever is written reads back as the same text.
@Suite struct YAMLTextTests {
    /// The text of `key` in a one-entry YAML document, read with Courier's reader.
    private func readBack(_ lines: [String]) -> String? {
        let (root, diagnostics) = YAMLReading.document(Array(lines.joined(separator: "\n").utf8), file: "t.yaml")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return root?.pairs?.first?.value.scalar?.text
    }

    static let texts: [String] = [
        "plain", "two words", "a: b", "a #b", "- dash", "-1", "1.5", "true", "null", "~", "yes", "off", "", "'quoted'",
        "\"double\"", "back\\slash", "[list]", "{map}", "key:", "%percent", "@at", "`tick`", "tab\there", "é ü ✓",
        "control \u{7} bell", "0x1F", "12:30", "1_000", " leading space", "trailing space ", "...", "---",
    ]

    @Test func scalarsReadBackAsTheSameText() {
        for text in Self.texts {
            #expect(readBack(["key: " + YAMLText.scalar(text)]) == text, "\(text)")
            let (root, _) = YAMLReading.document(Array(("key: { inner: " + YAMLText.scalar(text, flow: true) + " }").utf8), file: "t.yaml")
            #expect(root?.pairs?.first?.value.pairs?.first?.value.scalar?.text == text, "flow \(text)")
        }
    }

    @Test func textThatReadsAsSomethingElseIsQuotedAndPlainTextIsNot() {
        #expect(YAMLText.scalar("plain words") == "plain words")
        #expect(YAMLText.scalar("true") == "\"true\"")
        #expect(YAMLText.scalar("12") == "\"12\"")
        #expect(YAMLText.scalar("12", isText: false) == "12")
        #expect(YAMLText.scalar("a, b", flow: true) == "\"a, b\"")
        #expect(YAMLText.scalar("say \"hi\"") == "say \"hi\"")
        #expect(YAMLText.scalar("\"hi\" she said") == "'\"hi\" she said'")
        #expect(YAMLText.scalar("bell\u{7}") == "\"bell\\x07\"")
    }

    static let paragraphs: [String] = [
        String(repeating: "A long sentence that goes on. ", count: 12).trimmingCharacters(in: .whitespaces),
        "First paragraph line one\nline two of it\n\nSecond paragraph.",
        "Intro:\n\n    indented code line\n    another\n\nAfter the code.",
        "- item one\n- item two\n  continued\n\n\n\nAfter three blank lines.",
        " starts with a space\nand goes on",
        String(repeating: "x", count: 150) + " tail",
        "| table | header |\n|" + String(repeating: "-", count: 140) + "|\n| a | b |",
        "Line with trailing spaces kept inside: a  b   c " + String(repeating: "word ", count: 30) + "end",
        "tab\tinside and \"quotes\" and 'single' and \\ backslash " + String(repeating: "more ", count: 30),
        String(repeating: "     indented long line with words that goes past the width ", count: 3),
    ]

    @Test func longTextReadsBackExactlyAndKeepsLinesShort() {
        for text in Self.paragraphs {
            for indent in [0, 4, 10] {
                let lines = YAMLText.entry("description", text, indent: indent)
                let document = lines.map { String($0.dropFirst(indent)) }
                #expect(readBack(document) == text, "\(text.prefix(40))… at \(indent)")
                for line in lines { #expect(line.count <= YAMLText.width, "\(line)") }
            }
        }
    }

    @Test func shortTextStaysOnOneLineAndMultiLineTextIsALiteralBlock() {
        #expect(YAMLText.entry("summary", "Short.", indent: 2) == ["  summary: Short."])
        #expect(YAMLText.entry("description", "One\n\nTwo", indent: 0) == ["description: |-", "  One", "", "  Two"])
        #expect(YAMLText.entry("description", " lead\nx", indent: 0).first == "description: |2-")
    }

    @Test func wrappingCutsAtSingleSpacesOnly() {
        #expect(YAMLText.wrap("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        #expect(YAMLText.wrap("aaa  bbb ccc", width: 7) == ["aaa  bbb", "ccc"])
        #expect(YAMLText.wrap(String(repeating: "z", count: 10), width: 4) == [String(repeating: "z", count: 10)])
    }
}
