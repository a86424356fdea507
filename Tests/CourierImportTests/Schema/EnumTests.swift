import Testing
@testable import CourierImport

/// `enum` → enum models: string and integer values, names for values that make none or clash,
/// `none`, values YAML would misread, shared inline enums, non-string enums.
@Suite struct EnumTests {
    @Test func stringAndIntegerEnumsBecomeEnumModels() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Status: { type: string, enum: [available, pending, sold], description: Where a pet is. }
                Level: { type: integer, enum: [1, 2, 3] }
                Codes: { type: string, enum: ['1', '2', 'on', 'null'] }
            """))
        #expect(block(imported.spec, startingWith: "Status:") == """
            Status:
              summary: Where a pet is.
              enum: [available, pending, sold]
            """)
        #expect(block(imported.spec, startingWith: "Level:") == "Level:\n  enum: [1, 2, 3]")
        // Text that YAML reads as a number, a boolean or null is quoted, so it stays a string enum.
        #expect(block(imported.spec, startingWith: "Codes:") == "Codes:\n  enum: [\"1\", \"2\", \"on\", \"null\"]")
        let loaded = CourierSpecLoader.load(imported.spec)
        let codes = try #require(loaded.specs.first?.models.first { $0.name.value == "Codes" })
        guard case .enumeration(let definition) = codes.kind else {
            Issue.record("Codes is not an enum")
            return
        }
        #expect(definition.rawType == .string)
    }

    @Test func valuesThatMakeNoNameOrTheSameNameAreNamed() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Odd: { type: string, enum: ['', '+', in-stock, in_stock, NONE, public, '*'] }
            """))
        #expect(block(imported.spec, startingWith: "Odd:") == """
            Odd:
              enum:
                - { value: "", name: empty }
                - { value: +, name: plus }
                - in-stock
                - { value: in_stock, name: inStock2 }
                - { value: NONE, name: noneValue }
                - public
                - { value: "*", name: asterisk }
            """)
    }

    @Test func equalInlineEnumsOfTheSameNameShareOneModel() throws {
        let imported = try importing(document("""
            paths:
              /a:
                get:
                  operationId: listA
                  parameters: [{ name: direction, in: query, schema: { type: string, enum: [asc, desc] } }]
                  responses: { '204': { description: none } }
              /b:
                get:
                  operationId: listB
                  parameters:
                    - { name: direction, in: query, schema: { type: string, enum: [asc, desc] } }
                    - { name: sort, in: query, schema: { type: string, enum: [name] } }
                  responses: { '204': { description: none } }
              /c:
                get:
                  operationId: listC
                  parameters: [{ name: direction, in: query, schema: { type: string, enum: [up, down] } }]
                  responses: { '204': { description: none } }
            """))
        #expect(imported.spec.contains("  Direction:\n    enum: [asc, desc]"))
        #expect(imported.spec.contains("  ListCDirection:\n    enum: [up, down]"))
        #expect(block(imported.spec, startingWith: "listB:").hasSuffix("query:\n    direction: Direction?\n    sort: Sort?"))
    }

    @Test func enumsOfNumbersAndBooleansKeepTheirTypeAndSaySo() throws {
        let imported = try importing(document("""
            paths: {}
            components:
              schemas:
                Scores:
                  type: object
                  required: [ratio, flag]
                  properties:
                    ratio: { type: number, enum: [0.5, 1.5] }
                    flag: { type: boolean, enum: [true] }
            """))
        #expect(block(imported.spec, startingWith: "Scores:") == "Scores: { ratio: Double, flag: Bool }")
        #expect(imported.noted("enum", at: "#/components/schemas/Scores/properties/ratio/enum"))
    }

    @Test func nullAmongTheValuesMakesTheFieldNullable() throws {
        let imported = try importing(document("3.1.0", """
            paths: {}
            components:
              schemas:
                Lock:
                  type: object
                  required: [reason]
                  properties:
                    reason: { type: [string, 'null'], enum: [spam, abuse, null] }
            """))
        #expect(imported.spec.contains("reason: { type: LockReason, nullable: true }"))
        #expect(imported.spec.contains("LockReason:\n    enum: [spam, abuse]"))
    }
}
