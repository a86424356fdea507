import CourierGenerator
import CourierSpec
import Testing

@Suite struct UnionSnippetTests {
    private func models(_ yaml: String) throws -> String {
        let loaded = SpecLoader().load(source: yaml, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(files["snippet.Models.swift"])
    }

    @Test func aDiscriminatedUnionSwitchesOnItsFieldWithAnUnknownCase() throws {
        let text = try models("""
            service: Hub
            keys: snakeCase
            models:
              User: { kind_of_actor: String, login: String }
              Bot: { kind_of_actor: String, slug: String }
              Actor:
                union:
                  discriminator: kind_of_actor
                  cases: { user: User, "github-app": Bot }
            """)
        for line in [
            "public indirect enum Actor: Codable, Equatable, Sendable {",
            "case user(User)", "case githubApp(Bot)", "case unknown(JSONValue)",
            // A missing or null discriminator falls to `default`, like an unknown value.
            #"switch try container.readStringIfPresent("kindOfActor") {"#,
            #"case "github-app": self = .githubApp(try Bot(from: decoder))"#,
            "default: self = .unknown(try JSONValue(from: decoder))",
            "case .unknown(let value): try value.encode(to: encoder)",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    @Test func twoDiscriminatorValuesMayNameOneModelEachItsOwnCase() throws {
        let text = try models("""
            service: Hub
            models:
              StateChange: { event: String, commitId: String? }
              IssueEvent:
                union:
                  discriminator: event
                  cases: { closed: StateChange, reopened: StateChange }
            """)
        for line in [
            "case closed(StateChange)", "case reopened(StateChange)",
            #"case "closed": self = .closed(try StateChange(from: decoder))"#,
            #"case "reopened": self = .reopened(try StateChange(from: decoder))"#,
            // The value holds its own `event`, so each case encodes back what it decoded from.
            "case .closed(let value): try value.encode(to: encoder)",
            "case .reopened(let value): try value.encode(to: encoder)",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
    }

    @Test func anUndiscriminatedUnionTriesItsCasesInOrder() throws {
        let text = try models("""
            service: Hub
            models:
              Details: { name: String }
              Label:
                union:
                  cases: { name: String, details: Details }
            """)
        for line in [
            "case name(String)", "case details(Details)",
            "self = .name(try container.decode(String.self))",
            #"attempts.record(error, trying: "Details")"#,
            // The error gives each candidate's reason after this summary.
            #"throw attempts.mismatch(in: container, "Expected one of String, Details (Label tries them in this order)")"#,
            "case .details(let value): try container.encode(value)",
        ] {
            #expect(text.contains(line), "missing \(line)")
        }
        #expect(!text.contains("case unknown(JSONValue)"))
    }
}
