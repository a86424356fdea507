#if MockServer
@testable import CourierMock
import Courier
import Foundation
import PetstoreAPI
import Testing

/// The generated Petstore client against courier-mock serving its own spec, in this process:
/// every endpoint answers from its samples (or says it has none), `Prefer` picks another
/// sample, latency is applied, and each request is logged.
@Suite struct MockServerPetstoreTests {
    @Test func everyEndpointAnswersFromItsSampleOrSaysItHasNone() async throws {
        let mock = try await MockHarness.start()
        let petstore = try mock.petstore()
        #expect(try await petstore.listPets(limit: 2, status: .available, tags: ["a", "b"]).map(\.name) == ["Rex", "Tom"])
        let rex = try await petstore.getPet(id: 1, xRequestID: "r-1")
        #expect(rex.name == "Rex" && rex.size == .large && rex.vaccinated)
        #expect(try await petstore.createPet(body: .init(name: "Bella", tag: "dog", birthday: Date(timeIntervalSince1970: 0))).id == 1)
        try await petstore.deletePet(id: 1)
        try await petstore.uploadPhoto(id: 1, body: Data([0x89, 0x50, 0x4E, 0x47]))
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("mock-doc-\(UUID().uuidString).txt")
        try Data("a record".utf8).write(to: document)
        defer { try? FileManager.default.removeItem(at: document) }
        try await petstore.uploadPetDocument(id: 1, file: document, contentType: "text/plain")
        let downloaded = try await petstore.downloadPetDocument(id: 1)
        defer { try? FileManager.default.removeItem(at: downloaded) }
        #expect(try String(contentsOf: downloaded, encoding: .utf8).hasPrefix("Vaccination record of Rex"))
        #expect(try await petstore.login(username: "ann", password: "secret", otp: "123456").accessToken == "sample-access-token")

        // Endpoints without a 2xx sample pass the checks (every body kind) and answer 501 saying so.
        let withoutSamples: [(String, () async throws -> Void)] = [
            ("updatePet", { _ = try await petstore.updatePet(id: 1, body: .init(name: "Rex")) }),
            ("patchPet", { _ = try await petstore.patchPet(id: 1, body: .init(status: .sold)) }),
            ("addPetPhoto", { _ = try await petstore.addPetPhoto(id: 1, photo: UploadFile(data: Data([1, 2]), fileName: "a.jpg"), caption: "wet") }),
            ("petReport", { _ = try await petstore.petReport(kind: "weekly") }),
            ("petExport", { _ = try await petstore.petExport() }),
            ("getOwner", { _ = try await petstore.getOwner(ownerID: 7) }),
            ("refreshToken", { _ = try await petstore.refreshToken(refreshToken: "r") }),
        ]
        for (name, call) in withoutSamples {
            let error = await courierError(call)
            #expect(error?.status?.code == 501, "\(name): \(String(describing: error))")
            let problem = error?.response.flatMap { try? JSONSerialization.jsonObject(with: $0.collectedBody()) as? [String: Any] }
            #expect((problem?["detail"] as? String)?.contains("endpoint \(name) (") == true, "\(name): \(String(describing: problem))")
        }

        let lines = mock.lines.withLock { $0 }
        #expect(lines.contains { $0.hasPrefix("GET /v1/pets/1 200 getPet samples/pet.json ") && $0.hasSuffix("ms") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("POST /v1/pets 201 createPet samples/pet.json ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("DELETE /v1/pets/1 204 deletePet sample 204 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("GET /v1/export 501 petExport problem ") }, "\(lines)")
        #expect(lines.count == 8 + withoutSamples.count, "one line per request: \(lines)")
        try await mock.stop()
    }

