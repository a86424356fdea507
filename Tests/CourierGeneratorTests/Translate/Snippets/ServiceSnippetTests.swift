import CourierGenerator
import CourierSpec
import Testing

@Suite struct ServiceSnippetTests {
    @Test func aSpecOfModelsWithoutBaseURLGenerates() throws {
        let loaded = SpecLoader().load(source: """
            service: Shared
            models:
              Money: { amount: Int, currency: String }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(files["snippet.Service.swift"]?.contains(#""http://localhost""#) == true)
        #expect(files["snippet.Models.swift"]?.contains("public struct Money:") == true)
    }
}

@Suite struct NamedWaresSnippetTests {
    @Test func namedWaresAreAStructSoAMissingOneDoesNotCompile() throws {
        let loaded = SpecLoader().load(source: """
            service: Shop
            baseURL: https://shop.example.com
            endpoints:
              pay: { post: /pay, wares: [signature, audit] }
              refund: { post: /refund, wares: audit }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, _) = try Rendering.render(loaded.specs)
        let client = try #require(files["snippet.Client.swift"])
        for line in [
            "public struct NamedWares: Sendable {", "public var audit: any Ware", "public var signature: any Ware",
            "public init(audit: any Ware, signature: any Ware) {", "public init(client: Client, namedWares: NamedWares) {",
            "request.wares += [namedWares.signature, namedWares.audit]", "request.wares += [namedWares.audit]",
        ] {
            #expect(client.contains(line), "missing \(line)")
        }
        #expect(!client.contains("MissingWare"))
    }

    @Test func withoutNamedWaresTheClientNeedsNone() throws {
        let loaded = SpecLoader().load(source: "service: Shop\nbaseURL: https://shop.example.com\n", file: "specs/snippet.courier.yaml")
        let (files, _) = try Rendering.render(loaded.specs)
        let client = try #require(files["snippet.Client.swift"])
        #expect(client.contains("public init(client: Client) {"))
        #expect(client.contains("self.namedWares = NamedWares()"))
    }
}

/// Timeouts finer than a millisecond keep what the spec wrote (`0.0004` was `.milliseconds(0)`,
/// a timeout that fired at once), and the generated code compiles.
@Suite struct DurationSnippetTests {
    @Test func subMillisecondTimeoutsArePrecise() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Fast
            baseURL: https://fast.example.com
            timeout: 0.0004
            endpoints:
              ping: { get: /ping, timeout: 0.0000005, cache: { policy: remoteOnly, ttl: 1.5ms } }
            """)
        let text = files.values.joined()
        for literal in ["timeout: .microseconds(400)", ".nanoseconds(500)", ".microseconds(1500)"] {
            #expect(text.contains(literal), "missing \(literal)")
        }
        #expect(!text.contains(".milliseconds(0)"))
    }
}
