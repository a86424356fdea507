import Testing
@testable import CourierSpec

/// Diagnostics about a placeholder point at it when the path is written as it reads, and at the
/// path's start when escapes or folding make the text differ from the source (they pointed at a
/// wrong column, past the end of the line for a folded path).
@Suite struct PathColumnTests {
    private static let header = "service: A\nbaseURL: https://api.example.com\nendpoints:\n  getPet:\n"
    private static let message = "error: placeholder '{idd}' in the path of endpoint 'getPet' has no parameter; declare it "
        + "under `path:`, such as `path: { idd: Int }`; did you mean 'id'?"

    /// The diagnostic about `{idd}` (the unused `id` has one of its own).
    private func placeholder(_ source: String) -> [String] {
        diagnostics(Self.header + source).filter { $0.contains("placeholder") }
    }

    @Test func aPlainPathPointsAtThePlaceholderCountingUnicodeScalars() {
        // `e` and a combining accent: one Character, two columns for libyaml.
        #expect(placeholder("    get: /cafe\u{301}/{idd}\n    path: { id: Int }\n") == ["5:17: " + Self.message])
        #expect(placeholder("    get: \"/pets/{idd}\"\n    path: { id: Int }\n") == ["5:17: " + Self.message])
    }

    @Test func anEscapedPathPointsAtItsStart() {
        #expect(placeholder("    get: \"/\\u0070ets/{idd}\"\n    path: { id: Int }\n") == ["5:11: " + Self.message])
        #expect(placeholder("    get: '/it''s/{idd}'\n    path: { id: Int }\n") == ["5:11: " + Self.message])
    }

    @Test func aFoldedPathPointsAtItsStart() {
        #expect(placeholder("    get: >-\n      /pets/\n      {idd}\n    path: { id: Int }\n") == [
            "5:10: " + Self.message,
        ])
        #expect(placeholder("    get: \"/pets/\n      {idd}\"\n    path: { id: Int }\n") == ["5:10: " + Self.message])
    }
}
