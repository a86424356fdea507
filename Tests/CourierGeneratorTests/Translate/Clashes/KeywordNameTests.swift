import Testing

/// Spec names that are Swift keywords (`default`, `in`) are backticked where they are declared,
/// and the generated code around them compiles.
@Suite struct KeywordNameTests {
    /// The companions of a keyword endpoint (`defaultPages`, `defaultWithHeaders`, …) are named
    /// after the plain name: `` `default`Pages `` is no identifier.
    @Test func aKeywordEndpointsCompanionsAreNamedAfterThePlainName() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Pg
            baseURL: https://api.example.com
            endpoints:
              default:
                get: /a
                query: { page: Int? }
                response: "[String]"
                pagination: { style: page, parameter: page }
                cache: localThenRemote
                responseHeaders: { ETag: String? }
            """)
        let client = files.filter { $0.key.contains("Client") }.values.joined()
        for declaration in [
            "public func `default`(page: Int? = nil)", "public func defaultWithHeaders(", "public func defaultPages(",
            "public func defaultItems(", "defaultPages(page: page, maxPages: maxPages).allItems", "public func defaultUpdates(",
            "``defaultPages(page:maxPages:)``",
        ] {
            #expect(client.contains(declaration), "missing \(declaration)")
        }
    }
}
