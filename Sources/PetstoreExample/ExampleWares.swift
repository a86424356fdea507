import Courier
import Foundation
import HTTPTypes

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
        case .success(let response): print("  → \(call)  \(response.status.code) (\(response.body.length ?? 0) bytes, \(took))")
        case .failure(let error as CourierError): print("  → \(call)  failed (\(error.kind), \(took))")
        case .failure(let error): print("  → \(call)  failed: \(error)")
        }
        return try result.get()
    }
}

/// The named ware `createPet` asks for in the spec: signs the request (here, trivially).
struct Signature: Middleware {
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        var request = request
        if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed:\(request.body?.length ?? 0)" }
        return .proceed(request)
    }
}
