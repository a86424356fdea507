import Testing
@testable import CourierImport

/// allOf merges, oneOf/anyOf unions with and without discriminators, `anyOf: [X, null]`, 3.1
/// type lists, recursion.
@Suite struct CompositionTests {
    @Test func allOfMergesPropertiesAndRequiredFromEveryPart() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Base:
                  type: object
                  required: [id]
                  properties:
                    id: { type: integer }
                    name: { type: string }
                Dog:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - type: object
                      required: [name, barks]
                      properties:
                        barks: { type: boolean }
                NullableBase:
                  nullable: true
                  allOf: [{ $ref: '#/components/schemas/Base' }]
                Kennel:
                  type: object
                  required: [dog]
                  properties:
                    dog: { $ref: '#/components/schemas/NullableBase' }
            """))
        #expect(block(imported.spec, startingWith: "Dog:") == "Dog: { id: Int, name: String, barks: Bool }")
        // `allOf: [$ref]` with `nullable` is the referenced model, nullable; no model of its own.
        #expect(!imported.spec.contains("NullableBase:"))
        #expect(imported.spec.contains("Kennel:\n    dog: { type: Base, nullable: true }"))
    }

    @Test func aPartOnlyAddingRequiredMakesAModelOfItsOwn() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Record:
                  type: object
                  properties: { type: { type: string }, data: { type: string } }
                StrictRecord:
                  allOf:
                    - $ref: '#/components/schemas/Record'
                    - required: [type, data]
            """))
        #expect(block(imported.spec, startingWith: "StrictRecord:") == "StrictRecord: { type: String, data: String }")
    }

    @Test func anAllOfCycleIsAnErrorAtTheReferenceThatClosesIt() {
        let result = converting([("openapi.yaml", document("""
            paths: {}
            components:
              schemas:
                A:
                  allOf:
                    - $ref: '#/components/schemas/B'
                    - { type: object, properties: { a: { type: string } } }
                B:
                  allOf:
                    - $ref: '#/components/schemas/A'
                    - { type: object, properties: { b: { type: string } } }
            """))])
        #expect(result.errors.map { "\($0.location.file):\($0.location.line):\($0.location.column)" } == ["/input/openapi.yaml:13:17"])
        #expect(result.errors.first?.message.hasPrefix("allOf cycle") == true)
    }

    @Test func oneOfWithADiscriminatorAndMappingIsADiscriminatedUnion() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                User: { type: object, required: [type, login], properties: { type: { type: string }, login: { type: string } } }
                Bot:
                  type: object
                  required: [login]
                  properties:
                    type: { type: string, enum: [bot] }
                    login: { type: string }
                Actor:
                  oneOf: [{ $ref: '#/components/schemas/User' }, { $ref: '#/components/schemas/Bot' }]
                  discriminator:
                    propertyName: type
                    mapping: { user: '#/components/schemas/User', github-bot: Bot }
            """))
        #expect(block(imported.spec, startingWith: "Actor:") == """
            Actor:
              union:
                discriminator: type
                cases: { user: User, github-bot: Bot }
            """)
        // The case model's discriminator is a required String, as Courier needs.
        #expect(block(imported.spec, startingWith: "Bot:") == "Bot: { type: String, login: String }")
        #expect(imported.noted("discriminator", at: "#/components/schemas/Bot/properties/type", "required String"))
        // The enum the discriminator replaced is not left behind.
        #expect(!imported.spec.contains("BotType"))
    }

    @Test func withoutAMappingTheValueIsTheSingleEnumValueOrTheSchemaName() throws {
        let imported = try importing(document("3.1.0", """
            paths: {}
            components:
              schemas:
                Walk: { type: object, required: [kind], properties: { kind: { const: walk }, meters: { type: integer } } }
                Swim: { type: object, required: [kind], properties: { kind: { type: string } } }
                Exercise:
                  oneOf: [{ $ref: '#/components/schemas/Walk' }, { $ref: '#/components/schemas/Swim' }]
                  discriminator: { propertyName: kind }
            """))
        #expect(imported.spec.contains("cases: { walk: Walk, Swim: Swim }"))
    }

    @Test func aDiscriminatorThatCannotWorkFallsBackToCasesTriedInOrder() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Amount:
                  oneOf: [{ type: string }, { type: integer }]
                  discriminator: { propertyName: kind }
            """))
        #expect(block(imported.spec, startingWith: "Amount:") == """
            Amount:
              union:
                cases: { string: String, int: Int }
            """)
        #expect(imported.noted("discriminator", at: "#/components/schemas/Amount/discriminator", "tried in order"))
    }

    @Test func anyOfIsAUnionTriedInOrder() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Label:
                  anyOf:
                    - type: string
                    - type: object
                      required: [name]
                      properties: { name: { type: string } }
            """))
        #expect(block(imported.spec, startingWith: "Label:") == """
            Label:
              union:
                cases: { string: String, labelOption2: LabelOption2 }
            """)
        // A string is never an object: reading anyOf as oneOf changes nothing here (SchemaOverlapTests has the rest).
        #expect(!imported.outcome.report.notes.contains { $0.kind == "anyOf" })
    }

    @Test func anyOfWithNullIsTheOtherTypeNullable() throws {
        for (version, null) in [("3.0.3", "{ nullable: true, enum: [null] }"), ("3.1.0", "{ type: 'null' }")] {
            let imported = try importing(document(version, """
                paths: {}
                components:
                  schemas:
                    Milestone: { type: object, properties: { title: { type: string } } }
                    Issue:
                      type: object
                      required: [milestone]
                      properties:
                        milestone:
                          anyOf: [{ $ref: '#/components/schemas/Milestone' }, \(null)]
                        assignee:
                          oneOf: [\(null), { type: string }]
                """))
            #expect(block(imported.spec, startingWith: "Issue:") == """
                Issue:
                  milestone: { type: Milestone, nullable: true }
                  assignee: { type: "String?", nullable: true }
                """, "\(version)")
        }
    }

    @Test func typeListsOf31AreUnionsOfTheirTypes() throws {
        let imported = try importing(document("3.1.0", """
            paths: {}
            components:
              schemas:
                Cell:
                  type: object
                  required: [value]
                  properties:
                    value: { type: [string, integer, 'null'] }
            """))
        #expect(block(imported.spec, startingWith: "Cell:") == "Cell:\n  value: { type: CellValue, nullable: true }")
        #expect(block(imported.spec, startingWith: "CellValue:") == """
            CellValue:
              union:
                cases: { string: String, int: Int }
            """)
    }

    @Test func recursionThroughOptionalFieldsAndListsIsKept() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Team:
                  type: object
                  required: [name, children]
                  properties:
                    name: { type: string }
                    parent: { $ref: '#/components/schemas/Team' }
                    children: { type: array, items: { $ref: '#/components/schemas/Team' } }
            """))
        #expect(block(imported.spec, startingWith: "Team:") == """
            Team:
              name: String
              parent: Team?
              children: [Team]
            """)
    }

    @Test func aCycleOfRequiredFieldsIsBrokenAtOneFieldAndReported() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  required: [owner]
                  properties: { owner: { $ref: '#/components/schemas/Owner' } }
                Owner:
                  type: object
                  required: [pet]
                  properties: { pet: { $ref: '#/components/schemas/Pet' } }
            """))
        #expect(imported.spec.contains("Owner:\n    pet: Pet?"))
        #expect(imported.spec.contains("Pet: { owner: Owner }"))
        #expect(imported.noted("cycle", at: "#/components/schemas/Owner/properties/pet", "made optional"))
    }

    @Test func aUnionHoldingItselfDropsThatCase() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Tree:
                  anyOf: [{ $ref: '#/components/schemas/Tree' }, { type: string }, { type: integer }]
            """))
        #expect(imported.spec.contains("cases: { string: String, int: Int }"))
        #expect(imported.noted("union", at: "#/components/schemas/Tree/anyOf/0", "the union itself"))
    }
}
