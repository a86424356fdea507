import Testing
@testable import CourierSpec

@Suite struct ModelParsingTests {
    private func fields(_ modelSource: String) throws -> [Field] {
        let spec = try spec("service: A\nmodels:\n" + modelSource)
        let model = try #require(spec.models.first)
        guard case .object(let fields) = model.kind else {
            Issue.record("expected an object model")
            return []
        }
        return fields
    }

    @Test func shortFormFields() throws {
        let fields = try self.fields("""
              Pet:
                id: Int
                name: String = Rex
                nickname: String?
                tags: [String]
                scores: [String: Int]
                grid: [[Int]]
                quoted: "[Pet]?"
                flags: "[String: Bool] = {}"
                maybe: Int? = null
            """)
        #expect(fields.map(\.name.value) == ["id", "name", "nickname", "tags", "scores", "grid", "quoted", "flags", "maybe"])
        #expect(fields.map(\.type.value.description) == [
            "Int", "String", "String?", "[String]", "[String: Int]", "[[Int]]", "[Pet]?", "[String: Bool]", "Int?",
        ])
        #expect(fields[1].defaultValue?.value == .scalar("Rex", quoted: false))
        #expect(fields[1].defaultValue.map { "\($0.location.line):\($0.location.column)" } == "5:20")
        #expect(fields[7].defaultValue?.value == .mapping([]))
        #expect(fields[8].defaultValue?.value == .null)
    }

    @Test func quotedDefaultIsText() throws {
        let fields = try self.fields("""
              Pet:
                code: String = "42"
            """)
        #expect(fields[0].defaultValue?.value == .scalar("42", quoted: true))
    }

    @Test func longFormField() throws {
        let fields = try self.fields("""
              Pet:
                created:
                  type: Date
                  format: iso8601
                  key: created_at
                  default: 2024-01-01T00:00:00Z
                  summary: When it was added.
                  description: Set by the server.
                  deprecated: use addedAt
                tags: { type: "[URL]", default: [] }
            """)
        let created = fields[0]
        #expect(created.type.value == .named("Date"))
        #expect(created.format?.value == .iso8601)
        #expect(created.key == "created_at")
        #expect(created.defaultValue?.value == .scalar("2024-01-01T00:00:00Z", quoted: false))
        #expect(created.documentation == Documentation(
            summary: "When it was added.", description: "Set by the server.", deprecated: Deprecation(message: "use addedAt")))
        #expect(fields[1].type.value == .array(.named("URL")))
        #expect(fields[1].defaultValue?.value == .sequence([]))
    }

    @Test func longFormModelWithDocumentation() throws {
        let spec = try spec("""
            service: A
            models:
              Pet:
                summary: A pet.
                deprecated: true
                fields:
                  id: Int
            """)
        let model = try #require(spec.models.first)
        #expect(model.documentation == Documentation(summary: "A pet.", deprecated: Deprecation()))
        guard case .object(let fields) = model.kind else { throw ModelKindMismatch() }
        #expect(fields.map(\.name.value) == ["id"])
    }

    @Test func fieldNamedFieldsWithListTypeStaysAField() throws {
        let fields = try self.fields("""
              Form:
                fields: [String]
            """)
        #expect(fields.map(\.name.value) == ["fields"])
    }

    @Test func stringEnum() throws {
        let spec = try spec("""
            service: A
            models:
              Status:
                enum: [available, { value: in-stock, name: inStock, summary: Ready. }]
                summary: Where a pet is.
            """)
        let model = try #require(spec.models.first)
        guard case .enumeration(let definition) = model.kind else { throw ModelKindMismatch() }
        #expect(definition.rawType == .string)
        #expect(definition.cases.map(\.value.value) == ["available", "in-stock"])
        #expect(definition.cases[1].name == "inStock")
        #expect(definition.cases[1].documentation.summary == "Ready.")
        #expect(model.documentation.summary == "Where a pet is.")
    }

    @Test func integerEnumInferredAndDeclared() throws {
        let spec = try spec("""
            service: A
            models:
              Level: { enum: [1, 2, 3] }
              Code: { enum: ["1", "2"] }
              Priority: { enum: [{ value: 1, name: low }, { value: 5, name: high }], type: Int }
            """)
        let rawTypes = spec.models.map { model -> EnumDefinition.RawType? in
            if case .enumeration(let definition) = model.kind { return definition.rawType }
            return nil
        }
        #expect(rawTypes == [.integer, .string, .integer])
    }

    @Test func enumProblems() {
        #expect(diagnostics("""
            service: A
            models:
              Level: { enum: [1, two], type: Int }
              Empty2: { enum: [] }
              Twice: { enum: [a, b, a] }
              Odd: { enum: [a], type: Double }
            """) == [
            "3:22: error: model 'Level' has integer values, but 'two' is not an integer",
            "4:19: error: model 'Empty2' needs at least one case in `enum:`",
            "5:25: error: duplicate value 'a' in model 'Twice' (first at line 5)",
            "6:27: error: the `type` of model 'Odd' must be String or Int, found 'Double'",
        ])
    }

    @Test func modelMustBeAMapping() {
        #expect(diagnostics("""
            service: A
            models:
              Pet: String
              Owner:
            """) == [
            "3:8: error: model 'Pet' must be a mapping of fields (`{}` for none) or `{ enum: [a, b] }`, found text",
            "4:9: error: model 'Owner' must be a mapping of fields (`{}` for none) or `{ enum: [a, b] }`, found nothing",
        ])
    }

    @Test func fieldProblems() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                id:
                name: String =
                tags: [Int, String]
                owner: { summary: Who. }
                bad: "[Int"
            """) == [
            "4:8: error: field 'id' needs a type",
            "5:19: error: field 'name' has '=' but no default value after it",
            "6:11: error: field 'tags': a list type names one element type, such as [Pet], found 2 items",
            "7:12: error: field 'owner' needs `type:` (its long form is { type: …, default: …, … })",
            "8:15: error: cannot read the type '[Int' of field 'bad': expected ']'",
        ])
    }

    @Test func unknownKeysInLongFormsAreWarnings() {
        #expect(diagnostics("""
            service: A
            models:
              Pet:
                sumary: A pet.
                fields:
                  id: { type: Int, defualt: 1 }
            """) == [
            "4:5: warning: unknown key 'sumary' in model 'Pet'; did you mean 'summary'?",
            "6:24: warning: unknown key 'defualt' in field 'id'; did you mean 'default'?",
        ])
    }
}

/// A model was not the kind the test expected.
struct ModelKindMismatch: Error {
    @Test func nullableIsAFlagOfTheLongForm() throws {
        let parsed = try spec("""
            service: A
            models:
              Issue:
                milestone: { type: "Int?", nullable: true }
                title: String
            """)
        guard case .object(let fields) = parsed.models.first?.kind else { Issue.record("not an object"); return }
        #expect(fields.map(\.nullable) == [true, false])
        #expect(diagnostics("service: A\nmodels:\n  Issue:\n    a: { type: Int, nullable: maybe }\n") == [
            "4:31: error: `nullable` of field 'a' must be true or false",
        ])
    }
}
