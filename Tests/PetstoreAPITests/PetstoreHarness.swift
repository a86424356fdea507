import Courier
import Foundation
import HTTPTypes
import PetstoreAPI
import PetstoreServer

/// A running Petstore server and a generated client logged in to it.
struct PetstoreHarness {
    let server: PetstoreServer
    let client: PetstoreClient

    /// Starts a server; `loggedIn` adds a bearer-token ware holding the server's token.
    init(loggedIn: Bool = true, namedWares: [String: any Ware] = ["idempotencyKey": AddIdempotencyKey()]) throws {
        server = try PetstoreServer()
        let wares: [any Ware] = loggedIn ? [StaticBearer(token: server.accessToken)] : []
        let core = try Client(
            service: Petstore.service(.local).with(baseURL: server.baseURL),
            transport: URLSessionTransport(),
            wares: wares
        )
        client = PetstoreClient(client: core, namedWares: namedWares)
    }

    func stop() { server.stop() }
}

/// Adds the bearer token to requests that use the service's authentication, and the API key to
/// those that ask for the `apiKey` scheme.
struct StaticBearer: Middleware {
    let token: String
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        var request = request
        switch request.options.authentication {
        case .service:
            request.http.headerFields[.authorization] = "Bearer \(token)"
        case .scheme("apiKey"):
            if let name = HTTPField.Name("X-API-Key") { request.http.headerFields[name] = PetstoreServer.apiKey }
        default:
            break
        }
        return .proceed(request)
    }
}

/// The named ware the spec's `createPet` asks for.
struct AddIdempotencyKey: Middleware {
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        var request = request
        if let name = HTTPField.Name("Idempotency-Key") { request.http.headerFields[name] = UUID().uuidString }
        return .proceed(request)
    }
}
