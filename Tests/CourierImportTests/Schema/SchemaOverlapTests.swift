import Testing
@testable import CourierImport

/// `anyOf` is a union tried in order, like `oneOf`; the report says so only where that changes
/// the meaning: where two cases could both accept one value.
@Suite struct SchemaOverlapTests {
    /// The `anyOf` notes of an import.
    private func anyOfNotes(_ imported: Imported) -> [String] {
        imported.approximations.filter { $0.hasPrefix("[anyOf]") }
    }

    @Test func casesThatCouldBothMatchAreReported() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Cat: { type: object, required: [name], properties: { name: { type: string }, purrs: { type: boolean } } }
                Dog: { type: object, required: [name], properties: { name: { type: string }, barks: { type: boolean } } }
                Pet:
                  anyOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }]
                Amount:
                  anyOf: [{ type: integer }, { type: number }]
            """))
        #expect(block(imported.spec, startingWith: "Pet:") == """
            Pet:
              union:
                cases: { cat: Cat, dog: Dog }
            """)
        #expect(anyOfNotes(imported) == [
            "[anyOf] #/components/schemas/Pet/anyOf: anyOf read as oneOf: a value that fits both Cat and Dog decodes as the "
                + "first case that fits (Cat) only",
            "[anyOf] #/components/schemas/Amount/anyOf: anyOf read as oneOf: a value that fits both Int and Double decodes as "
                + "the first case that fits (Int) only",
        ])
    }

    @Test func casesOfDifferentTypesValuesOrRequiredPropertiesAreNotReported() throws {
        let imported = try importing(document("3.1.0", """
            paths: {}
            components:
              schemas:
                Label:
                  anyOf:
                    - type: string
                    - type: object
                      required: [name]
                      properties: { name: { type: string } }
                    - { type: array, items: { type: string } }
                Size:
                  anyOf: [{ type: string, enum: [small, large] }, { type: string, enum: [custom] }]
                Shape:
                  anyOf:
                    - { type: object, required: [kind, radius], properties: { kind: { const: circle }, radius: { type: number } } }
                    - { type: object, required: [kind, side], properties: { kind: { const: square }, side: { type: number } } }
                Point:
                  anyOf:
                    - { type: object, required: [x], properties: { x: { type: number } }, additionalProperties: false }
                    - { type: object, required: [lat], properties: { lat: { type: number } }, additionalProperties: false }
            """))
        #expect(block(imported.spec, startingWith: "Label:") == """
            Label:
              union:
                cases: { string: String, labelOption2: LabelOption2, stringList: "[String]" }
            """)
        #expect(block(imported.spec, startingWith: "Shape:") == """
            Shape:
              union:
                cases: { shapeOption1: ShapeOption1, shapeOption2: ShapeOption2 }
            """)
        #expect(anyOfNotes(imported) == [])
    }

    @Test func anyOfWithNullOrADiscriminatorIsNotReported() throws {
        let imported = try importing(document("3.1.0", """
            paths: {}
            components:
              schemas:
                User: { type: object, required: [type], properties: { type: { type: string }, login: { type: string } } }
                Bot: { type: object, required: [type], properties: { type: { type: string }, login: { type: string } } }
                Actor:
                  anyOf: [{ $ref: '#/components/schemas/User' }, { $ref: '#/components/schemas/Bot' }]
                  discriminator: { propertyName: type, mapping: { user: User, bot: Bot } }
                Issue:
                  type: object
                  properties:
                    assignee: { anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }] }
            """))
        #expect(block(imported.spec, startingWith: "Actor:") == """
            Actor:
              union:
                discriminator: type
                cases: { user: User, bot: Bot }
            """)
        #expect(block(imported.spec, startingWith: "Issue:") == "Issue:\n  assignee: { type: \"User?\", nullable: true }")
        #expect(anyOfNotes(imported) == [])
    }

    @Test func aDiscriminatorThatIsDroppedLeavesOverlappingCasesReported() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Amount:
                  anyOf: [{ type: object, properties: { value: { type: integer } } }, { type: object, properties: { cents: { type: integer } } }]
                  discriminator: { propertyName: kind }
            """))
        #expect(imported.noted("discriminator", at: "#/components/schemas/Amount/discriminator", "tried in order"))
        #expect(imported.noted("anyOf", at: "#/components/schemas/Amount/anyOf", "fits both AmountOption1 and AmountOption2"))
    }
}
