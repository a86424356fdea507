import Courier
import Foundation
import HTTPTypes
import PetstoreAPI
import PetstoreServer

/// A running Petstore server and a generated client logged in to it.
struct PetstoreHarness {
    let server: PetstoreServer
    let client: PetstoreClient

    /// Starts a server; `loggedIn` adds a bearer-token ware holding the server's token; `wares`
    /// and `clock` go to the client, and `configure` changes the generated service configuration.
    init(
        loggedIn: Bool = true, namedWares: PetstoreClient.NamedWares = .init(signature: AddSignature()),
        wares extra: [any Ware] = [], clock: any Clock<Duration> = ContinuousClock(),
        service configure: (inout ServiceConfiguration) -> Void = { _ in }
    ) throws {
        server = try PetstoreServer()
        let wares: [any Ware] = [RoomyTimeout()] + (loggedIn ? [StaticBearer(token: server.accessToken)] : []) + extra
        var service = Petstore.service(.local).with(baseURL: server.baseURL)
        configure(&service)
        let core = try Client(
            service: service,
            transport: URLSessionTransport(),
            wares: wares,
            clock: clock
        )
        client = PetstoreClient(client: core, namedWares: namedWares)
    }

    func stop() { server.stop() }
}

/// Gives every call at least 60 s: the spec's timeouts (10 s for createPet) are for the app, and
/// a full test run's first seconds load two cores with hundreds of tests, during which a loopback
/// call was seen to wait longer than that. No Petstore test is about a timeout.
struct RoomyTimeout: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        request.timeout = max(request.timeout, .seconds(60))
        return try await next(request, context)
    }
}

/// Adds the bearer token to requests that use the service's authentication, and the API key to
/// those that ask for the `apiKey` scheme.
struct StaticBearer: Ware {
    let token: String
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        switch request.authentication {
        case .service:
            request.http.headerFields[.authorization] = "Bearer \(token)"
        case .scheme("apiKey"):
            if let name = HTTPField.Name("X-API-Key") { request.http.headerFields[name] = PetstoreServer.apiKey }
        default:
            break
        }
        return try await next(request, context)
    }
}

/// The named ware the spec's `createPet` asks for: signs the request.
struct AddSignature: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed:\(request.body?.length ?? 0)" }
        return try await next(request, context)
    }
}
