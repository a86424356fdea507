import CourierGenerator
import CourierSpec
import Foundation

/// The Petstore spec of `Sources/PetstoreAPI/petstore.courier.yaml`, built by hand (every feature
/// of the spec language), with its two sample files in memory.
enum PetstoreFixture {
    static let samples: [String: String] = [
        "specs/samples/pets.json": "[\n  {\"id\": 1, \"name\": \"Rex\", \"owner_id\": 7, \"created_at\": \"2024-05-01T12:00:00Z\"}\n]\n",
        "specs/samples/pet.json": "{\"id\": 1, \"name\": \"Rex \\\"the dog\\\" #1\", \"owner_id\": 7, \"created_at\": \"2024-05-01T12:00:00Z\"}\n",
    ]

    /// Reads the in-memory samples; any other path fails like a missing file.
    static let readFile: Translator.FileReader = { path in
        let relative = path.hasPrefix(FileManager.default.currentDirectoryPath + "/")
            ? String(path.dropFirst(FileManager.default.currentDirectoryPath.count + 1)) : path
        guard let text = samples[relative] else { throw CocoaError(.fileReadNoSuchFile) }
        return Data(text.utf8)
    }

    static var spec: Spec {
        var spec = Build.spec(models: models, endpoints: endpoints, auth: "bearer")
        spec.summary = "A small pet store."
        spec.description = "Pets, their owners and their photos."
        spec.baseURL = Build.located("https://petstore.example.com/v1")
        spec.environments = [
            Build.located(NamedValue(name: "staging", value: "https://staging.petstore.example.com/v1")),
            Build.located(NamedValue(name: "local", value: "http://127.0.0.1:8080/v1")),
        ]
        spec.headers = [
            Build.located(NamedValue(name: "Accept", value: "application/json")),
            Build.located(NamedValue(name: "X-Client", value: "courier-petstore")),
        ]
        spec.timeout = Build.located(30)
        spec.dateFormat = Build.located(.iso8601)
        spec.keyStrategy = Build.located(.useDefaultKeys)
        spec.errors = ErrorEnvelope(
            model: Build.located("APIError"), codeField: Build.located("code"),
            events: [
                Build.located(NamedValue(name: "MAINTENANCE", value: "maintenanceMode")),
                Build.located(NamedValue(name: "OBSOLETE_VERSION", value: "obsoleteVersion")),
            ])
        return spec
    }

    static var models: [Model] {
        [
            Build.object("Pet", summary: "A pet in the store.", description: "Pets are listed, created, renamed and sold.", [
                Build.field("id", "Int64"),
                Build.field("name", "String"),
                Build.field("tag", "String?"),
                Build.field("status", "PetStatus", default: Build.scalar("available")),
                Build.field("ownerID", "Int", key: "owner_id"),
                Build.field("createdAt", "Date", key: "created_at", format: .iso8601),
                Build.field("birthday", "Date?", format: .date),
                Build.field("photos", "[URL]", default: .sequence([])),
                Build.field("weight", "Double?"),
                Build.field("vaccinated", "Bool", default: Build.scalar("false")),
                Build.field("size", "PetSize", default: Build.scalar("2")),
                Build.field("attributes", "[String: String]?"),
                Build.field("extra", "JSON?"),
                Build.field(
                    "legacyCode", "String?", key: "legacy_code", summary: "The code the old system gave the pet.",
                    deprecated: "Use tag instead."),
            ]),
            Build.enumeration("PetStatus", summary: "Where a pet is in the sales process.", [
                ("available", nil), ("pending", nil), ("sold", nil),
            ]),
            Build.enumeration("PetSize", rawType: .integer, summary: "Size class, as an integer code.", [
                ("1", "small"), ("2", "medium"), ("3", "large"),
            ]),
            Build.object("NewPet", [
                Build.field("name", "String"),
                Build.field("tag", "String?"),
                Build.field("status", "PetStatus", default: Build.scalar("available")),
                Build.field("birthday", "Date?", format: .date),
            ]),
            Build.object("PetPatch", [
                Build.field("name", "String?"), Build.field("tag", "String?"), Build.field("status", "PetStatus?"),
            ]),
            Build.object("Owner", [
                Build.field("id", "Int"),
                Build.field("name", "String"),
                Build.field("email", "String?"),
                Build.field("pets", "[Pet]"),
                Build.field("homepage", "URL?"),
                Build.field("token", "UUID"),
                Build.field("avatar", "Data?"),
                Build.field("scores", "[String: Int]"),
                Build.field("lastSeen", "Date", key: "last_seen", format: .millisecondsSince1970),
            ]),
            Build.object("Credentials", [Build.field("username", "String"), Build.field("password", "String")]),
            Build.object("TokenPair", [
                Build.field("accessToken", "String", key: "access_token"),
                Build.field("refreshToken", "String", key: "refresh_token"),
                Build.field("expiresIn", "Int", key: "expires_in"),
            ]),
            Build.object("Page", deprecated: Deprecation(), [Build.field("items", "[Pet]"), Build.field("next", "String?")]),
            Build.object("APIError", [Build.field("code", "String"), Build.field("message", "String")]),
        ]
    }

