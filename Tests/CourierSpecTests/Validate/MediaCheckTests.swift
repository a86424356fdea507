import Testing
@testable import CourierSpec

@Suite struct MediaCheckTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func fixedHeadersAndMediaAreRead() throws {
        let parsed = try spec(Self.header + """
            endpoints:
              getContent:
                get: /contents
                fixedHeaders: { X-Api-Version: "2022-11-28" }
                media:
                  json: { accept: application/json, response: "[String: Int]" }
                  raw: { accept: application/octet-stream, response: Data }
            """)
        let endpoint = try #require(parsed.endpoints.first)
        #expect(endpoint.fixedHeaders.map(\.value.name) == ["X-Api-Version"])
        #expect(endpoint.media.map(\.name.value) == ["json", "raw"])
        #expect(endpoint.media.map(\.accept.value) == ["application/json", "application/octet-stream"])
        #expect(endpoint.media.last?.response?.value == .named("Data"))
    }

    @Test func mistakesInMediaAndFixedHeaders() {
        #expect(diagnostics(Self.header + """
            endpoints:
              getContent:
                get: /contents
                response: String
                headers: { Accept: String? }
                fixedHeaders: { Accept: text/html, "X Bad": a }
                media:
                  json: { accept: json, response: Pett }
                  raw: { response: Data }
                  html: { accept: text/html }
            """) == [
            "6:15: error: endpoint 'getContent' has both `response:` and `media:` (line 10); with `media:` each media "
                + "type declares its own response, so remove `response:`",
            "8:21: error: fixed header 'Accept' of endpoint 'getContent' is also a header parameter (line 7); keep one of them",
            "8:21: error: fixed header 'Accept' of endpoint 'getContent' conflicts with `media:` (line 10), which sends "
                + "the Accept of the media type the caller picks",
            "8:40: error: fixed header name 'X Bad' is not an HTTP field name: U+0020 is not allowed (only letters, "
                + "digits and !#$%&'*+-.^_`|~)",
            "10:23: error: `accept` of media type 'json' of endpoint 'getContent' must be a media type such as "
                + "application/json, found 'json'",
            "10:39: error: unknown type 'Pett' in the response of media type 'json' of endpoint 'getContent'",
            "11:7: error: media type 'raw' in `media` of endpoint 'getContent' needs `accept:`, the media type it asks "
                + "for (such as application/json)",
            "12:7: error: media type 'html' in `media` of endpoint 'getContent' needs `response:`, the type its answer "
                + "decodes to (Data for raw bytes)",
        ])
    }
}
