import Testing
@testable import CourierSpec

@Suite struct PaginationCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func validPaginationsAndResponseHeaders() {
        #expect(diagnostics(Self.header + """
            pagination: link
            models:
              Hit: { path: String }
              Search: { items: [Hit], next: String? }
            endpoints:
              list:
                get: /items
                response: [Hit]
                pagination: true
                responseHeaders: { ETag: String?, X-RateLimit-Remaining: Int }
              pages:
                get: /pages
                query: { page: Int? }
                response: [Hit]
                pagination: { style: page, parameter: page }
              search:
                get: /search
                query: { cursor: String? }
                response: Search
                pagination: { style: cursor, parameter: cursor, cursor: next, items: items }
            """) == [])
    }

    @Test func mistakes() {
        #expect(diagnostics(Self.header + """
            models:
              Search: { items: [String], next: Int? }
            endpoints:
              list:
                get: /items
                response: [String]
                pagination: true
                responseHeaders: { "Bad Name": String, X-Count: Date }
              pages:
                get: /pages
                response: Search
                pagination: { style: page, parameter: page }
              search:
                get: /search
                query: { cursor: Int? }
                response: Search
                pagination: { style: cursor, parameter: cursor, cursor: next, items: itemz }
              odd:
                get: /odd
                response: [String]
                pagination: pages
            """) == [
            "9:17: error: `pagination: true` on endpoint 'list' takes the top-level `pagination:` style, but this spec "
                + "has none; write the style here (`pagination: link`) or add one at the top level",
            "10:24: error: response header name 'Bad Name' is not an HTTP field name: U+0020 is not allowed (only "
                + "letters, digits and !#$%&'*+-.^_`|~)",
            "10:53: error: response header 'X-Count' of endpoint 'list' has type 'Date'; headers are read as Bool, "
                + "Double, Int, Int32, Int64, String",
            "14:17: error: endpoint 'pages' answers with 'Search', so its pagination needs `items:`, the field holding "
                + "each page's list",
            "14:43: error: `parameter` 'page' of the pagination of endpoint 'pages' is not one of its query parameters",
            "17:22: error: query parameter 'cursor' of endpoint 'search' carries the cursor, so it must be a String",
            "19:61: error: `cursor` of the pagination of endpoint 'search' must name a String field of the response",
            "19:74: error: `items` of the pagination of endpoint 'search' must name a list field of 'Search', such as "
                + "items; did you mean 'items'?",
            "23:17: error: unknown pagination style 'pages' for `pagination` of endpoint 'odd' (use link, page, cursor); did you mean 'page'?",
        ])
    }
}
