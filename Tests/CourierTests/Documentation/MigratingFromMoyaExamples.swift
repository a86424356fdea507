import Courier
import CourierTestServer
import CourierTesting
import Foundation
import HTTPTypes
import Testing

// The examples of `Sources/Courier/Courier.docc/MigratingFromMoya.md`, run against the loopback
// server (the stub examples against `StubTransport`, which is what they show). The article copies
// the lines between each test's setup and its expectations verbatim (the documentation check finds
// them here), so edit both together.

/// What the plugin generates from the article's spec, hand-written: this test target links no
/// generated client. Namespaced away from other tests' types.
enum MoyaDocs {
    /// The generated namespace: models, the service configuration, factories and samples.
    enum Petstore {
        struct Pet: Codable, Sendable, Equatable {
            var id: Int64
            var name: String
        }

        static func service() -> ServiceConfiguration {
            ServiceConfiguration(name: "Petstore", baseURL: URL(string: "https://petstore.example.com/v1") ?? URL(fileURLWithPath: "/"))
        }

        static func getPet(id: Int64) -> Request<Pet> {
            var request = Request<Pet>(method: .get, path: "/pets/{id}", name: "getPet")
            request.setPathParameter("id", to: id)
            return request
        }

        static func uploadPhoto(id: Int64, body: Data) -> Request<Void> {
            var request = Request<Void>(method: .post, path: "/pets/{id}/photo", name: "uploadPhoto")
            request.setPathParameter("id", to: id)
            request.body = .data(body, contentType: "image/png")
            return request
        }

        static let samples: [String: EndpointSamples] = [
            "getPet": EndpointSamples(endpoint: "getPet", method: .get, path: "/pets/{id}", responses: [
                ResponseSample(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id": 1, "name": "Rex"}"#.utf8)),
                ResponseSample(status: 404, headers: ["Content-Type": "application/json"], body: Data(#"{"message": "No such pet"}"#.utf8)),
            ]),
        ]
    }

    /// The generated facade: one method per endpoint.
    struct PetstoreClient: Sendable {
        let client: Client
        init(client: Client) { self.client = client }
        func getPet(id: Int64) async throws -> Petstore.Pet { try await client.send(Petstore.getPet(id: id)) }
    }

    /// A progress bar, as an app would have: it keeps the last fraction.
    final class ProgressBar: Sendable {
        private let value = Locked(0.0)
        func update(_ fraction: Double) { value.withLock { $0 = fraction } }
        var fraction: Double { value.withLock { $0 } }
    }

    /// `GET /pets/{id}` (404 for id 404) and `POST /pets/{id}/photo`.
    static func server() throws -> TestServer {
        let server = try TestServer()
        server.route(.get, "/pets/{id}") { request in
            request.pathParameters["id"] == "404"
                ? .json(#"{"message":"No such pet"}"#, status: 404)
                : .json(#"{"id":\#(request.pathParameters["id"] ?? "0"),"name":"Rex"}"#)
        }
        server.route(.post, "/pets/{id}/photo") { _ in .status(204) }
        server.start()
        return server
    }
}

@Suite("Documentation: Migrating from Moya")
struct MigratingFromMoyaExamples {
    typealias Petstore = MoyaDocs.Petstore
    typealias PetstoreClient = MoyaDocs.PetstoreClient

    @Test("a provider's request becomes a client's typed call")
    func typedCall() async throws {
        let server = try MoyaDocs.server()
        defer { server.stop() }
        let service = Petstore.service().with(baseURL: server.baseURL)
        let client = try Client(service: service, wares: [RequestLogging()])
        let petstore = PetstoreClient(client: client)
        let pet = try await petstore.getPet(id: 1)
        #expect(pet == Petstore.Pet(id: 1, name: "Rex"))
    }

    @Test("a status Moya would filter is a thrown CourierError")
    func errors() async throws {
        let server = try MoyaDocs.server()
        defer { server.stop() }
        let petstore = PetstoreClient(client: try Client(service: Petstore.service().with(baseURL: server.baseURL)))
        var status: HTTPResponse.Status?
        do {
            _ = try await petstore.getPet(id: 404)
        } catch let error as CourierError where error.kind == .status {
            status = error.status
        }
        #expect(status == .notFound)
    }

    @Test("plugins become wares")
    func plugins() async throws {
        let server = try MoyaDocs.server()
        defer { server.stop() }
        let service = Petstore.service().with(baseURL: server.baseURL)
        let userAgent = Middleware { request, _ in
            var request = request
            request.http.headerFields[.userAgent] = "PetsApp/2.0"
            return .proceed(request)
        }
        let missingPets = Postware { result, _, context in
            if case .failure(let error as CourierError) = result, error.status == .notFound {
                context.logger.warning("no such pet")
            }
            return try result.get()
        }
        let client = try Client(service: service, wares: [userAgent, missingPets])
        _ = try await PetstoreClient(client: client).getPet(id: 1)
        #expect(server.requests.first?.header("User-Agent") == "PetsApp/2.0")
    }

    @Test("upload progress")
    func progress() async throws {
        let server = try MoyaDocs.server()
        defer { server.stop() }
        let client = try Client(service: Petstore.service().with(baseURL: server.baseURL))
        let bar = MoyaDocs.ProgressBar()
        let photo = Data(count: 10_000)
        var upload = Petstore.uploadPhoto(id: 1, body: photo)
        upload.onProgress = { progress in
            bar.update(progress.fractionCompleted ?? 0)
        }
        try await client.send(upload)
        #expect(bar.fraction == 1)
    }

    @Test("stub closures become behaviours of a StubTransport")
    func stubs() async throws {
        let stub = StubTransport(samples: Petstore.samples, behavior: .delayed(by: .milliseconds(200)))
        stub.setBehavior(.status(404), for: "getPet")
        let petstore = PetstoreClient(client: try Client(service: Petstore.service(), transport: stub))
        await #expect(throws: CourierError.self) { try await petstore.getPet(id: 1) }
        stub.setBehavior(nil, for: "getPet")
        #expect(try await petstore.getPet(id: 1).name == "Rex")
    }
}
