import Testing

/// Parameters named like what the generated function bodies use (`client`, `maxPages`, `form`,
/// `namedWares`, …) get a suffix, as `request` does, and the code compiles.
@Suite struct ParameterClashTests {
    @Test func parametersNamedLikeTheGeneratedCodesNamesCompile() async throws {
        let (files, _) = try await Typecheck.yaml("""
            service: Zoo
            baseURL: https://zoo.example.com
            pagination: link
            models:
              Animal: { name: String }
            endpoints:
              findAnimals:
                get: /animals
                query: { client: String, namedWares: Int?, decoder: String?, response: String? }
                response: "[Animal]"
                wares: [audit]
              pagedAnimals:
                get: /animals/paged
                query: { maxPages: Int? }
                response: "[Animal]"
                pagination: true
              headedAnimal:
                get: /animals/{client}
                path: { client: String }
                response: Animal
                responseHeaders: { ETag: String? }
              uploadAnimal:
                post: /animals
                multipart: { form: String, fields: String, client: Data }
            """)
        let client = files.filter { $0.key.contains("Client") }.values.joined()
        #expect(client.contains("public func headedAnimal(client2: String) async throws -> Zoo.Animal {"))
        #expect(client.contains("return try await client.send(request)"))
        #expect(client.contains("maxPages2: Int? = nil, maxPages: Int? = nil) -> Pages<"))
        let endpoints = files.filter { $0.key.contains("Endpoints") }.values.joined()
        #expect(endpoints.contains(#"form.add("form", form2)"#))
    }
}
