import Testing
@testable import CourierImport

/// Request bodies (JSON, form, multipart, raw), the success response, media types, response
/// headers, error responses → `errors:`, examples → samples.
@Suite struct BodyTests {
    @Test func jsonFormMultipartAndRawBodies() throws {
        let imported = try importing(document("""
            paths:
              /pets:
                post:
                  operationId: createPet
                  requestBody:
                    content:
                      application/json: { schema: { $ref: '#/components/schemas/NewPet' } }
                      application/xml: { schema: { $ref: '#/components/schemas/NewPet' } }
                  responses: { '204': { description: ok } }
              /login:
                post:
                  operationId: login
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          required: [user]
                          properties:
                            user: { type: string }
                            scopes: { type: array, items: { type: string } }
                            born: { type: string, format: date }
                  responses: { '204': { description: ok } }
              /pets/{id}/photos:
                post:
                  operationId: addPhoto
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [photo]
                          properties:
                            caption: { type: string }
                            takenOn: { type: string, format: date }
                            photo: { type: string, format: binary }
                            extra: { type: array, items: { type: string, format: binary } }
                            meta: { $ref: '#/components/schemas/NewPet' }
                        encoding:
                          photo: { contentType: 'image/png, image/jpeg' }
                  responses: { '204': { description: ok } }
              /pets/{id}/avatar:
                put:
                  operationId: putAvatar
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  requestBody:
                    content:
                      image/png: { schema: { type: string, format: binary } }
                  responses: { '204': { description: ok } }
            components:
              schemas:
                NewPet: { type: object, required: [name], properties: { name: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "createPet:") == "createPet:\n  post: /pets\n  body: NewPet")
        #expect(block(imported.spec, startingWith: "login:") == """
            login:
              post: /login
              form:
                user: String
                scopes: "[String]?"
                born: { type: "Date?", format: date }
            """)
        #expect(block(imported.spec, startingWith: "addPhoto:") == """
            addPhoto:
              post: /pets/{id}/photos
              path: { id: Int }
              multipart:
                caption: String?
                takenOn: { type: "Date?", format: date }
                photo: { type: File, contentType: image/png }
                extra: [File]
                meta: NewPet?
            """)
        #expect(block(imported.spec, startingWith: "putAvatar:") == """
            putAvatar:
              put: /pets/{id}/avatar
              path: { id: Int }
              raw: image/png
            """)
        #expect(imported.noted("requestBody", at: "#/paths/~1pets/post/requestBody/content/application~1xml", "only application/json"))
        #expect(imported.noted("multipart", at: "#/paths/~1pets~1{id}~1photos/post/requestBody/content/multipart~1form-data/encoding/photo"))
    }

    @Test func theLowestSuccessStatusIsTheResponseWithItsHeaders() throws {
        let imported = try importing(document("""
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    '200':
                      description: Pets.
                      headers:
                        Link: { schema: { type: string } }
                        X-Total: { required: true, schema: { type: integer } }
                        X-Expires: { schema: { type: string, format: date-time } }
                      content:
                        application/json:
                          schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
                    '206':
                      description: Some pets.
                      content: { application/json: { schema: { type: string } } }
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200':
                      description: A pet, in JSON or as text.
                      content:
                        application/json: { schema: { $ref: '#/components/schemas/Pet' } }
                        text/plain: { schema: { type: string } }
                delete:
                  operationId: deletePet
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses: { '204': { description: Deleted. } }
            components:
              schemas:
                Pet: { type: object, required: [name], properties: { name: { type: string } } }
            """))
        #expect(imported.spec.contains("pagination: link\n"))
        #expect(block(imported.spec, startingWith: "listPets:") == """
            listPets:
              get: /pets
              response: [Pet]
              responseHeaders:
                Link: String?
                X-Total: Int
                X-Expires: String?
              pagination: true
            """)
        #expect(imported.noted("header", at: "#/paths/~1pets/get/responses/200/headers/X-Expires", "read as a String"))
        #expect(imported.noted("response", at: "#/paths/~1pets/get/responses/206", "every success"))
        #expect(block(imported.spec, startingWith: "getPet:") == """
            getPet:
              get: /pets/{id}
              path: { id: Int }
              media:
                json: { accept: application/json, response: Pet }
                plain: { accept: text/plain, response: String }
            """)
        #expect(block(imported.spec, startingWith: "deletePet:") == "deletePet:\n  delete: /pets/{id}\n  path: { id: Int }")
    }

    @Test func errorResponsesBecomeTheServiceErrorsPerStatus() throws {
        let imported = try importing(document("""
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '204': { description: ok }
                    '404': { $ref: '#/components/responses/NotFound' }
                    '422': { description: Invalid., content: { application/json: { schema: { $ref: '#/components/schemas/Validation' } } } }
                    default: { $ref: '#/components/responses/Problem' }
              /b:
                get:
                  operationId: getB
                  responses:
                    '204': { description: ok }
                    '404': { $ref: '#/components/responses/NotFound' }
                    '422': { description: Invalid., content: { application/json: { schema: { $ref: '#/components/schemas/Validation' } } } }
                    '500': { description: Odd., content: { application/json: { schema: { $ref: '#/components/schemas/Validation' } } } }
            components:
              responses:
                NotFound: { description: Missing., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
                Problem: { description: Failed., content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
              schemas:
                Problem: { type: object, required: [message], properties: { message: { type: string } } }
                Validation: { type: object, required: [errors], properties: { errors: { type: array, items: { type: string } } } }
            """))
        #expect(imported.spec.contains("""
            errors:
              model: Problem
              statuses: { 422: Validation, 500: Validation }
            """))
    }

    @Test func examplesBecomeSamplesAndOnesThatDoNotFitAreReported() throws {
        let imported = try importing(document("""
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200':
                      description: A pet.
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Pet' }
                          examples:
                            rex: { value: { name: Rex, age: 3, born: '2020-01-02T03:04:05Z' } }
                    '404':
                      description: Missing.
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Problem' }
                          example: { message: no such pet }
              /pets:
                post:
                  operationId: createPet
                  requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                  responses:
                    '201':
                      description: Created.
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Pet' }
                          example: { name: 7 }
            components:
              schemas:
                Pet:
                  type: object
                  required: [name]
                  properties: { name: { type: string }, age: { type: integer }, born: { type: string, format: date-time } }
                Problem: { type: object, required: [message], properties: { message: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "getPet:").hasSuffix("""
              sample: samples/getPet.json
              samples:
                404: samples/getPet.404.json
            """))
        #expect(imported.samples["samples/getPet.json"] == """
            {
              "name": "Rex",
              "age": 3,
              "born": "2020-01-02T03:04:05Z"
            }

            """)
        #expect(imported.samples["samples/getPet.404.json"] == "{\n  \"message\": \"no such pet\"\n}\n")
        // A name that is a number does not fit the model: no sample, and the report says why.
        #expect(!block(imported.spec, startingWith: "createPet:").contains("sample"))
        #expect(imported.samples["samples/createPet.201.json"] == nil)
        #expect(imported.noted("example", at: "#/paths/~1pets/post/responses/201/content/application~1json/example", "name"))
    }

    @Test func anExampleSeveralEndpointsShareIsOneSampleFile() throws {
        let imported = try importing(document("""
            paths:
              /a:
                get:
                  operationId: getA
                  responses: { '204': { description: ok }, '404': { $ref: '#/components/responses/NotFound' } }
              /b:
                get:
                  operationId: getB
                  responses: { '204': { description: ok }, '404': { $ref: '#/components/responses/NotFound' } }
            components:
              responses:
                NotFound:
                  description: Missing.
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Problem' }
                      example: { message: not found }
              schemas:
                Problem: { type: object, required: [message], properties: { message: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "getA:").hasSuffix("samples:\n    404: samples/NotFound.json"))
        #expect(block(imported.spec, startingWith: "getB:").hasSuffix("samples:\n    404: samples/NotFound.json"))
        #expect(imported.samples.keys.sorted() == ["samples/NotFound.json"])
    }

    @Test func anOptionalRequestBodyIsSentAlwaysAndSaysSo() throws {
        let imported = try importing(document("""
            paths:
              /pets:
                post:
                  operationId: createPet
                  requestBody:
                    required: true
                    content: { application/json: { schema: { $ref: '#/components/schemas/NewPet' } } }
                  responses: { '204': { description: ok } }
                put:
                  operationId: replacePet
                  requestBody:
                    required: false
                    content: { application/json: { schema: { $ref: '#/components/schemas/NewPet' } } }
                  responses: { '204': { description: ok } }
                patch:
                  operationId: patchPet
                  requestBody: { $ref: '#/components/requestBodies/PetPatch' }
                  responses: { '204': { description: ok } }
            components:
              requestBodies:
                PetPatch:
                  content: { application/x-www-form-urlencoded: { schema: { properties: { name: { type: string } } } } }
              schemas:
                NewPet: { type: object, required: [name], properties: { name: { type: string } } }
            """))
        #expect(block(imported.spec, startingWith: "replacePet:") == "replacePet:\n  put: /pets\n  body: NewPet")
        #expect(block(imported.spec, startingWith: "patchPet:") == "patchPet:\n  patch: /pets\n  form:\n    name: String?")
        // `required: false`, and no `required` at all (OpenAPI's default is false); `required: true` is not noted.
        #expect(imported.approximations.filter { $0.hasPrefix("[optionalBody]") } == [
            "[optionalBody] #/paths/~1pets/put/requestBody: request body is optional in the document; Courier sends it always",
            "[optionalBody] #/paths/~1pets/patch/requestBody: request body is optional in the document; Courier sends it always",
        ])
    }
}
