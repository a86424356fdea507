import CourierGenerator
import CourierSpec
import Testing

/// `hashable: true`: models are `Equatable` unless asked for `Hashable`, and a hashable model
/// takes the models it holds with it.
@Suite struct HashableSnippetTests {
    private func models(_ yaml: String) throws -> String {
        let loaded = SpecLoader().load(source: yaml, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(files["snippet.Models.swift"])
    }

    private func diagnostics(_ yaml: String) -> [String] {
        SpecLoader().load(source: yaml, file: "specs/snippet.courier.yaml").diagnostics.map {
            "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
        }
    }

    @Test func modelsAreEquatableUnlessMarkedAndHeldModelsFollow() throws {
        let text = try models("""
            service: Shop
            models:
              Order:
                hashable: true
                lines: "[Line]"
                notes: "[String: Note]?"
              Line: { sku: String, price: Price }
              Price: { amount: Int }
              Note: { text: String }
              Cart:
                summary: A cart, Equatable only.
                fields: { lines: "[Line]" }
              Tagged:
                hashable: true
                fields: { kind: Kind }
              Kind:
                union: { cases: { line: Line, text: String } }
              Payment:
                union: { cases: { card: Card } }
              Card: { last4: String }
              Status:
                enum: [open, closed]
            """)
        for hashable in ["Order", "Line", "Price", "Note", "Tagged"] {
            #expect(text.contains("public struct \(hashable): Codable, Hashable, Sendable, FieldwiseEquatable {"), "\(hashable)")
        }
        for equatableOnly in ["Cart", "Card"] {
            #expect(text.contains("public struct \(equatableOnly): Codable, Sendable, FieldwiseEquatable {"), "\(equatableOnly)")
        }
        #expect(text.contains("public indirect enum Kind: Codable, Hashable, Sendable {"))
        #expect(text.contains("public indirect enum Payment: Codable, Equatable, Sendable {"))
        #expect(text.contains("public enum Status: Codable, Hashable, Sendable, RawRepresentable"))
    }

    @Test func aHashableUnionTakesItsCasesAndStreamEventsAreHashable() throws {
        let text = try models("""
            service: Feed
            baseURL: https://api.example.com
            models:
              Item:
                hashable: true
                union: { discriminator: type, cases: { post: Post } }
              Post: { type: String, body: String }
              Joined: { user: String }
              Left: { user: String }
            endpoints:
              room: { get: /room, stream: { events: { joined: Joined } } }
            """)
        #expect(text.contains("public indirect enum Item: Codable, Hashable, Sendable {"))
        #expect(text.contains("public struct Post: Codable, Hashable, Sendable, FieldwiseEquatable {"))
        // The event-name union `RoomEvent` is Hashable, so the models its events decode to are.
        #expect(text.contains("public struct Joined: Codable, Hashable, Sendable, FieldwiseEquatable {"))
        #expect(text.contains("public struct Left: Codable, Sendable, FieldwiseEquatable {"))
    }

    @Test func hashableTakesTrueOrFalseAndChangesNothingOnAnEnum() {
        #expect(diagnostics("""
            service: Shop
            models:
              Order:
                hashable: yes
                fields: { id: Int }
              Status:
                enum: [open]
                hashable: true
            """) == [
                "4:15: error: `hashable` of model 'Order' must be `true` or `false`, found 'yes'",
                "8:15: warning: `hashable` of model 'Status' changes nothing: enums are always Hashable",
            ])
    }

    @Test func aShortFormFieldNamedHashableIsStillAField() throws {
        let text = try models("""
            service: Shop
            models:
              Flags: { hashable: Bool, sorted: Bool }
            """)
        #expect(text.contains("public var hashable: Bool"))
        #expect(text.contains("public struct Flags: Codable, Sendable, FieldwiseEquatable {"))
    }
}
