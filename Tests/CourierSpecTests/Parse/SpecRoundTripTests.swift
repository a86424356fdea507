import Testing
@testable import CourierSpec

/// A rich spec parsed end to end, asserting the model the generator receives.
@Suite struct SpecRoundTripTests {
    static let source = """
        courier: 1
        service: Petstore
        summary: The pet store.
        baseURL: https://petstore.example.com/v1
        environments:
          staging: https://staging.petstore.example.com/v1
          local: http://127.0.0.1:8080/v1
        headers: { Accept: application/json }
        timeout: 30s
        auth: bearer
        dates: iso8601
        keys: snakeCase
        errors:
          model: APIError
          codeField: code
          events: { MAINTENANCE: maintenanceMode, OBSOLETE_VERSION: obsoleteVersion }
        x-shared:
          timestamps: &timestamps
            created: { type: Date, key: created_at }
        models:
          APIError:
            code: String
            message: String?
          PetStatus:
            enum: [available, pending, sold]
          Pet:
            summary: A pet in the store.
            fields:
              <<: *timestamps
              id: Int
              name: String
              status: PetStatus = available
              tags: [String]
              owner: Owner?
          Owner:
            name: String
            pets: [Pet]
          NewPet:
            name: String
        endpoints:
          listPets:
            summary: List pets.
            get: /pets
            query:
              limit: Int? = 20
              status: { type: PetStatus?, key: pet_status, summary: Only these. }
            headers:
              X-Request-ID: String?
            response: [Pet]
            cache: { policy: localThenRemote, ttl: 5m }
            timeout: 500ms
          getPet:
            get: /pets/{id}
            path: { id: Int }
            response: Pet
            wares: [idempotencyKey, logging]
          createPet:
            post: /pets
            body: NewPet
            response: Pet
            deprecated: use addPet
          uploadPhoto:
            put: /pets/{id}/photo
            path:
              id: Int
            raw: image/png
          login:
            post: /login
            form: { user: String, password: String }
            auth: none
            response: Empty
        """

    @Test func parsesWithoutDiagnostics() {
        #expect(load(Self.source).diagnostics.map(\.brief) == [])
    }

    @Test func service() throws {
        let spec = try spec(Self.source)
        #expect(spec.file == testFile)
        #expect(spec.version == 1)
        #expect(spec.service.value == "Petstore")
        #expect(spec.summary == "The pet store.")
        #expect(spec.baseURL.value == "https://petstore.example.com/v1")
        #expect(spec.environments.map(\.value) == [
            NamedValue(name: "staging", value: "https://staging.petstore.example.com/v1"),
            NamedValue(name: "local", value: "http://127.0.0.1:8080/v1"),
        ])
        #expect(spec.headers.map(\.value) == [NamedValue(name: "Accept", value: "application/json")])
        #expect(spec.timeout?.value == 30)
        #expect(spec.auth?.value == "bearer")
        #expect(spec.dateFormat?.value == .iso8601)
        #expect(spec.keyStrategy?.value == .snakeCase)
        #expect(spec.errors?.model.value == "APIError")
        #expect(spec.errors?.codeField?.value == "code")
        #expect(spec.errors?.events.map(\.value) == [
            NamedValue(name: "MAINTENANCE", value: "maintenanceMode"),
            NamedValue(name: "OBSOLETE_VERSION", value: "obsoleteVersion"),
        ])
    }

    @Test func models() throws {
        let spec = try spec(Self.source)
        #expect(spec.models.map(\.name.value) == ["APIError", "PetStatus", "Pet", "Owner", "NewPet"])
        let pet = spec.models[2]
        #expect(pet.documentation.summary == "A pet in the store.")
        #expect("\(pet.name.location.line):\(pet.name.location.column)" == "26:3")
        guard case .object(let fields) = pet.kind else { throw ModelKindMismatch() }
        #expect(fields.map(\.name.value) == ["created", "id", "name", "status", "tags", "owner"])
        #expect(fields[0].key == "created_at")
        #expect(fields[3].defaultValue?.value == .scalar("available", quoted: false))
        #expect(fields[5].type.value == .optional(.named("Owner")))
        guard case .enumeration(let status) = spec.models[1].kind else { throw ModelKindMismatch() }
        #expect(status.cases.map(\.value.value) == ["available", "pending", "sold"])
    }

    @Test func endpoints() throws {
        let spec = try spec(Self.source)
        #expect(spec.endpoints.map(\.name.value) == ["listPets", "getPet", "createPet", "uploadPhoto", "login"])
        #expect(spec.endpoints.map(\.method?.value) == [.get, .get, .post, .put, .post])
        let list = spec.endpoints[0]
        #expect(list.path.value == "/pets")
        #expect(list.documentation.summary == "List pets.")
        #expect(list.queryParameters.map(\.name.value) == ["limit", "status"])
        #expect(list.queryParameters[0].defaultValue?.value == .scalar("20", quoted: false))
        #expect(list.queryParameters[1].key == "pet_status")
        #expect(list.queryParameters[1].documentation.summary == "Only these.")
        #expect(list.headerParameters.map(\.name.value) == ["X-Request-ID"])
        #expect(list.response?.value == .array(.named("Pet")))
        #expect(list.cache?.policy.value == .localThenRemote)
        #expect(list.cache?.ttl?.value == 300)
        #expect(list.timeout?.value == 0.5)
        let get = spec.endpoints[1]
        #expect(get.pathParameters.map(\.name.value) == ["id"])
        #expect(get.wares.map(\.value) == ["idempotencyKey", "logging"])
        guard case .json(let newPet) = spec.endpoints[2].body else { throw BodyMismatch() }
        #expect(newPet.value == .named("NewPet"))
        #expect(spec.endpoints[2].documentation.deprecated == Deprecation(message: "use addPet"))
        guard case .raw(let contentType) = spec.endpoints[3].body else { throw BodyMismatch() }
        #expect(contentType.value == "image/png")
        guard case .form(let fields, _) = spec.endpoints[4].body else { throw BodyMismatch() }
        #expect(fields.map(\.name.value) == ["user", "password"])
        #expect(spec.endpoints[4].auth?.value == "none")
        #expect(spec.endpoints[4].response?.value == .named("Empty"))
    }
}

/// An endpoint's body was not the kind the test expected.
struct BodyMismatch: Error {}
