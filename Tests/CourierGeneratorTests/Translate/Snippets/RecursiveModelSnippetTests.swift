import CourierGenerator
import CourierSpec
import Testing

@Suite struct RecursiveModelSnippetTests {
    @Test func fieldsLeadingBackToTheirModelAreIndirect() throws {
        let loaded = SpecLoader().load(source: """
            service: Hub
            models:
              Team:
                name: String
                parent: Team?
                lead: Person?
              Person:
                name: String
              Repository:
                owner: Owner
                template: { type: Repository, nullable: true }
              Owner:
                latest: Repository?
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty)
        let models = try #require(files["snippet.Models.swift"])
        for line in [
            "@Indirect public var parent: Optional<Team>", "public var lead: Optional<Person>",
            "@Indirect public var template: Optional<Repository>", "public var owner: Owner",
            "@Indirect public var latest: Optional<Repository>",
            #"self.parent = try container.readIfPresent(Team.self, "parent")"#,
        ] {
            #expect(models.contains(line), "missing \(line)")
        }
        #expect(!models.contains("@Indirect public var lead"))
        #expect(!models.contains("@Indirect public var owner"))
    }
}
