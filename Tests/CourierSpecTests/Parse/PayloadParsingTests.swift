import Testing
@testable import CourierSpec

/// `body: File`, `response: File` and `multipart:` as the parser reads them.
@Suite struct PayloadParsingTests {
    /// Two lines; the test sources continue on line 3.
    private static let header = "service: A\nbaseURL: https://api.example.com\n"

    @Test func fileBodyAndFileResponse() throws {
        let parsed = try spec(Self.header + """
            endpoints:
              upload:
                put: /files/{name}
                path: { name: String }
                body: File
              download:
                get: /files/{name}
                path: { name: String }
                response: File
            """)
        guard case .file(let location) = parsed.endpoints[0].body else {
            Issue.record("expected a file body, got \(String(describing: parsed.endpoints[0].body))")
            return
        }
        #expect((location.line, location.column) == (7, 11))
        #expect(parsed.endpoints[1].response?.value.isFile == true)
        #expect(parsed.endpoints[1].body == nil)
    }

    @Test func multipartPartsKeepTheirOrderTypesAndSettings() throws {
        let parsed = try spec(Self.header + """
            models:
              Meta: { title: String }
            endpoints:
              addPhoto:
                post: /photos
                multipart:
                  caption: String?
                  meta: Meta
                  photo: { type: File, contentType: image/png, key: photo_file, summary: The picture. }
                  extras: "[File]?"
                  token: { type: String, sensitive: true }
            """)
        guard case .multipart(let parts, let location) = parsed.endpoints[0].body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect((location.line, location.column) == (8, 5))
        #expect(parts.map(\.name.value) == ["caption", "meta", "photo", "extras", "token"])
        #expect(parts.map(\.type.value.description) == ["String?", "Meta", "File", "[File]?", "String"])
        #expect(parts.map(\.wireName) == ["caption", "meta", "photo_file", "extras", "token"])
        #expect(parts[2].contentType?.value == "image/png")
        #expect(parts[2].parameter.documentation.summary == "The picture.")
        #expect(parts.map(\.parameter.sensitive) == [false, false, false, false, true])
        #expect(parts.map { $0.type.value.isFilePartType } == [false, false, true, true, false])
    }

    @Test func misspelledPartKeysGetASuggestion() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /photos
                multipart:
                  photo: { type: File, contentTyp: image/png }
            """) == [
            "7:28: warning: unknown key 'contentTyp' in multipart part 'photo'; did you mean 'contentType'?",
        ])
    }

    @Test func contentTypeIsOnlyAPartKey() {
        #expect(diagnostics(Self.header + """
            endpoints:
              search:
                get: /search
                query:
                  q: { type: String, contentType: text/plain }
            """) == [
            "7:26: warning: unknown key 'contentType' in query parameter 'q'",
        ])
    }

    @Test func multipartTogetherWithAnotherBodyIsAnError() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /photos
                body: File
                multipart: { photo: File }
            """) == [
            "7:5: error: endpoint 'addPhoto' has both `body` and `multipart`; a request has one body: "
                + "`body`, `form`, `raw` or `multipart`",
        ])
    }

    @Test func multipartMustBeAMapping() {
        #expect(diagnostics(Self.header + """
            endpoints:
              addPhoto:
                post: /photos
                multipart: photo
            """) == [
            "6:16: error: multipart parts must be a mapping of name: Type, found text",
        ])
    }
}
