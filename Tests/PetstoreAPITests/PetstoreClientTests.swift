import Courier
import CourierTesting
import CourierTestServer
import Foundation
import PetstoreAPI
import Testing

/// Drives every endpoint of the plugin-generated Petstore client against the loopback server.
@Suite struct PetstoreClientTests {
    @Test func loginSendsAFormWithoutAuthentication() async throws {
        let harness = try PetstoreHarness(loggedIn: false)
        defer { harness.stop() }
        let tokens = try await harness.client.login(username: "ada", password: "lovelace")
        #expect(tokens.accessToken == harness.server.accessToken)
        #expect(tokens.refreshToken.hasPrefix("refresh-"))
        #expect(tokens.expiresIn == 3600)
        let sent = try #require(harness.server.server.requests.last)
        #expect(sent.header("Authorization") == nil)
        #expect(sent.bodyText == "username=ada&password=lovelace&scope=read")
    }

    @Test func listPetsEncodesQueryAndDecodesDefaultsEnumsAndDates() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let pets = try await harness.client.listPets(limit: 2, tags: ["cat", "bird"])
        #expect(pets.map(\.name) == ["Kiwi", "Tom"])
        let sent = try #require(harness.server.server.requests.last)
        #expect(sent.query == "limit=2&tags=cat&tags=bird&sort=name")
        let tom = try #require(pets.last)
        #expect(tom.status == .sold)
        #expect(tom.size == .small)
        #expect(tom.ownerID == 7)
        #expect(tom.createdAt == Date(timeIntervalSince1970: 1_714_651_200.25))
        #expect(tom.vaccinated == false, "missing key must take the spec default")
        #expect(tom.photos.isEmpty)
    }

    @Test func listPetsFiltersByEnumStatus() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let pending = try await harness.client.listPets(status: .pending)
        #expect(pending.map(\.name) == ["Kiwi"])
        #expect(harness.server.server.requests.last?.queryValues("status") == ["pending"])
    }

    @Test func createPatchUpdateAndDeleteRoundTrip() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let birthday = Date(timeIntervalSince1970: 1_700_000_000)
        let created = try await harness.client.createPet(body: .init(name: "Biscuit", tag: "dog", birthday: birthday))
        #expect(created.name == "Biscuit")
        #expect(created.status == .available)
        #expect(created.birthday == Date(timeIntervalSince1970: 1_699_920_000), "date-only format keeps the day")
        let createBody = try #require(harness.server.server.requests.last?.bodyText)
        #expect(createBody.contains(#""birthday":"2023-11-14""#), "per-field date format not used: \(createBody)")

        let patched = try await harness.client.patchPet(id: created.id, body: .init(status: .pending))
        #expect(patched.status == .pending)
        #expect(patched.name == "Biscuit")

        let updated = try await harness.client.updatePet(id: created.id, body: .init(name: "Biscuit II"))
        #expect(updated.name == "Biscuit II")
        #expect(updated.tag == nil, "PUT replaces the whole pet")

        try await harness.client.deletePet(id: created.id)
        await #expect {
            _ = try await harness.client.getPet(id: created.id)
        } throws: { error in
            // The spec's `errors:` envelope arrives typed, inside the one error type to catch.
            guard let error = error as? CourierError, error.kind == .serviceError,
                  case .apiError(let envelope)? = error.serviceError(as: Petstore.ServiceError.self)?.body else { return false }
            return error.status?.code == 404 && envelope.code == "NOT_FOUND" && error.call?.endpoint == "getPet"
        }
    }

    @Test func theNamedWareIsApplied() async throws {
        // A missing ware is a compile error now: NamedWares has one non-optional property per name.
        #expect(PetstoreClient.NamedWares(signature: AddSignature()).signature is AddSignature)
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        _ = try await harness.client.createPet(body: .init(name: "Y"))
        #expect(harness.server.server.requests.last?.header("X-Signature")?.hasPrefix("signed:") == true)
    }

    @Test func createIsRetriedWithOneIdempotencyKeyAndMakesOnePet() async throws {
        let clock = ManualClock()
        let harness = try PetstoreHarness(wares: [Retry()], clock: clock)
        defer { harness.stop() }
        let before = harness.server.petCount
        harness.server.failCreatesAfterStoring([503])
        let call = Task { try await harness.client.createPet(body: .init(name: "Once")) }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        let pet = try await call.value
        #expect(pet.name == "Once")
        #expect(harness.server.petCount == before + 1)
        let creates = harness.server.server.requests.filter { $0.method == .post && $0.path == "/v1/pets" }
        #expect(creates.count == 2)
        #expect(Set(creates.map { $0.header("Idempotency-Key") }).count == 1)
    }

    @Test func specRetrySettingsReachTheRequests() {
        #expect(Petstore.service().retry == RetryOptions(attempts: 3, statuses: [502, 503, 504]))
        #expect(Petstore.uploadPhoto(id: 1, body: Data()).retry == .never)
        #expect(Petstore.createPet(body: .init(name: "X")).idempotencyKeyHeader == "Idempotency-Key")
        #expect(Petstore.getPet(id: 1).idempotencyKeyHeader == nil)
    }

    @Test func headerParameterAndPathParameterEscaping() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let pet = try await harness.client.getPet(id: 1, xRequestID: "trace-1")
        #expect(pet.name == "Rex")
        #expect(harness.server.server.requests.last?.header("X-Request-ID") == "trace-1")
        let report = try await harness.client.petReport(kind: "daily/../summary")
        #expect(report.hasPrefix("report daily/../summary:"))
        #expect(harness.server.server.requests.last?.path == "/v1/reports/daily%2F..%2Fsummary")
    }

    @Test func rawStringAndDataBodies() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        try await harness.client.uploadPhoto(id: 2, body: Data([1, 2, 3, 4, 5]))
        #expect(harness.server.uploadedPhotoSize(of: 2) == 5)
        let export = try await harness.client.petExport()
        #expect(export == Data([1, 2, 3]))
        #expect(harness.server.server.requests.last?.header("Authorization") == nil, "apiKey endpoints carry no bearer token")
    }

    @Test func ownerDecodesEveryScalarKind() async throws {
        let harness = try PetstoreHarness()
        defer { harness.stop() }
        let owner = try await harness.client.getOwner(ownerID: 7)
        #expect(owner.name == "Ada")
        #expect(owner.token == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(owner.avatar == Data("png".utf8))
        #expect(owner.scores == ["walks": 12, "naps": 40])
        #expect(owner.lastSeen == Date(timeIntervalSince1970: 1_714_564_800.25))
        #expect(owner.email == nil)
        #expect(owner.rating == 4.5)
        #expect(owner.visits == 0, "missing Int32 key must take the spec default")
        #expect(owner.updatedAt == Date(timeIntervalSince1970: 1_714_564_800), "merged-in field from the x-audit anchor")
        #expect(owner.pets.count == 3)
    }

    @Test func missingTokenSurfacesAsUnauthorizedWithTheEnvelope() async throws {
        let harness = try PetstoreHarness(loggedIn: false)
        defer { harness.stop() }
        do {
            _ = try await harness.client.listPets()
            Issue.record("expected a 401")
        } catch let error as CourierError {
            #expect(error.status?.code == 401)
            #expect(error.kind == .serviceError)
            #expect(error.call?.endpoint == "listPets")
            let typed = try #require(error.serviceError(as: Petstore.ServiceError.self))
            #expect(typed.status == 401)
            guard case .apiError(let envelope) = typed.body else { Issue.record("\(typed.body)"); return }
            #expect(envelope.code == "UNAUTHORIZED")
        }
    }
}

