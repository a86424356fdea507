import Courier
import CourierTestServer
import CourierTesting
import Foundation
import HTTPTypes
import PetstoreAPI
import Testing

// The examples of `Sources/Courier/Courier.docc/MigratingFromMoya.md`, run against the loopback
// server (the stub examples against `StubTransport`, which is what they show). The article copies
// the lines between each test's setup and its expectations verbatim (the documentation check finds
// them here), so edit both together. They use the generated Petstore client, not a copy of it, so
// the article shows what the generator really produces.

/// What the article's examples need besides the generated Petstore client (`PetstoreAPI`, which the
/// plugin generates from `specs/petstore.courier.yaml`): the app's `signature` ware, a progress
/// bar and a loopback server answering with the spec's own samples.
enum MoyaDocs {
    /// The app's ware for the endpoints whose spec entry names `signature` (`createPet`): the
    /// generated `PetstoreClient` cannot be made without one.
    static let signature = Middleware { request, _ in
        var request = request
        if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed" }
        return .proceed(request)
    }

    /// A progress bar, as an app would have: it keeps the last fraction.
    final class ProgressBar: Sendable {
        private let value = Locked(0.0)
        func update(_ fraction: Double) { value.withLock { $0 = fraction } }
        var fraction: Double { value.withLock { $0 } }
    }

    /// `GET /pets/{id}` (the spec's 404 sample for id 404, else its pet sample, Rex) and
    /// `POST /pets/{id}/photo`.
    static func server() throws -> TestServer {
        let server = try TestServer()
        let json = [TestServer.Field(name: "Content-Type", value: "application/json")]
        server.route(.get, "/pets/{id}") { request in
            request.pathParameters["id"] == "404"
                ? TestServer.Response(status: 404, headers: json, body: Petstore.getPetSample404)
                : TestServer.Response(status: 200, headers: json, body: Petstore.getPetSample)
        }
        server.route(.post, "/pets/{id}/photo") { _ in .status(204) }
        server.start()
        return server
    }
}

@Suite("Documentation: Migrating from Moya")
struct MigratingFromMoyaExamples {
    let signature = MoyaDocs.signature

    @Test("a provider's request becomes a client's typed call")
    func typedCall() async throws {
        let server = try MoyaDocs.server()
        defer { server.stop() }
        let service = Petstore.service().with(baseURL: server.baseURL)
        let client = try Client(service: service, wares: [RequestLogging()])
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: signature))
        let pet = try await petstore.getPet(id: 1)
        #expect(pet.name == "Rex" && pet.ownerID == 7, "samples/pet.json")
    }

    @Test("a status Moya would filter is a thrown CourierError")
    func errors() async throws {
        let server = try MoyaDocs.server()
        defer { server.stop() }
        let client = try Client(service: Petstore.service().with(baseURL: server.baseURL))
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: signature))
        var status: HTTPResponse.Status?
        var message: String?
        do {
            _ = try await petstore.getPet(id: 404)
        } catch let error as CourierError where error.kind == .serviceError {
            status = error.status
            if case .apiError(let envelope)? = error.serviceError(as: Petstore.ServiceError.self)?.body {
                message = envelope.message
            }
        }
        #expect(status == .notFound)
        #expect(message == "No pet with this ID", "samples/pet-missing.json, decoded as the spec's APIError")
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
        _ = try await client.send(Petstore.getPet(id: 1))
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
        let client = try Client(service: Petstore.service(), transport: stub)
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: signature))
        await #expect(throws: CourierError.self) { try await petstore.getPet(id: 1) }
        stub.setBehavior(nil, for: "getPet")
        #expect(try await petstore.getPet(id: 1).name == "Rex")
    }
}
