import CourierGenerator
import CourierSpec
import Foundation
import Testing

/// `sample:` and `samples:` through the real loader and translator, with sample files on disk:
/// bodies checked against the response or error model of their status, at the sample's line,
/// and the generated `<stem>.Samples.swift`.
@Suite struct SampleTranslationTests {
    /// The spec's first lines; its endpoints follow from line 19.
    private static let header = """
        courier: 1
        service: Shop
        baseURL: https://shop.example.com/v1
        errors:
          model: APIError
          statuses: { 422: Invalid }
        models:
          Pet:
            id: Int
            name: String
            status: PetStatus = available
          PetStatus: { enum: [available, sold] }
          APIError:
            code: String
            message: String
          Invalid:
            problems: [String]
        endpoints:

        """

    /// Writes `files` (name → text) beside a spec of `header + endpoints`, loads and translates it.
    private func generate(_ endpoints: String, files: [String: String]) throws -> (files: [String: String], diagnostics: [String]) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, text) in files { try directory.write(name, text) }
        let specPath = directory.path + "/shop.courier.yaml"
        try directory.write("shop.courier.yaml", Self.header + endpoints)
        let loaded = SpecLoader().load(files: [specPath])
        let (generated, translated) = try Rendering.render(loaded.specs, readFile: { try Data(contentsOf: URL(fileURLWithPath: $0)) })
        let all = loaded.diagnostics + translated
        return (generated, all.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" })
    }

    @Test func samplesPerStatusAreEmbeddedWithTheirHeaders() throws {
        let (files, diagnostics) = try generate("""
              getPet:
                get: /pets/{id}
                path: { id: Int }
                response: Pet
                sample: samples/pet.json
                samples:
                  404: samples/missing.json
                  503:
                    file: samples/down.html
                    headers: { Retry-After: "120" }
              deletePet:
                delete: /pets/{id}
                path: { id: Int }
              createPet:
                post: /pets
                response: Pet
              replacePet:
                put: /pets/{id}
                path: { id: Int }
                response: Pet
                sample: samples/pet.json
            """, files: [
                "samples/pet.json": #"{"id": 1, "name": "Rex"}"#,
                "samples/missing.json": #"{"code": "NOT_FOUND", "message": "No such pet"}"#,
                "samples/down.html": "<h1>Down</h1>",
            ])
        #expect(diagnostics == [])
        let samples = try #require(files["shop.Samples.swift"])
        #expect(samples.contains("""
                    "getPet": EndpointSamples(
                        endpoint: "getPet", method: .get, path: "/pets/{id}",
                        responses: [
                            ResponseSample(status: 200, headers: ["Content-Type": "application/json"], body: getPetSample),
                            ResponseSample(status: 404, headers: ["Content-Type": "application/json"], body: getPetSample404),
                            ResponseSample(
                                status: 503,
                                headers: ["Content-Type": "text/html; charset=utf-8", "Retry-After": "120"],
                                body: getPetSample503
                            ),
                        ]),
                    "deletePet": EndpointSamples(
                        endpoint: "deletePet", method: .delete, path: "/pets/{id}",
                        responses: [
                            ResponseSample(status: 204),
                        ]),
                    "createPet": EndpointSamples(
                        endpoint: "createPet", method: .post, path: "/pets",
                        responses: []),
            """))
        #expect(samples.contains("/// The 404 sample body of the \"getPet\" endpoint (`samples/missing.json`)."))
        #expect(samples.contains("public static let replacePetSample: Data = getPetSample"), "a file used twice is embedded once")
        #expect(samples.contains("public static let getPetSample503: Data = Data(#\"\"\"\n<h1>Down</h1>\n\"\"\"#.utf8)"))
        for (name, text) in files where name != "shop.Samples.swift" {
            #expect(!text.contains("Sample"), "\(name) mentions samples; they belong in the guarded file")
        }
    }

    /// Sample data must not reach an app's release build unless it asks: everything the Samples
    /// file declares sits inside `#if DEBUG || COURIER_SAMPLES`, which a release build (no
    /// `DEBUG`) compiles to nothing; an app opts in with `.define("COURIER_SAMPLES")`.
    @Test func theSamplesFileIsGuardedForReleaseBuilds() throws {
        let (files, _) = try generate("""
              listPets:
                get: /pets
                response: "[Pet]"
                sample: samples/pets.json
            """, files: ["samples/pets.json": #"[{"id": 1, "name": "Rex"}]"#])
        let lines = try #require(files["shop.Samples.swift"]).split(separator: "\n", omittingEmptySubsequences: false)
        let code = lines.enumerated().filter { !$0.element.isEmpty && !$0.element.hasPrefix("//") }
        #expect(code.first?.element == "#if DEBUG || COURIER_SAMPLES")
        #expect(code.last?.element == "#endif")
        #expect(code.filter { $0.element.hasPrefix("#if") || $0.element.hasPrefix("#endif") || $0.element.hasPrefix("#else") }.count == 2,
                "one guard around everything, nothing outside it")
        #expect(lines.contains { $0.contains(#""id": 1, "name": "Rex""#) }, "the body is embedded inside the guard")
    }

    @Test func bodiesThatDoNotFitTheirModelAreErrorsAtTheirLineNamingThePath() throws {
        let (_, diagnostics) = try generate("""
              listPets:
                get: /pets
                response: "[Pet]"
                sample: samples/pets.json
                samples:
                  404: samples/missing.json
                  422: { file: samples/invalid.json }
                  500: { file: samples/boom.txt, headers: { Content-Type: application/problem+json } }
                  502: samples/proxy.html
              petCount:
                get: /count
                response: Int
                samples: { 200: { headers: { X-Empty: "1" } } }
            """, files: [
                "samples/pets.json": #"[{"id": 1, "name": "Rex"}, {"id": "2", "status": "sould"}]"#,
                "samples/missing.json": #"{"code": 404}"#,
                "samples/invalid.json": #"{"problems": "name"}"#,
                "samples/boom.txt": "{oops",
                "samples/proxy.html": "<h1>Bad gateway</h1>",
            ])
        #expect(diagnostics.filter { !$0.contains(" is not JSON: ") } == [
            #"22:13: error: sample 'samples/pets.json' (200) of endpoint 'listPets' does not fit its response [Pet]: at [1].id: expected Int, found "2""#,
            "22:13: error: sample 'samples/pets.json' (200) of endpoint 'listPets' does not fit its response [Pet]: at [1]: missing key 'name' of Pet",
            #"22:13: warning: sample 'samples/pets.json' (200) of endpoint 'listPets': at [1].status: "sould" is not a case of PetStatus, so it decodes as .unknown; did you mean 'sold'?"#,
            "24:12: error: sample 'samples/missing.json' (404) of endpoint 'listPets' does not fit the error model APIError of status 404: at code: expected String, found 404",
            "24:12: error: sample 'samples/missing.json' (404) of endpoint 'listPets' does not fit the error model APIError of status 404: at the top level: missing key 'message' of APIError",
            #"25:20: error: sample 'samples/invalid.json' (422) of endpoint 'listPets' does not fit the error model Invalid of status 422: at problems: expected a list ([String]), found "name""#,
            "31:16: error: sample (200) of endpoint 'petCount' has no body, but its response Int needs one",
        ])
        // A body declared JSON must parse; the 502 page is not JSON and not tried as the envelope.
        #expect(diagnostics.filter { $0.contains(" is not JSON: ") } == [
            "26:20: error: sample 'samples/boom.txt' (500) of endpoint 'listPets' is not JSON: invalid value around line 1, column 2",
        ])
    }

    @Test func textAndBytesResponsesTakeAnyBodyButTextMustBeUTF8() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: directory.path + "/bad.txt"))
        let (_, diagnostics) = try generate("""
              report:
                get: /report
                response: String
                sample: \(directory.path)/bad.txt
              export:
                get: /export
                response: Data
                sample: \(directory.path)/bad.txt
              nothing:
                delete: /x
                samples: { 200: \(directory.path)/bad.txt }
            """, files: [:])
        #expect(diagnostics == [
            "22:13: error: sample '\(directory.path)/bad.txt' (200) of endpoint 'report' is not UTF-8 text, which its response String needs",
        ])
    }
}
