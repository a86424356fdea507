import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

// The examples of `Sources/Courier/Courier.docc/MigratingFromOpenAPIGenerator.md`, run against the
// loopback server. The article copies the lines between each test's setup and its expectations
// verbatim (the documentation check finds them here), so edit both together.

/// What the plugin generates from the article's spec, hand-written (this test target links no
/// generated client), and the article's ware and transport. Namespaced away from other tests' types.
enum OpenAPIDocs {
    /// The generated namespace: a model, the service configuration and a factory.
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
    }

    /// The generated facade: one method per endpoint.
    struct PetstoreClient: Sendable {
        let client: Client
        init(client: Client) { self.client = client }
        func getPet(id: Int64) async throws -> Petstore.Pet { try await client.send(Petstore.getPet(id: id)) }
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

    /// `GET /pets/{id}`: 404 for id 404, else Rex with an `ETag`.
    static func server() throws -> TestServer {
        let server = try TestServer()
        server.route(.get, "/pets/{id}") { request in
            guard request.pathParameters["id"] != "404" else { return .json(#"{"message":"No such pet"}"#, status: 404) }
            return TestServer.Response(
                status: 200, headers: [.init(name: "Content-Type", value: "application/json"), .init(name: "ETag", value: "\"v1\"")],
                body: Data(#"{"id":\#(request.pathParameters["id"] ?? "0"),"name":"Rex"}"#.utf8))
        }
        server.start()
        return server
    }
}

@Suite("Documentation: Migrating from swift-openapi-generator")
struct MigratingFromOpenAPIGeneratorExamples {
    typealias Petstore = OpenAPIDocs.Petstore
    typealias PetstoreClient = OpenAPIDocs.PetstoreClient
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
        let petstore = PetstoreClient(client: client)
        let pet = try await petstore.getPet(id: 1)
        #expect(pet.name == "Rex")
        #expect(counter["getPet"] == 1)
    }

    @Test("documented statuses: the value, or a thrown error carrying the response")
    func outputs() async throws {
        let server = try OpenAPIDocs.server()
        defer { server.stop() }
        let petstore = PetstoreClient(client: try Client(service: Petstore.service().with(baseURL: server.baseURL)))
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
