import CourierGenerator
import CourierSpec
import Testing

@Suite struct NullableSnippetTests {
    private func render(_ yaml: String) throws -> (models: String, diagnostics: [String]) {
        let loaded = SpecLoader().load(source: yaml, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        return (files["snippet.Models.swift"] ?? "", diagnostics.map(\.message))
    }

    @Test func nullableFieldsKeepNullApartFromMissing() throws {
        let (models, diagnostics) = try render("""
            service: Hub
            models:
              Update:
                fields:
                  milestone: { type: "Int?", nullable: true }
                  assignee: { type: String, nullable: true }
                  title: String?
            """)
        #expect(diagnostics.isEmpty)
        for line in [
            "public var milestone: Optional<Nullable<Int>>",
            "public var assignee: Optional<String>",
            "public init(milestone: Nullable<Int>? = nil, assignee: String?, title: String? = nil)",
            #"self.milestone = try container.readNullableIfPresent(Int.self, "milestone")"#,
            #"self.assignee = try container.readNullable(String.self, "assignee")"#,
            #"try container.writeNullableIfPresent(self.milestone, "milestone")"#,
            #"try container.write(self.assignee, "assignee")"#,
            #"try container.writeStringIfPresent(self.title, "title")"#,
        ] {
            #expect(models.contains(line), "missing \(line)")
        }
    }

    @Test func aNullableFieldWithADefaultIsAnError() throws {
        let loaded = SpecLoader().load(source: """
            service: Hub
            models:
              Update:
                fields:
                  count: { type: Int, nullable: true, default: 1 }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" } == [
            "5:52: field 'count' of model 'Update' is `nullable: true`, which takes no `default`",
        ])
    }

    @Test func nullableDatesKeepTheirOwnFormat() throws {
        let (models, diagnostics) = try render("""
            service: Hub
            models:
              Trip:
                fields:
                  start: { type: Date, nullable: true, format: date }
                  end: { type: "Date?", nullable: true, format: date }
            """)
        #expect(diagnostics.isEmpty)
        for line in [
            "public var start: Optional<Date>",
            "public var end: Optional<Nullable<Date>>",
            #"self.start = try container.readNullable(Date.self, "start", format: .date)"#,
            #"self.end = try container.readNullableIfPresent(Date.self, "end", format: .date)"#,
            #"try container.writeNullable(self.start, "start", format: .date)"#,
            #"try container.writeNullableIfPresent(self.end, "end", format: .date)"#,
        ] {
            #expect(models.contains(line), "missing \(line)")
        }
    }
}
