import CourierGenerator
import CourierSpec
import Testing

@Suite struct PaginationSnippetTests {
    @Test func paginatedEndpointsGetPagesAndItemsAndHeadersAStruct() throws {
        let loaded = SpecLoader().load(source: """
            service: Hub
            baseURL: https://api.example.com
            models:
              Hit: { path: String }
              Search: { hits: "[Hit]?", next: String? }
            endpoints:
              search:
                get: /search
                query: { cursor: String? }
                response: Search
                pagination: { style: cursor, parameter: cursor, cursor: next, items: hits }
                responseHeaders: { X-RateLimit-Remaining: Int, ETag: String? }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty)
        let client = try #require(files["snippet.Client.swift"])
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        for line in [
            "public func searchPages(cursor: String? = nil, maxPages: Int? = nil) -> Pages<Hub.Search, Hub.Hit> {",
            #"style: .cursor(parameter: "cursor") { $0.next },"#,
            "items: { $0.hits ?? [] }",
            "public func searchItems(cursor: String? = nil, maxPages: Int? = nil) -> PageItems<Hub.Search, Hub.Hit> {",
            // One parameter, so the result tuple is where the line breaks.
            "public func searchWithHeaders(cursor: String? = nil) async throws -> (\n        value: Hub.Search,\n"
                + "        headers: Hub.SearchHeaders\n    ) {",
        ] {
            #expect(client.contains(line), "missing \(line)")
        }
        for line in [
            "public struct SearchHeaders: Sendable, Hashable {", "public var xRateLimitRemaining: Optional<Int>",
            #"self.xRateLimitRemaining = response.headerValue("X-RateLimit-Remaining", as: Int.self)"#,
            #"self.eTag = response.headerValue("ETag")"#,
        ] {
            #expect(endpoints.contains(line), "missing \(line)")
        }
    }
}
