import Testing
@testable import CourierSpec

/// Values that must be one line refuse every line break: `\n`, `\r`, and `\r\n`, which Swift
/// reads as one `Character` equal to neither of the others.
@Suite struct LineBreakCheckTests {
    @Test(arguments: [#"\n"#, #"\r"#, #"\r\n"#])
    func lineBreaksOfEveryKindAreRefused(lineBreak: String) {
        let found = diagnostics("""
            service: A
            baseURL: https://api.example.com
            headers: { X-Client: "a\(lineBreak)b" }
            endpoints:
              getContent:
                get: /c
                fixedHeaders: { X-Fixed: "a\(lineBreak)b" }
                media:
                  json: { accept: "application/json\(lineBreak)x", response: String }
                samples:
                  204: { headers: { X-Empty: "a\(lineBreak)b" } }
              upload:
                post: /u
                multipart: { photo: { type: Data, contentType: "image/png\(lineBreak)x" } }
              events:
                get: /e
                stream: { events: { "a\(lineBreak)b": String } }
            """)
        // The messages quote the values; `⏎` stands for the line break, whichever it is.
        let shown = found.map { $0.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\r", with: "⏎")
            .replacingOccurrences(of: "\n", with: "⏎") }
        #expect(shown == [
            "3:12: error: the value of header 'X-Client' holds a line break or NUL",
            "7:21: error: the value of fixed header 'X-Fixed' of endpoint 'getContent' holds a line break or NUL",
            "9:23: error: `accept` of media type 'json' of endpoint 'getContent' must be a media type such as application/json, "
                + "found 'application/json⏎x'",
            "11:25: error: the value of sample header 'X-Empty' (status 204) of endpoint 'getContent' holds a line break or NUL",
            "14:52: error: `contentType` of multipart part 'photo' of endpoint 'upload' must be a media type such as image/png, "
                + "found 'image/png⏎x'",
            "17:25: error: event name 'a⏎b' of the stream of endpoint 'events' must be one line of text",
        ])
    }
}
