import Testing
@testable import CourierImport

/// operationIds → endpoint names; path, query and header parameters with their styles.
@Suite struct ParameterTests {
    @Test func operationIdsBecomeCamelCaseNamesAndCollisionsGetANumber() throws {
        let imported = try importing(document("""
            paths:
              /a:
                get: { operationId: list_items, responses: { '204': { description: ok } } }
                post: { operationId: listItems, responses: { '204': { description: ok } } }
              /repos/{owner}/hooks:
                get:
                  operationId: repos/list-webhooks
                  parameters: [{ name: owner, in: path, required: true, schema: { type: string } }]
                  responses: { '204': { description: ok } }
              /pets/{petId}/photos:
                delete:
                  parameters: [{ name: petId, in: path, required: true, schema: { type: integer } }]
                  responses: { '204': { description: ok } }
              /service:
                get: { operationId: service, responses: { '204': { description: ok } } }
            """))
        let names = imported.spec.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
        #expect(names == ["  listItems:", "  listItems2:", "  reposListWebhooks:", "  deletePetsByPetIdPhotos:", "  serviceOperation:"])
        #expect(imported.noted("name", at: "#/paths/~1a/post/operationId", "listItems2"))
    }

    @Test func pathQueryAndHeaderParametersAreTypedAndOptionalUnlessRequired() throws {
        let imported = try importing(document("""
            paths:
              /pets/{petId}:
                parameters:
                  - { name: petId, in: path, required: true, description: The pet., schema: { type: integer, format: int64 } }
                get:
                  operationId: getPet
                  parameters:
                    - { name: page_size, in: query, schema: { type: integer, default: 20 } }
                    - { name: q, in: query, required: true, schema: { type: string } }
                    - { name: X-Request-ID, in: header, schema: { type: string, format: uuid } }
                    - { name: Accept, in: header, schema: { type: string } }
                    - { name: since, in: query, schema: { type: string, format: date } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "getPet:") == """
            getPet:
              get: /pets/{petId}
              path:
                petId:
                  type: Int64
                  summary: The pet.
              query:
                page_size: Int?
                q: String
                since: { type: "Date?", format: date }
              headers:
                X-Request-ID: UUID?
            """)
        // A day is a Date sent as 2024-05-01 now that parameters take `format:`; no approximation.
        #expect(!imported.noted("format", at: "#/paths/~1pets~1{petId}/get/parameters/4/schema", "format: date"))
    }

    @Test func listsAndObjectsFollowTheirStyles() throws {
        let imported = try importing(document("""
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - { name: tags, in: query, schema: { type: array, items: { type: string } } }
                    - { name: ids, in: query, explode: false, schema: { type: array, items: { type: integer } } }
                    - { name: states, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }
                    - { name: X-Flags, in: header, schema: { type: array, items: { type: string } } }
                    - name: filter
                      in: query
                      style: deepObject
                      required: true
                      schema: { type: object, required: [name], properties: { name: { type: string }, age: { type: integer } } }
                    - name: page
                      in: query
                      schema: { type: object, properties: { number: { type: integer }, size: { type: integer } } }
                    - { name: session, in: cookie, schema: { type: string } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "search:") == """
            search:
              get: /search
              query:
                tags: "[String]?"
                ids: String?
                states: String?
                filter[name]: String
                filter[age]: Int?
                number: Int?
                size: Int?
              headers:
                X-Flags: "[String]?"
            """)
        #expect(imported.noted("parameterStyle", at: "#/paths/~1search/get/parameters/1", "joins with commas"))
        #expect(imported.noted("parameterStyle", at: "#/paths/~1search/get/parameters/2", "joins with '|'"))
        #expect(imported.noted("cookie", at: "#/paths/~1search/get/parameters/6"))
    }

    @Test func argumentsThatCamelCaseAlikeAreRenamedWithTheirKey() throws {
        let imported = try importing(document("""
            paths:
              /items/{item-id}:
                get:
                  operationId: getItem
                  parameters:
                    - { name: item-id, in: path, required: true, schema: { type: string } }
                    - { name: item_id, in: query, schema: { type: string } }
                    - { name: '1st', in: query, schema: { type: string } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "getItem:") == """
            getItem:
              get: /items/{item-id}
              path: { item-id: String }
              query:
                itemId2: { type: "String?", key: item_id }
                oneSt: { type: "String?", key: 1st }
            """)
    }

    @Test func jsonContentParametersAndUndeclaredPlaceholdersAreText() throws {
        let imported = try importing(document("""
            paths:
              /files/{folder}/{name}:
                get:
                  operationId: getFile
                  parameters:
                    - { name: name, in: path, required: true, schema: { type: string } }
                    - { name: filter, in: query, content: { application/json: { schema: { type: object } } } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "getFile:") == """
            getFile:
              get: /files/{folder}/{name}
              path: { folder: String, name: String }
              query:
                filter: String?
            """)
        #expect(imported.noted("parameter", at: "#/paths/~1files~1{folder}~1{name}/get", "'folder'"))
        #expect(imported.noted("parameter", at: "#/paths/~1files~1{folder}~1{name}/get/parameters/1/content"))
    }

    @Test func argumentsNamedLikeSwiftKeywordsAreRenamed() throws {
        let imported = try importing(document("""
            paths:
              /images:
                get:
                  operationId: listImages
                  parameters:
                    - { name: private, in: query, schema: { type: boolean } }
                    - { name: type, in: query, schema: { type: string } }
                  responses: { '204': { description: ok } }
            """))
        #expect(block(imported.spec, startingWith: "listImages:") == """
            listImages:
              get: /images
              query:
                privateValue: { type: "Bool?", key: private }
                type: String?
            """)
    }

    @Test func deprecationOfEndpointsWithHeadersOrPagesGoesIntoTheDescription() throws {
        let imported = try importing(document("""
            paths:
              /old:
                get:
                  operationId: old
                  deprecated: true
                  responses: { '204': { description: ok } }
              /older:
                get:
                  operationId: older
                  deprecated: true
                  description: Use /old.
                  responses:
                    '200':
                      description: ok
                      headers: { ETag: { schema: { type: string } } }
                      content: { application/json: { schema: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "old:") == "old:\n  get: /old\n  deprecated: true")
        #expect(block(imported.spec, startingWith: "older:") == """
            older:
              get: /older
              description: |-
                Use /old.

                Deprecated.
              response: String
              responseHeaders:
                ETag: String?
            """)
        #expect(imported.noted("deprecated", at: "#/paths/~1older/get/deprecated"))
    }
}
