import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import PetstoreAPI
import Testing

// The examples of `Sources/Courier/Courier.docc/MigratingFromOpenAPIGenerator.md`, run against the
// loopback server. The article copies the lines between each test's setup and its expectations
// verbatim (the documentation check finds them here), so edit both together. They use the
// generated Petstore client, not a copy of it, so the article shows what the generator produces.

/// What the article's examples need besides the generated Petstore client (`PetstoreAPI`, which the
/// plugin generates from `specs/petstore.courier.yaml`): the app's `signature` ware, the article's
/// ware and transport, and a loopback server answering with the spec's own samples. Namespaced away
/// from other tests' types.
enum OpenAPIDocs {
    /// The app's ware for the endpoints whose spec entry names `signature` (`createPet`): the
    /// generated `PetstoreClient` cannot be made without one.
    static let signature = Middleware { request, _ in
        var request = request
        if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed" }
        return .proceed(request)
    }

    /// The article's ware: what a ClientMiddleware that logs durations becomes.
    struct Timing: Ware {
        func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
            let response = try await next(request, context)
            context.logger.info("\(context.endpoint) answered \(response.status.code) after \(context.elapsed)")
            return response
        }
    }

    /// The article's transport: what a ClientTransport that wraps another becomes.
    struct CountingTransport: Transport {
        let base: any Transport
        let counter: RequestCounter
        func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
            counter.count(context.endpoint)
            return try await base.send(request, context: context)
        }
    }

    /// Counts requests by endpoint.
    final class RequestCounter: Sendable {
        private let counts = Locked<[String: Int]>([:])
        func count(_ endpoint: String) { counts.withLock { $0[endpoint, default: 0] += 1 } }
        subscript(endpoint: String) -> Int { counts.withLock { $0[endpoint] ?? 0 } }
    }

    /// `GET /pets/{id}`: the spec's 404 sample for id 404, else its pet sample (Rex) with an `ETag`.
    static func server() throws -> TestServer {
        let server = try TestServer()
        let json = TestServer.Field(name: "Content-Type", value: "application/json")
        server.route(.get, "/pets/{id}") { request in
            guard request.pathParameters["id"] != "404" else {
                return TestServer.Response(status: 404, headers: [json], body: Petstore.getPetSample404)
            }
            return TestServer.Response(
                status: 200, headers: [json, .init(name: "ETag", value: "\"v1\"")], body: Petstore.getPetSample)
        }
        server.start()
        return server
    }
}

@Suite("Documentation: Migrating from swift-openapi-generator")
struct MigratingFromOpenAPIGeneratorExamples {
    let signature = OpenAPIDocs.signature
    typealias Timing = OpenAPIDocs.Timing
    typealias CountingTransport = OpenAPIDocs.CountingTransport

    @Test("a generated Client with a transport and middlewares becomes a Client with a transport and wares")
    func client() async throws {
        let server = try OpenAPIDocs.server()
        defer { server.stop() }
        let service = Petstore.service().with(baseURL: server.baseURL)
        let counter = OpenAPIDocs.RequestCounter()
        let transport = CountingTransport(base: URLSessionTransport(), counter: counter)
        let client = try Client(service: service, transport: transport, wares: [Timing()])
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: signature))
        let pet = try await petstore.getPet(id: 1)
        #expect(pet.name == "Rex")
        #expect(counter["getPet"] == 1)
    }

    @Test("documented statuses: the value, or a thrown error carrying the response")
    func outputs() async throws {
        let server = try OpenAPIDocs.server()
        defer { server.stop() }
        let client = try Client(service: Petstore.service().with(baseURL: server.baseURL))
        let petstore = PetstoreClient(client: client, namedWares: .init(signature: signature))
        var missing = false
        do {
            let pet = try await petstore.getPet(id: 404)
            Issue.record("unexpected \(pet)")
        } catch let error as CourierError where error.status == .notFound {
            missing = true
        }
        #expect(missing)
    }

    @Test("the value with the response's head")
    func responseHead() async throws {
        let server = try OpenAPIDocs.server()
        defer { server.stop() }
        let client = try Client(service: Petstore.service().with(baseURL: server.baseURL))
        let response = try await client.response(for: Petstore.getPet(id: 1))
        let etag = response.http.headerFields[.eTag]
        #expect(response.value.name == "Rex")
        #expect(etag == "\"v1\"")
    }
}
