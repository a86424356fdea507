import CourierGenerator
import CourierSpec
import Testing

/// Names a reviewer would accept: SCREAMING_SNAKE values, `none`, values starting with a digit.
@Suite struct NamingSnippetTests {
    private static let spec = """
        courier: 1
        service: Hub
        baseURL: https://api.example.com
        models:
          AuthorAssociation:
            enum: [FIRST_TIME_CONTRIBUTOR, MEMBER, NONE, COLLABORATOR]
          Reaction:
            enum: ["+1", "-1", laugh, 1080p]
          Level:
            enum: [1, 2, 3]
          Visibility:
            enum: [none, public]
        """

    @Test func enumCasesReadWell() throws {
        let loaded = SpecLoader().load(source: Self.spec, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        let models = try #require(files["snippet.Models.swift"])
        for name in ["firstTimeContributor", "member", "noneValue", "collaborator", "plus1", "minus1", "laugh",
                     "value1080p", "value1", "value2", "value3", "`public`"] {
            #expect(models.contains("        case \(name)\n"), "case \(name)")
        }
        #expect(!models.contains("case none\n"))
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" } == [
            "6:44: warning: enum case 'NONE' of 'AuthorAssociation' is generated as 'noneValue', not 'none': "
                + "`status == .none` on an optional AuthorAssociation would compare with Optional.none; "
                + "choose another name with `{ value: NONE, name: … }`",
            "12:12: warning: enum case 'none' of 'Visibility' is generated as 'noneValue', not 'none': "
                + "`status == .none` on an optional Visibility would compare with Optional.none; "
                + "choose another name with `{ value: none, name: … }`",
        ])
    }

    @Test func anExplicitNameIsKeptUnlessItIsNone() throws {
        let loaded = SpecLoader().load(source: """
            service: Hub
            models:
              State:
                enum:
                  - { value: "", name: empty }
                  - { value: "-", name: none }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        let models = try #require(files["snippet.Models.swift"])
        #expect(models.contains("case empty\n") && models.contains("case noneValue\n"))
        #expect(diagnostics.count == 1, "\(diagnostics)")
    }
}