    @Test func preferCodePicksAStatusesSampleWhichTheClientDecodesIntoItsTypedError() async throws {
        let mock = try await MockHarness.start()
        let missing = await courierError { _ = try await mock.petstore(wares: [Prefer(value: "code=404")]).getPet(id: 1) }
        #expect(missing?.kind == .serviceError)
        guard case .apiError(let envelope)? = missing?.serviceError(as: Petstore.ServiceError.self)?.body else {
            Issue.record("\(String(describing: missing))")
            return
        }
        #expect(envelope.code == "NOT_FOUND" && envelope.message == "No pet with this ID")
        #expect(missing?.response?.http.headerFields[.init("Preference-Applied")!] == "code=404")

        // 422 decodes as the spec's errors.statuses model; the 503 sample carries its Retry-After.
        let invalid = await courierError { _ = try await mock.petstore(wares: [Prefer(value: "code=422")]).createPet(body: .init(name: "Rex")) }
        guard case .status422(let validation)? = invalid?.serviceError(as: Petstore.ServiceError.self)?.body else {
            Issue.record("\(String(describing: invalid))")
            return
        }
        #expect(validation.problems == ["name must not be blank"])
        let down = await courierError { _ = try await mock.petstore(wares: [Prefer(value: "code=503")]).listPets() }
        #expect(down?.response?.http.headerFields[.retryAfter] == "120")

        // A status without a sample answers with no body.
        let teapot = try await mock.raw("GET", "/pets/1", headers: ["Prefer": "code=418"])
        #expect(teapot.status == 418 && teapot.body.isEmpty)
        #expect(mock.lines.withLock { $0 }.last?.hasPrefix("GET /pets/1 418 getPet no sample ") == true)
        try await mock.stop()
    }

    @Test func preferExampleNamesASampleFileByItsStem() async throws {
        let mock = try await MockHarness.start()
        let missing = await courierError { _ = try await mock.petstore(wares: [Prefer(value: "example=pet-missing")]).getPet(id: 1) }
        #expect(missing?.status?.code == 404)
        #expect(missing?.serviceError(as: Petstore.ServiceError.self) != nil)
        // The file as the spec writes it works too; a quoted value, and other preferences beside it.
        let written = try await mock.raw("GET", "/v1/pets/1", headers: ["Prefer": #"respond-async, example="samples/pet-missing.json""#])
        #expect(written.status == 404 && written.headers["preference-applied"] == "example=samples/pet-missing.json")
        // A name no sample has, or one of another status than `code=` asks for: 400 naming the samples.
        let unknown = try await mock.raw("GET", "/v1/pets/1", headers: ["Prefer": "example=pet-mising"])
        #expect(unknown.status == 400 && unknown.headers["content-type"] == "application/problem+json")
        #expect(unknown.errorFields == ["header:Prefer"])
        #expect(unknown.errorDetails.first == "endpoint getPet has no sample named 'pet-mising' (its samples: pet, pet-missing); did you mean 'pet-missing'?")
        let conflicting = try await mock.raw("GET", "/v1/pets/1", headers: ["Prefer": "code=200, example=pet-missing"])
        #expect(conflicting.status == 400)
        let badCode = try await mock.raw("GET", "/v1/pets/1", headers: ["Prefer": "code=abc"])
        #expect(badCode.status == 400 && badCode.errorDetails == ["code=abc is not a status from 200 to 599"])
        try await mock.stop()
    }

    @Test func latencyIsWaitedBeforeEachAnswer() async throws {
        let latency = Duration.milliseconds(300)
        let mock = try await MockHarness.start(latency: latency)
        let petstore = try mock.petstore()
        _ = try await petstore.getPet(id: 1)  // connected before timing
        let clock = ContinuousClock()
        for _ in 0..<2 {
            let start = clock.now
            _ = try await petstore.getPet(id: 1)
            #expect(clock.now - start >= latency)
        }
        // The log's duration includes it too.
        let logged = mock.lines.withLock { $0 }.compactMap { line in line.split(separator: " ").last.flatMap { Double($0.dropLast(2)) } }
        #expect(logged.count == 3 && logged.allSatisfy { $0 >= 300 }, "\(logged)")
        try await mock.stop()
    }

    @Test func aSpecWithErrorsIsNotServedAndSaysWhere() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("shop.courier.yaml")
        try """
            courier: 1
            service: Shop
            baseURL: https://shop.example.com
            models:
              Item: { id: Int }
            endpoints:
              getItem:
                get: /items/1
                response: Item
                sample: item.json
            """.write(to: spec, atomically: true, encoding: .utf8)
        try #"{"id": "one"}"#.write(to: directory.appendingPathComponent("item.json"), atomically: true, encoding: .utf8)
        #expect {
            try MockService.load(specFiles: [spec.path])
        } throws: { error in
            (error as? MockLoadError)?.description.contains("shop.courier.yaml:10:13: error: sample 'item.json' (200) of endpoint 'getItem' does not fit its response Item") == true
        }
    }
}
#endif
