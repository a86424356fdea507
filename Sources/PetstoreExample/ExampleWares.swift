import Courier
import Foundation
import HTTPTypes

/// Adds `Authorization: Bearer <token>` to requests that use the service's authentication.
/// The token arrives after login, so it lives in an actor the app updates.
struct BearerToken: Middleware {
    let store: TokenStore

    var position: WarePosition { .authentication }

    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        guard request.options.authentication == .service, let token = await store.token else { return .proceed(request) }
        var request = request
        request.http.headerFields[.authorization] = "Bearer \(token)"
        return .proceed(request)
    }
}

/// Where the example keeps its access token.
actor TokenStore {
    private(set) var token: String?
    func set(_ token: String?) { self.token = token }
}

/// Prints one line per call: endpoint, method, path, status or error kind, and time taken. In
/// the observation slot, so it sees the whole call, decoding included.
struct PrintCalls: Postware {
    var position: WarePosition { .observation }

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        let call = "\(context.endpoint): \(request.http.method) \(request.http.path ?? "")"
        let took = context.elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))
        switch result {
        case .success(let response): print("  → \(call)  \(response.status.code) (\(response.body.count) bytes, \(took))")
        case .failure(let error as CourierError): print("  → \(call)  failed (\(error.kind), \(took))")
        case .failure(let error): print("  → \(call)  failed: \(error)")
        }
        return try result.get()
    }
}

/// Publishes `sessionEnded` when an authenticated call is answered 401: the app listens on
/// `client.events` and shows its login screen.
struct SessionGuard: Postware {
    var position: WarePosition { .events }

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        if case .failure(let error as CourierError) = result, error.status == .unauthorized,
           request.options.authentication != .none {
            context.publish(StandardEvent.sessionEnded(reason: "\(context.endpoint) was answered 401"))
        }
        return try result.get()
    }
}

/// The named ware `createPet` asks for in the spec: signs the request (here, trivially).
struct Signature: Middleware {
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        var request = request
        if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed:\(request.body?.count ?? 0)" }
        return .proceed(request)
    }
}
