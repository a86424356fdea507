import CourierSpec
import Foundation
import Testing
@testable import CourierImport

/// The whole run: splitting by tag, `--strict`, the report, the service name, 3.0 and 3.1.
@Suite struct ImportRunTests {
    static let tagged = """
        openapi: 3.0.3
        info: { title: Pet Store API, version: '1' }
        servers: [{ url: 'https://pets.example.com' }]
        tags: [{ name: pets, description: Everything about pets. }, { name: store }]
        paths:
          /pets:
            get:
              tags: [pets]
              summary: List pets.
              operationId: listPets
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
          /orders:
            post:
              tags: [store]
              operationId: placeOrder
              requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } } }
              responses: { '204': { description: ok } }
          /health:
            get: { operationId: health, responses: { '204': { description: ok } } }
        components:
          schemas:
            Pet: { type: object, required: [name], properties: { name: { type: string } } }
            Order: { type: object, required: [pet], properties: { pet: { $ref: '#/components/schemas/Pet' } } }
        """

    @Test func oneFileByDefaultWithTheServiceNamedAfterTheTitle() throws {
        let imported = try importing(Self.tagged)
        #expect(imported.specs.keys.sorted() == ["petstore.courier.yaml"])
        #expect(imported.spec.hasPrefix("""
            # Imported by courier-import from openapi.yaml (OpenAPI 3.0.3). Edit freely: it is not generated again.
            # What could not be said exactly in Courier's language is listed in courier-import-report.txt.
            courier: 1
            service: PetStore
            summary: Pet Store API
            baseURL: https://pets.example.com

            """))
        #expect(imported.spec.contains("""
            endpoints:
              # == pets ==
              # List pets.
              listPets:
                get: /pets
                summary: List pets.
                response: [Pet]

              # == store ==
              placeOrder:
            """))
    }

    @Test func splittingByTagPutsModelsInTheMainFileAndEndpointsPerTag() throws {
        let imported = try importing(Self.tagged, options: ImportOptions(service: "Shop", split: .tags))
        #expect(imported.specs.keys.sorted() == ["shop-pets.courier.yaml", "shop-store.courier.yaml", "shop.courier.yaml"])
        let main = try #require(imported.specs["shop.courier.yaml"])
        #expect(main.contains("models:\n  Pet: { name: String }\n  Order: { pet: Pet }"))
        #expect(main.contains("endpoints:\n  health:\n    get: /health"))
        let pets = try #require(imported.specs["shop-pets.courier.yaml"])
        #expect(pets.contains("service: ShopPets\nsummary: \"Pet Store API: pets.\"\ndescription: Everything about pets.\n"))
        #expect(pets.contains("endpoints:\n  # List pets.\n  listPets:"))
        #expect(!pets.contains("models:"))
    }

    @Test func strictTurnsApproximationsIntoErrorsAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("openapi.yaml", document("""
            paths: {}
            components:
              schemas:
                Odd: { type: object, properties: { a: { type: string, not: { enum: [x] }, maxLength: 2 } } }
            """))
        let outcome = ImportRun.run(
            input: directory.path + "/openapi.yaml", output: directory.path + "/out", options: ImportOptions(), strict: true)
        #expect(outcome.failed)
        #expect(outcome.errors.map(\.description) == [
            directory.path + "/openapi.yaml:7:64: error: [not] #/components/schemas/Odd/properties/a/not: "
                + "`not` has no Courier equivalent; left out (the value is not checked against it)",
        ])
        #expect(outcome.written.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out"))
        // Without --strict the same document imports, and the unchecked maxLength does not fail it.
        let relaxed = ImportRun.run(
            input: directory.path + "/openapi.yaml", output: directory.path + "/out", options: ImportOptions(), strict: false)
        #expect(!relaxed.failed)
    }

    @Test func theReportIsWrittenWhenTheInputCouldBeReadAndOnlyThen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("openapi.yaml", document("""
            paths: {}
            components: { schemas: { Odd: { type: object, properties: { a: { not: { type: string } } } } } }
            """))
        let report = directory.path + "/reports/import.txt"
        let outcome = ImportRun.run(
            input: directory.path + "/openapi.yaml", output: directory.path + "/out", options: ImportOptions(), strict: false,
            reportPath: report)
        #expect(outcome.reportPath == report)
        let text = try #require(directory.read("reports/import.txt"))
        #expect(text.hasPrefix("# courier-import report for \(directory.path)/openapi.yaml\n# 1 approximation (not 1); 0 unchecked"))
        #expect(text.contains(": approximation: [not] #/components/schemas/Odd/properties/a/not: "))

        try directory.write("broken.yaml", "openapi: 3.0.3\npaths: { /a: { $ref: 'missing.yaml' } }\n")
        let broken = ImportRun.run(
            input: directory.path + "/broken.yaml", output: directory.path + "/out2", options: ImportOptions(), strict: false,
            reportPath: directory.path + "/reports/broken.txt")
        #expect(broken.failed)
        #expect(broken.reportPath == nil)
        #expect(directory.read("reports/broken.txt") == nil)
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/out2"))
    }

    @Test func importingTwiceWritesTheSameFiles() throws {
        let first = try importing(Self.tagged, options: ImportOptions(split: .tags))
        let second = try importing(Self.tagged, options: ImportOptions(split: .tags))
        #expect(first.specs == second.specs)
        #expect(first.samples == second.samples)
    }

    @Test func theReportListsEachNoteWithItsPointerAndCountsThemByKind() throws {
        let imported = try importing(document("""
            paths:
              /a:
                get:
                  operationId: getA
                  parameters: [{ name: sid, in: cookie, schema: { type: string } }]
                  callbacks: { done: {} }
                  responses: { '204': { description: ok, links: { next: { operationId: getA } } } }
            components:
              schemas:
                Odd: { type: object, properties: { a: { type: string, not: { enum: [x] }, pattern: '^a' } } }
            """))
        let report = imported.outcome.report
        #expect(report.summary == "4 approximations (callbacks 1, cookie 1, links 1, not 1); 1 unchecked validation keyword (pattern 1)")
        let text = report.rendered(input: "openapi.yaml")
        #expect(text.contains("approximation: [callbacks] #/paths/~1a/get/callbacks: callbacks"))
        #expect(text.contains("unchecked: [pattern] #/components/schemas/Odd/properties/a/pattern: pattern ^a is not checked"))
    }

    @Test func theSameDocumentIn30And31ImportsAlike() throws {
        let body = """
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Pet' } } } } }
            components:
              schemas:
                Pet: { type: object, required: [name], properties: { name: { type: string }, tag: { type: string } } }
            """
        let old = try importing(document("3.0.3", body))
        let new = try importing(document("3.1.0", body))
        #expect(old.spec.replacingOccurrences(of: "3.0.3", with: "3.1.0") == new.spec)
    }

    @Test func serviceNamesComeFromTitles() {
        #expect(OpenAPIImporter.serviceName(fromTitle: "DigitalOcean API") == "DigitalOcean")
        #expect(OpenAPIImporter.serviceName(fromTitle: "GitHub's official OpenAPI spec + Octokit extension") == "GitHub")
        #expect(OpenAPIImporter.serviceName(fromTitle: "Swagger Petstore - OpenAPI 3.0") == "Petstore")
        #expect(OpenAPIImporter.serviceName(fromTitle: "Petstore") == "Petstore")
        #expect(OpenAPIImporter.serviceName(fromTitle: "v2") == "API")
        #expect(OpenAPIImporter.serviceName(fromTitle: nil) == "API")
    }
}
