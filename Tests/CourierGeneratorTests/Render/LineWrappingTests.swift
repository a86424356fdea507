@testable import CourierGenerator
import Testing

/// The wrapping every generated file goes through after its templates.
@Suite struct LineWrappingTests {
    @Test func shortLinesStayAsTheyAre() {
        let text = "    public func get(id: Int) -> Pet {\n        fetch(id)\n    }\n"
        #expect(LineWrapping.wrap(text) == text)
    }

    @Test func aLongCallTakesOneArgumentPerLine() {
        let line = #"        var request = Request<[Issue]>(method: .get, path: "/repos/{owner}/{repo}/issues/{number}/timeline", name: "listTimeline", decoding: .snakeCaseJSON)"#
        #expect(LineWrapping.wrap(line).split(separator: "\n").map(String.init) == [
            "        var request = Request<[Issue]>(",
            "            method: .get,",
            #"            path: "/repos/{owner}/{repo}/issues/{number}/timeline","#,
            #"            name: "listTimeline","#,
            "            decoding: .snakeCaseJSON",
            "        )",
        ])
    }

    @Test func aLongSignatureKeepsItsEffectsAndBodyOnTheClosingLine() {
        let line = "    public func listIssuesPages(owner: String, repo: String, state: String? = nil, perPage: Int? = nil, maxPages: Int? = nil) -> Pages<[Hub.Issue], Hub.Issue> {"
        let wrapped = LineWrapping.wrap(line).split(separator: "\n").map(String.init)
        #expect(wrapped == [
            "    public func listIssuesPages(",
            "        owner: String,",
            "        repo: String,",
            "        state: String? = nil,",
            "        perPage: Int? = nil,",
            "        maxPages: Int? = nil",
            // The comma inside the generic arguments is not a place to break.
            "    ) -> Pages<[Hub.Issue], Hub.Issue> {",
        ])
    }

    @Test func commasInStringsClosuresAndGenericsDoNotCount() {
        let line = #"        let value = make("a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x", Dictionary<String, Int>(), { a, b in a + b }, "\(x, y)")"#
        let wrapped = LineWrapping.wrap(line).split(separator: "\n").map(String.init)
        #expect(wrapped == [
            "        let value = make(",
            #"            "a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x","#,
            "            Dictionary<String, Int>(),",
            "            { a, b in a + b },",
            #"            "\(x, y)""#,
            "        )",
        ])
    }

    @Test func nestedCallsAreWrappedAgainUntilTheyFit() {
        let line = "                AuthScheme(name: session, kind: .bearer, refresh: TokenRefresh(request: { refreshToken in Petstore.refreshToken(refreshToken: refreshToken) }, read: { TokenGrant(accessToken: $0.accessToken) })),"
        let wrapped = LineWrapping.wrap(line).split(separator: "\n").map(String.init)
        #expect(wrapped.allSatisfy { $0.count <= LineWrapping.limit }, "\(wrapped)")
        #expect(wrapped.first == "                AuthScheme(")
        #expect(wrapped.last == "                ),")
        #expect(wrapped.contains("                    refresh: TokenRefresh("))
        // Joined again without the line breaks, it is the same code.
        #expect(wrapped.joined().filter { $0 != " " } == line.filter { $0 != " " }.replacingOccurrences(of: ",)", with: ")"))
    }

    @Test func linesThatCannotBreakStayWhole() {
        let literal = "        let message = \"" + String(repeating: "x", count: 130) + "\""
        #expect(LineWrapping.wrap(literal) == literal)
        let raw = "let text = #\"" + String(repeating: "a, (b", count: 30) + "\"#"
        #expect(LineWrapping.wrap(raw) == raw)
    }

    @Test func multiLineStringContentIsLeftAlone() {
        let long = String(repeating: "{\"a\": [1, 2]}, ", count: 12)
        let text = "    static let sample = Data(#\"\"\"\n\(long)\n\"\"\"#.utf8)\n"
        #expect(LineWrapping.wrap(text) == text)
    }

    @Test func commentsBreakBetweenWordsAndListItemsContinueUnderTheirText() {
        let line = "    ///   - destination: Where to write the download (by way of a temporary file beside it); `nil`: a temporary file the caller removes."
        #expect(LineWrapping.wrap(line).split(separator: "\n").map(String.init) == [
            "    ///   - destination: Where to write the download (by way of a temporary file beside it); `nil`: a temporary file the",
            "    ///     caller removes.",
        ])
        let plain = "// " + Array(repeating: "word", count: 40).joined(separator: " ")
        let lines = LineWrapping.wrap(plain).split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("// ") && $0.count <= LineWrapping.limit })
    }

    @Test func wrappingIsStable() {
        let line = "    public func listIssuesPages(owner: String, repo: String, state: String? = nil, perPage: Int? = nil, maxPages: Int? = nil) -> Pages<[Hub.Issue], Hub.Issue> {"
        let once = LineWrapping.wrap(line)
        #expect(LineWrapping.wrap(once) == once)
    }
}
