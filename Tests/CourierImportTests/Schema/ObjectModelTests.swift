import Testing
@testable import CourierImport

/// Objects → models: required vs optional, nullable, formats, defaults, readOnly/writeOnly,
/// deprecated, descriptions, field names.
@Suite struct ObjectModelTests {
    @Test func requiredFieldsAreTypedAndTheOthersOptional() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  required: [id, name]
                  properties:
                    id: { type: integer, format: int64 }
                    name: { type: string }
                    tag: { type: string }
                    photos: { type: array, items: { type: string, format: uri } }
            """))
        #expect(block(imported.spec, startingWith: "Pet:") == """
            Pet:
              id: Int64
              name: String
              tag: String?
              photos: "[URL]?"
            """)
    }

    @Test func nullableIn30And31KeepsNullApartFromAMissingKey() throws {
        for version in ["3.0.3", "3.1.0"] {
            let nullable = version == "3.0.3" ? "type: string, nullable: true" : "type: [string, 'null']"
            let imported = try importing(document(version, """
                paths: {}
                components:
                  schemas:
                    Issue:
                      type: object
                      required: [number, milestone]
                      properties:
                        number: { type: integer }
                        milestone: { \(nullable) }
                        title: { \(nullable) }
                        labels: { type: array, items: { \(nullable) } }
                """))
            #expect(block(imported.spec, startingWith: "Issue:") == """
                Issue:
                  number: Int
                  milestone: { type: String, nullable: true }
                  title: { type: "String?", nullable: true }
                  labels: "[String?]?"
                """, "\(version)")
        }
    }

    @Test func formatsMapToCourierTypes() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Formats:
                  type: object
                  required: [a, b, c, d, e, f, g, h, i, j, k]
                  properties:
                    a: { type: string, format: date-time }
                    b: { type: string, format: date }
                    c: { type: string, format: byte }
                    d: { type: string, format: binary }
                    e: { type: string, format: uuid }
                    f: { type: string, format: uri }
                    g: { type: integer, format: int64 }
                    h: { type: integer, format: int32 }
                    i: { type: number, format: float }
                    j: { type: number }
                    k: { type: string, format: email }
            """))
        #expect(block(imported.spec, startingWith: "Formats:") == """
            Formats:
              a: Date
              b: { type: Date, format: date }
              c: Data
              d: Data
              e: UUID
              f: URL
              g: Int64
              h: Int32
              i: Float
              j: Double
              k: String
            """)
    }

    @Test func aNullableDayIsADateWithTheDateFormat() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Trip:
                  type: object
                  required: [start]
                  properties:
                    start: { type: string, format: date, nullable: true }
                    end: { type: string, format: date, nullable: true }
            """))
        #expect(block(imported.spec, startingWith: "Trip:") == """
            Trip:
              start: { type: Date, nullable: true, format: date }
              end: { type: "Date?", nullable: true, format: date }
            """)
        #expect(!imported.noted("format", at: "#/components/schemas/Trip/properties/start", "format: date"))
    }

    @Test func daysInAListOrMapAreTextSinceAFormatAppliesToOneDate() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Calendar:
                  type: object
                  required: [holidays, openings]
                  properties:
                    holidays: { type: array, items: { type: string, format: date } }
                    openings: { type: object, additionalProperties: { type: string, format: date } }
            """))
        #expect(block(imported.spec, startingWith: "Calendar:") == """
            Calendar:
              holidays: [String]
              openings: "[String: String]"
            """)
        #expect(imported.noted("format", at: "#/components/schemas/Calendar/properties/holidays", "as a date format applies to a single Date"))
    }

    @Test func defaultsThatFitAreKeptAndTheOthersReported() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Settings:
                  type: object
                  properties:
                    limit: { type: integer, default: 20 }
                    mode: { type: string, enum: [fast, slow], default: slow }
                    name: { type: string, default: 'a: b' }
                    tags: { type: array, items: { type: string }, default: [a, b] }
                    ratio: { type: number, default: 0.5 }
                    on: { type: boolean, default: true }
                    huge: { type: integer, default: 99999999999999999999 }
                    note: { type: string, nullable: true, default: x }
            """))
        #expect(block(imported.spec, startingWith: "Settings:") == """
            Settings:
              limit: Int = 20
              mode: SettingsMode = slow
              name: { type: String, default: "a: b" }
              tags: { type: "[String]", default: [a, b] }
              ratio: Double = 0.5
              "on": Bool = true
              huge: Int?
              note: { type: "String?", nullable: true }
            """)
        #expect(imported.noted("default", at: "#/components/schemas/Settings/properties/huge/default", "does not fit Int"))
        #expect(imported.noted("default", at: "#/components/schemas/Settings/properties/note/default", "nullable"))
    }

    @Test func requiredReadOnlyAndWriteOnlyFieldsBecomeOptional() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Account:
                  type: object
                  required: [id, password, email]
                  properties:
                    id: { type: integer, readOnly: true }
                    password: { type: string, writeOnly: true, description: The password. }
                    email: { type: string }
            """))
        #expect(block(imported.spec, startingWith: "Account:") == """
            Account:
              id:
                type: Int?
                summary: "Read-only: set by the server."
              password:
                type: String?
                summary: The password.
              email: String
            """)
        #expect(imported.noted("readOnly", at: "#/components/schemas/Account/properties/id", "required and readOnly: optional"))
        #expect(imported.noted("writeOnly", at: "#/components/schemas/Account/properties/password", "required and writeOnly: optional"))
    }

    @Test func everyReadOnlyAndWriteOnlyIsReportedAsCourierCannotSayIt() throws {
        let imported = try importing(document("""
            paths:
              /login:
                post:
                  operationId: login
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema: { properties: { user: { type: string }, session: { type: string, readOnly: true } } }
                  responses: { '204': { description: ok } }
            components:
              schemas:
                Account:
                  type: object
                  properties:
                    id: { type: integer, readOnly: true }
                    pin: { type: string, writeOnly: true }
            """))
        #expect(block(imported.spec, startingWith: "Account:") == """
            Account:
              id:
                type: Int?
                summary: "Read-only: set by the server."
              pin: String?
            """)
        #expect(imported.approximations.filter { $0.contains("Only]") } == [
            "[readOnly] #/paths/~1login/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/session: "
                + "readOnly has no Courier equivalent: 'session' is a request field like any other",
            "[readOnly] #/components/schemas/Account/properties/id: readOnly has no Courier equivalent: an ordinary optional "
                + "field, which requests send too when it is set",
            "[writeOnly] #/components/schemas/Account/properties/pin: writeOnly has no Courier equivalent: an ordinary optional "
                + "field, decoded from responses too when present",
        ])
    }

    @Test func descriptionsAndDeprecationBecomeDocumentation() throws {
        let long = String(repeating: "A field that is described at length so that its line is long. ", count: 3)
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Repo:
                  description: A repository.
                  deprecated: true
                  type: object
                  properties:
                    name: { type: string, description: Its name., deprecated: true }
                    about: { type: string, description: '\(long)' }
                    notes:
                      type: string
                      description: |
                        First line.

                        - a list item
                          continued
            """))
        let model = block(imported.spec, startingWith: "Repo:")
        #expect(model.hasPrefix("""
            Repo:
              summary: A repository.
              deprecated: true
              fields:
                name:
                  type: String?
                  summary: Its name.
                  deprecated: true
                about:
                  type: String?
                  description: >-
            """))
        #expect(model.hasSuffix("""
                notes:
                  type: String?
                  description: |-
                    First line.

                    - a list item
                      continued
            """))
        // The folded text reads back exactly.
        let loaded = try #require(SpecLoaderProbe.fieldDescriptions(imported.spec, model: "Repo")["about"])
        #expect(loaded == long.trimmingCharacters(in: .whitespaces))
    }

    @Test func keysThatAreNoSwiftNamesGetAName() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Reactions:
                  type: object
                  required: ['+1', '-1', created_at, createdAt, '@type']
                  properties:
                    '+1': { type: integer }
                    '-1': { type: integer }
                    created_at: { type: string }
                    createdAt: { type: string }
                    '@type': { type: string }
            """))
        #expect(block(imported.spec, startingWith: "Reactions:") == """
            Reactions:
              plus1: { type: Int, key: "+1" }
              minus1: { type: Int, key: "-1" }
              created_at: String
              createdAt2: { type: String, key: createdAt }
              "@type": String
            """)
    }

    @Test func fieldsNamedLikeDocumentationKeysUseTheLongForm() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Entry:
                  type: object
                  required: [summary, fields]
                  properties:
                    summary: { type: string }
                    fields: { type: array, items: { type: string } }
            """))
        #expect(block(imported.spec, startingWith: "Entry:") == """
            Entry:
              fields:
                summary: String
                fields: [String]
            """)
    }

    @Test func objectsWithoutPropertiesAreDictionaries() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Bag:
                  type: object
                  required: [labels, anything, counts]
                  properties:
                    labels: { type: object, additionalProperties: { type: string } }
                    anything: { type: object }
                    counts: { additionalProperties: { type: integer, nullable: true } }
                    extra:
                      type: object
                      properties: { a: { type: string } }
                      additionalProperties: { type: integer }
            """))
        #expect(block(imported.spec, startingWith: "Bag:") == """
            Bag:
              labels: "[String: String]"
              anything: "[String: JSON]"
              counts: "[String: Int?]"
              extra: BagExtra?
            """)
        #expect(imported.noted("additionalProperties", at: "#/components/schemas/Bag/properties/extra/additionalProperties"))
    }

    @Test func unsupportedKeywordsAreReportedWithTheirPointer() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Odd:
                  type: object
                  properties:
                    a: { type: string, not: { enum: [x] }, maxLength: 3 }
                    b: { type: string, xml: { name: B } }
                    c: { type: object, patternProperties: { '^x': { type: string } } }
            """))
        #expect(imported.noted("not", at: "#/components/schemas/Odd/properties/a/not"))
        #expect(imported.noted("xml", at: "#/components/schemas/Odd/properties/b/xml"))
        #expect(imported.noted("keyword", at: "#/components/schemas/Odd/properties/c/patternProperties"))
        let unchecked = imported.outcome.report.notes.filter { $0.severity == .unchecked }
        #expect(unchecked.map(\.pointer) == ["#/components/schemas/Odd/properties/a/maxLength"])
    }
}

/// Reads generated specs back with Courier's loader.
enum SpecLoaderProbe {
    /// The descriptions (or summaries) of a model's fields, by field name.
    static func fieldDescriptions(_ spec: String, model: String) -> [String: String] {
        let result = CourierSpecLoader.load(spec)
        var descriptions: [String: String] = [:]
        for found in result.specs.flatMap(\.models) where found.name.value == model {
            guard case .object(let fields) = found.kind else { continue }
            for field in fields {
                descriptions[field.name.value] = field.documentation.description ?? field.documentation.summary
            }
        }
        return descriptions
    }
}
