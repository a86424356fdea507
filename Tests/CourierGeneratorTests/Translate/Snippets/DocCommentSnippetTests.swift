import CourierGenerator
import CourierSpec
import Testing

/// Text from a spec becomes doc comments, never code: line breaks of every kind (`\n`, `\r\n`,
/// `\r`) start a new `///` line, in summaries and descriptions and in the names the generated
/// docs quote (union case values, discriminators, API key names), and no carriage return is left.
@Suite struct DocCommentSnippetTests {
    @Test func lineBreaksInSpecTextStayInsideDocComments() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Dc
            baseURL: https://api.example.com
            auth: key
            authSchemes:
              key: { type: apiKey, in: query, name: "k\\nlet injected1 = 1" }
            models:
              Pet:
                summary: "First line.\\r\\nlet injected2 = 1"
                description: "one\\rlet injected3 = 1"
                fields:
                  name: { type: String, summary: "a\\r\\nlet injected4 = 1" }
              User: { kind: { type: String, key: "ki\\r\\nnd" }, login: String }
              Bot: { kind: { type: String, key: "ki\\r\\nnd" }, login: String }
              Actor:
                union:
                  discriminator: "ki\\r\\nnd"
                  cases: { "user\\nlet injected5 = 1": User, "bot\\r\\nlet injected6 = 1": Bot }
            endpoints:
              getPet:
                get: /pet
                query: { q: { type: String?, summary: "q\\r\\nlet injected7 = 1" } }
                response: Pet
                summary: "x\\r\\nlet injected8 = 1"
            """)
        // Split as the compiler ends a `//` comment: at `\n` and at `\r`.
        let lines = files.values.joined(separator: "\n").unicodeScalars.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" }
            .map { String(String.UnicodeScalarView($0)).trimmingPrefix(while: { $0 == " " }) }
        for number in 1...8 {
            #expect(lines.contains { $0.contains("injected\(number)") }, "injected\(number) is nowhere in the generated code")
            #expect(!lines.contains { $0.hasPrefix("let injected\(number)") }, "injected\(number) became code")
        }
        #expect(!files.values.joined().contains("\r"), "a carriage return is left in the generated code")
    }
}
