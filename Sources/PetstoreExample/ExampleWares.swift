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
    func set(_ token: String) { self.token = token }
}

/// Prints one line per call: method, path, status or error, and time taken.
struct PrintCalls: Postware {
    var position: WarePosition { .observation }

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        let call = "\(request.http.method) \(request.http.path ?? "")"
        switch result {
        case .success(let response): print("  → \(call)  \(response.status.code) (\(response.body.count) bytes)")
        case .failure(let error): print("  → \(call)  failed: \(error)")
        }
        return try result.get()
    }
}

/// The named ware `createPet` asks for in the spec: an `Idempotency-Key` per create.
struct IdempotencyKey: Middleware {
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        var request = request
        if let name = HTTPField.Name("Idempotency-Key") { request.http.headerFields[name] = UUID().uuidString }
        return .proceed(request)
    }
}
