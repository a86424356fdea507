import CourierTestServer
import Foundation

/// An in-memory Petstore on a loopback ``TestServer``, speaking the API that
/// `petstore.courier.yaml` describes, under the `/v1` prefix.
///
/// Used by the example and the Petstore tests. It checks what a real backend would: a bearer
/// token on every call but login, an `Idempotency-Key` on creates, the content type of uploads,
/// and answers errors with the spec's `APIError` envelope.
///
/// ```swift
/// let server = try PetstoreServer()
/// defer { server.stop() }
/// let service = Petstore.service(.local).with(baseURL: server.baseURL)
/// ```
public final class PetstoreServer: Sendable {
    /// The API key `/export` (`auth: apiKey` in the spec) wants in `X-API-Key`.
    public static let apiKey = "petstore-api-key"
    /// The user name login accepts.
    public static let username = "ada"
    /// The password login accepts.
    public static let password = "lovelace"

    /// The underlying server, for request records and extra routes.
    public let server: TestServer
    /// The access token login hands out and every other call must carry.
    public var accessToken: String { state.token }
    let state: PetStoreState

    /// Starts the server on a free port.
    public init() throws {
        server = try TestServer()
        state = PetStoreState(token: "token-\(UUID().uuidString.prefix(8))")
        installRoutes()
        server.start()
    }

    /// `http://127.0.0.1:<port>/v1`: the base URL for the Petstore service.
    public var baseURL: URL { server.baseURL.appendingPathComponent("v1") }

    /// How many bytes were uploaded as the photo of pet `id`.
    public func uploadedPhotoSize(of id: Int64) -> Int? { state.uploadedBytes(id) }

    /// The document stored about pet `id` (`uploadPetDocument`), with the content type it came with.
    public func document(of id: Int64) -> (bytes: Data, contentType: String)? { state.document(id) }

    /// Makes the next creates store their pet and then answer `statuses` (one per create), as a
    /// gateway losing the answer would; a retry with the same `Idempotency-Key` gets the pet.
    public func failCreatesAfterStoring(_ statuses: [Int]) { state.failCreates(statuses) }

    /// Puts the server in maintenance (every call answers 503 with the code `MAINTENANCE`) or
    /// takes it out.
    public func setMaintenance(_ on: Bool) { state.maintenance = on }

    /// Makes the current access token invalid (as its expiry would): the next call is answered
    /// 401 until the client refreshes.
    public func expireAccessToken() { state.expireToken() }

    /// Makes every refresh token invalid, as a revoked session would.
    public func revokeRefreshTokens() { state.revokeRefreshTokens() }

    /// How many token refreshes the server made.
    public var refreshCount: Int { state.refreshes }

    /// How many pets there are.
    public var petCount: Int { state.all().count }

    /// Stops the server.
    public func stop() { server.stop() }

    private func installRoutes() {
        let state = self.state
        route(.post, "/auth/login", authenticated: false) { request in Self.login(request, state) }
        route(.post, "/auth/refresh", authenticated: false) { request in Self.refresh(request, state) }
        route(.get, "/pets") { request in Self.list(request, state) }
        route(.post, "/pets") { request in Self.create(request, state) }
        route(.get, "/pets/{id}") { request in
            Self.withPet(request, state) { pet in .json(Self.encode(pet.json)) }
        }
        route(.put, "/pets/{id}") { request in Self.update(request, state, replacing: true) }
        route(.patch, "/pets/{id}") { request in Self.update(request, state, replacing: false) }
        route(.delete, "/pets/{id}") { request in
            Self.withPet(request, state) { pet in _ = state.remove(pet.id); return .status(204) }
        }
        route(.post, "/pets/{id}/photo") { request in
            guard request.header("Content-Type") == "image/png" else {
                return Self.error(415, "UNSUPPORTED_MEDIA", "photos must be image/png")
            }
            return Self.withPet(request, state) { pet in
                state.recordUpload(pet.id, bytes: request.body.count)
                return .status(204)
            }
        }
        installDocumentRoutes()
        route(.get, "/reports/{kind}") { request in
            let kind = request.pathParameters["kind"]?.removingPercentEncoding ?? ""
            if kind == "crash" { return .text("<html>boom</html>", status: 500) }
            if kind == "legacy" {
                var response = TestServer.Response.text("report legacy")
                response.headers.append(.init(name: "X-App-Obsolete", value: "1"))
                return response
            }
            let pets = state.all()
            return .text("report \(kind): \(pets.count) pets, \(pets.filter { $0.status == "available" }.count) available")
        }
        let apiKey = Self.apiKey
        route(.get, "/export", authenticated: false) { request in
            guard request.header("X-API-Key") == apiKey else { return Self.error(401, "UNAUTHORIZED", "an API key is required") }
            return TestServer.Response(
                status: 200, headers: [TestServer.Field(name: "Content-Type", value: "application/octet-stream")],
                body: Data(state.all().map { UInt8(truncatingIfNeeded: $0.id) }))
        }
        server.route(.get, "/v2/stock/{petID}") { request in
            guard let id = request.pathParameters["petID"].flatMap(Int64.init), let pet = state.pet(id) else {
                return Self.error(404, "NOT_FOUND", "no pet \(request.pathParameters["petID"] ?? "")")
            }
            var item: [String: Any] = [
                "item_id": Int(pet.id) * 100, "status": pet.status, "in_stock": 3, "last_counted_at": "2024-05-01T12:00:00Z",
                "restock_due_on": pet.id == 2 ? "2024-05-20" : NSNull(),
            ]
            if pet.id == 2 { item["discontinued_on"] = NSNull() }
            return .json(Self.encode(item))
        }
        route(.get, "/owners/{ownerID}/profile") { request in
            guard request.pathParameters["ownerID"] == "7" else { return Self.error(404, "NOT_FOUND", "no such owner") }
            let owner: [String: Any] = [
                "id": 7, "name": "Ada", "pets": state.all().filter { $0.ownerID == 7 }.map(\.json),
                "token": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "avatar": Data("png".utf8).base64EncodedString(),
                "scores": ["walks": 12, "naps": 40], "last_seen": 1_714_564_800_250,
                "rating": 4.5, "updated_at": "2024-05-01T12:00:00Z",
            ]
            return .json(Self.encode(owner))
        }
    }

    /// `http://127.0.0.1:<port>/v2`: the base URL for the Inventory service, whose JSON keys are snake_case.
    public var inventoryBaseURL: URL { server.baseURL.appendingPathComponent("v2") }

    /// Registers a handler under `/v1`, refusing calls without the bearer token when `authenticated`.
    func route(
        _ method: TestServer.Method, _ path: String, authenticated: Bool = true,
        _ handler: @escaping @Sendable (TestServer.Request) -> TestServer.Response
    ) {
        let state = self.state
        server.route(method, "/v1" + path) { request in
            if state.maintenance { return Self.error(503, "MAINTENANCE", "back at six") }
            if authenticated, request.header("Authorization") != "Bearer \(state.token)" {
                return Self.error(401, "UNAUTHORIZED", "a bearer token is required")
            }
            return handler(request)
        }
    }
}
