import Testing
@testable import CourierImport

/// Identical inline schemas are one model: compared once converted, the first one met keeps its
/// name, a named schema's model is kept before any inline one, and named schemas stay apart.
@Suite struct SharingTests {
    @Test func theSameInlineObjectUnderTwoOperationsIsOneModel() throws {
        let imported = try importing(document("""
            paths:
              /pets:
                post:
                  operationId: createPet
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, required: [name], properties: { name: { type: string }, tag: { type: string } } }
                  responses: { '204': { description: ok } }
              /pets/{id}:
                put:
                  operationId: replacePet
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, required: [name], properties: { name: { type: string }, tag: { type: string } } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "models:") == """
            models:
              CreatePetRequest:
                name: String
                tag: String?
            """)
        #expect(block(imported.spec, startingWith: "replacePet:") == """
            replacePet:
              put: /pets/{id}
              path: { id: Int }
              body: CreatePetRequest
            """)
        #expect(imported.outcome.statistics.models == 1)
    }

    @Test func modelsHoldingMergedModelsAreMergedInTurn() throws {
        let schema = """
            { properties: { owner: { required: [id], properties: { id: { type: integer } } }, \
            tags: { items: { properties: { label: { type: string } } } } } }
            """
        let imported = try importing(document("""
            paths:
              /a:
                get:
                  operationId: getA
                  responses: { '200': { description: ok, content: { application/json: { schema: \(schema) } } } }
              /b:
                get:
                  operationId: getB
                  responses: { '200': { description: ok, content: { application/json: { schema: \(schema) } } } }
            """))
        #expect(block(imported.spec, startingWith: "models:") == """
            models:
              GetAResponse:
                owner: GetAResponseOwner?
                tags: "[GetAResponseTagsItem]?"

              GetAResponseOwner: { id: Int }

              GetAResponseTagsItem:
                label: String?
            """)
        #expect(block(imported.spec, startingWith: "getB:") == "getB:\n  get: /b\n  response: GetAResponse")
    }

    @Test func anInlineObjectLikeANamedSchemaIsThatSchemaButNamedSchemasStayApart() throws {
        let imported = try importing(document("""
            paths:
              /tags:
                get:
                  operationId: listTags
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { type: array, items: { type: object, properties: { label: { type: string } } } }
            components:
              schemas:
                Tag: { type: object, properties: { label: { type: string } } }
                Label: { type: object, properties: { label: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "models:") == """
            models:
              Tag:
                label: String?

              Label:
                label: String?
            """)
        #expect(block(imported.spec, startingWith: "listTags:") == "listTags:\n  get: /tags\n  response: [Tag]")
    }

    @Test func modelsThatDifferInAFieldOrTheirDocumentationStayApart() throws {
        let imported = try importing(document("""
            paths:
              /a:
                post:
                  operationId: postA
                  requestBody:
                    required: true
                    content: { application/json: { schema: { type: object, properties: { id: { type: integer } } } } }
                  responses: { '204': { description: ok } }
              /b:
                post:
                  operationId: postB
                  requestBody:
                    required: true
                    content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
                  responses: { '204': { description: ok } }
              /c:
                post:
                  operationId: postC
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, description: A C., properties: { id: { type: integer } } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "models:") == """
            models:
              PostARequest:
                id: Int?

              PostBRequest:
                id: String?

              PostCRequest:
                summary: A C.
                fields:
                  id: Int?
            """)
    }

    @Test func identicalInlineEnumsAndUnionsAreOneModel() throws {
        let imported = try importing(document("""
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - { name: status, in: query, schema: { type: string, enum: [available, sold] } }
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              status: { type: string, enum: [available, sold] }
                              id: { oneOf: [{ type: string }, { type: integer }] }
                              key: { oneOf: [{ type: string }, { type: integer }] }
            """))
        #expect(block(imported.spec, startingWith: "models:") == """
            models:
              Status:
                enum: [available, sold]

              ListPetsResponse:
                status: Status?
                id: ListPetsResponseId?
                key: ListPetsResponseId?

              ListPetsResponseId:
                union:
                  cases: { string: String, int: Int }
            """)
    }

    @Test func theMergeDoesNotDependOnAnythingButTheDocument() throws {
        let text = document("""
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { properties: { x: { type: integer } } } } } }
              /b:
                get:
                  operationId: getB
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { properties: { x: { type: integer } } } } } }
            """)
        let first = try importing(text)
        let second = try importing(text)
        #expect(first.spec == second.spec)
        #expect(block(first.spec, startingWith: "models:") == "models:\n  GetAResponse:\n    x: Int?")
        #expect(!first.spec.contains("GetBResponse"))
    }
}