    static var endpoints: [Endpoint] {
        let id = Build.parameter("id", "Int64")
        return [
            Build.endpoint(
                "listPets", "GET", "/pets",
                query: [
                    Build.parameter("limit", "Int?"), Build.parameter("status", "PetStatus?"), Build.parameter("tags", "[String]?"),
                    Build.parameter("sort", "String", default: Build.scalar("name"), summary: "Field to sort by."),
                ],
                response: "[Pet]", cache: CacheSetting(policy: Build.located(.localThenRemote), ttl: Build.located(300)),
                sample: "samples/pets.json", summary: "Lists pets, optionally filtered."),
            Build.endpoint(
                "getPet", "GET", "/pets/{id}", pathParameters: [id], headers: [Build.parameter("X-Request-ID", "String?")],
                response: "Pet", sample: "samples/pet.json", summary: "Fetches one pet."),
            Build.endpoint(
                "createPet", "POST", "/pets", body: .json(Build.located(.named("NewPet"))), response: "Pet",
                wares: ["idempotencyKey"], timeout: 10, summary: "Adds a pet."),
            Build.endpoint("updatePet", "PUT", "/pets/{id}", pathParameters: [id], body: .json(Build.located(.named("NewPet"))), response: "Pet"),
            Build.endpoint("patchPet", "PATCH", "/pets/{id}", pathParameters: [id], body: .json(Build.located(.named("PetPatch"))), response: "Pet"),
            Build.endpoint("deletePet", "DELETE", "/pets/{id}", pathParameters: [id], response: "Empty", summary: "Removes a pet."),
            Build.endpoint(
                "uploadPhoto", "POST", "/pets/{id}/photo", pathParameters: [id],
                body: .raw(contentType: Build.located("image/png")), response: "Empty", summary: "Uploads a photo of a pet."),
            Build.endpoint(
                "petReport", "GET", "/reports/{kind}", pathParameters: [Build.parameter("kind", "String")], response: "String",
                summary: "A plain-text report."),
            Build.endpoint("petExport", "GET", "/export", response: "Data", deprecated: Deprecation(message: "Use listPets instead.")),
            Build.endpoint(
                "getOwner", "GET", "/owners/{ownerID}/profile", pathParameters: [Build.parameter("ownerID", "Int", key: "ownerID")],
                response: "Owner"),
            Build.endpoint(
                "login", "POST", "/auth/login",
                body: .form([
                    Build.parameter("username", "String"), Build.parameter("password", "String"),
                    Build.parameter("scope", "String", default: Build.scalar("read")),
                ], at: Build.at()),
                response: "TokenPair", auth: "none", summary: "Exchanges credentials for tokens."),
        ]
    }
}
