import CourierSpec
import Testing
@testable import CourierImport

/// Reading a description: YAML and JSON, files joined by relative `$ref`s with JSON pointers, and
/// errors at the file and line of bad input.
@Suite struct DocumentSetTests {
    static let root = """
        openapi: 3.0.3
        info: { title: Shop, version: '1' }
        servers: [{ url: 'https://shop.example.com' }]
        paths:
          /items/{id}:
            get:
              $ref: 'operations/get_item.yml'
        """
    static let operation = """
        operationId: get_item
        parameters:
          - $ref: '../shared/parameters.yml#/item_id'
        responses:
          '200':
            description: An item.
            content:
              application/json:
                schema: { $ref: '../models/item.yml' }
        """
    static let parameters = """
        item_id:
          name: id
          in: path
          required: true
          schema: { $ref: 'types.yml#/identifiers/item%20id' }
        """
    static let types = """
        identifiers:
          item id: { type: string, format: uuid }
          'a/b~c': { type: integer }
        """
    static let item = """
        type: object
        required: [id, price]
        properties:
          id: { $ref: '../shared/types.yml#/identifiers/item%20id' }
          price: { $ref: '#/$defs/money' }
          weird: { $ref: '../shared/types.yml#/identifiers/a~1b~0c' }
          parent: { $ref: 'item.yml' }
        $defs:
          money: { type: object, required: [cents], properties: { cents: { type: integer } } }
        """

    @Test func filesAndJSONPointersAreFollowedRelativeToTheFileThatRefersToThem() throws {
        let imported = try importing([
            ("api/openapi.yaml", Self.root), ("api/operations/get_item.yml", Self.operation),
            ("api/shared/parameters.yml", Self.parameters), ("api/shared/types.yml", Self.types), ("api/models/item.yml", Self.item),
        ])
        #expect(block(imported.spec, startingWith: "Item:") == """
            Item:
              id: UUID
              price: Money
              weird: Int?
              parent: Item?
            """)
        #expect(block(imported.spec, startingWith: "Money:") == "Money: { cents: Int }")
        #expect(block(imported.spec, startingWith: "getItem:") == """
            getItem:
              get: /items/{id}
              path: { id: UUID }
              response: Item
            """)
        #expect(imported.outcome.statistics.documentsRead == 5)
    }

    @Test func aMissingFileIsAnErrorAtTheReferenceNamingIt() {
        let result = converting([("openapi.yaml", Self.root)])
        #expect(result.errors.map(\.description) == [
            "/input/openapi.yaml:7:13: error: cannot read '/input/operations/get_item.yml', which `$ref` 'operations/get_item.yml' names: no such file",
        ])
    }

    @Test func aMissingRootFileIsAnErrorNamingItAndNothingIsWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = directory.path + "/specs/openapi.yaml"
        let outcome = ImportRun.run(input: input, output: directory.path + "/out", options: ImportOptions(), strict: false)
        #expect(outcome.failed)
        #expect(outcome.errors.map(\.description) == ["\(input):1:1: error: cannot read the OpenAPI document '\(input)': no such file"])
        #expect(outcome.written == [])
        #expect(directory.read("out/courier-import-report.txt") == nil)
    }

    @Test func aBrokenPointerIsAnErrorAtTheReference() {
        let result = converting([
            ("openapi.yaml", document("""
                paths: {}
                components:
                  schemas:
                    Pet: { type: object, properties: { owner: { $ref: '#/components/schemas/Owner' } } }
                    Person: { type: object }
                """)),
        ])
        #expect(result.errors.map(\.description) == [
            "/input/openapi.yaml:7:55: error: cannot resolve `$ref` '#/components/schemas/Owner': this file has no 'Owner' at '#/components/schemas'",
        ])
    }

    @Test func aReferenceToAURLIsAnError() {
        let result = converting([("openapi.yaml", document("""
            paths: {}
            components:
              schemas:
                Pet: { $ref: 'https://example.com/pet.yaml' }
            """))])
        #expect(result.errors.first?.message.contains("points at a URL") == true)
        #expect(result.errors.first?.location.line == 7)
    }

    @Test func jsonIsReadLikeYAML() throws {
        let json = """
            {
              "openapi": "3.1.0",
              "info": { "title": "Shop", "version": "1" },
              "servers": [{ "url": "https://shop.example.com" }],
              "paths": {
                "/items": {
                  "get": {
                    "operationId": "listItems",
                    "responses": {
                      "200": {
                        "description": "Items.",
                        "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/Item" } } } }
                      }
                    }
                  }
                }
              },
              "components": { "schemas": { "Item": { "type": "object", "required": ["name"], "properties": { "name": { "type": "string" } } } } }
            }
            """
        let fromJSON = try importing(json, name: "openapi.json")
        let yaml = """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            servers: [{ url: 'https://shop.example.com' }]
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    '200':
                      description: Items.
                      content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } }
            components: { schemas: { Item: { type: object, required: [name], properties: { name: { type: string } } } } }
            """
        let fromYAML = try importing(yaml)
        #expect(fromJSON.spec.replacingOccurrences(of: "openapi.json", with: "openapi.yaml") == fromYAML.spec)
        #expect(fromYAML.spec.contains("Item: { name: String }"))
    }

    @Test func somethingThatIsNotOpenAPIIsAnError() {
        #expect(converting([("spec.yaml", "service: Petstore\nbaseURL: https://x.example.com\n")]).errors.map(\.description) == [
            "/input/spec.yaml:1:1: error: not an OpenAPI document: there is no `openapi:` version at the top level",
        ])
        #expect(converting([("swagger.yaml", "swagger: '2.0'\ninfo: { title: Old, version: '1' }\n")]).errors.map(\.description) == [
            "/input/swagger.yaml:1:10: error: this is a Swagger 2.0 document; convert it to OpenAPI 3 first (for example with swagger2openapi)",
        ])
        #expect(converting([("list.yaml", "- a\n- b\n")]).errors.first?.message.contains("not a mapping") == true)
        #expect(converting([("v2.yaml", "openapi: 2.5.0\n")]).errors.first?.message.contains("not supported") == true)
    }

    @Test func aYAMLSyntaxErrorIsReportedAtItsLine() {
        let result = converting([("openapi.yaml", "openapi: 3.0.3\ninfo:\n  title: [unclosed\n")])
        #expect(result.errors.first?.location.file == "/input/openapi.yaml")
        #expect(result.errors.first?.location.line == 4 || result.errors.first?.location.line == 3)
    }

    @Test func pointersAreEscapedAndDecoded() {
        #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
        #expect(JSONPointer.tokens("/paths/~1pets~1%7Bid%7D/get") == ["paths", "/pets/{id}", "get"])
        #expect(JSONPointer.tokens("") == [])
        #expect(JSONPointer.tokens("no-slash") == nil)
        #expect(DocumentSet.standardized("/a/./b/../c") == "/a/c")
        #expect(DocumentSet.standardized("../x/../../y", keepRelative: true) == "../../y")
    }
}
