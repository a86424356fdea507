import Courier
import Foundation
import HTTPTypes

/// Prints one line per call: endpoint, method, path, status or error kind, and time taken. In
/// the observation slot, so it sees the whole call, decoding included.
let printCalls = Postware(position: .observation) { result, request, context in
    let call = "\(context.endpoint): \(request.http.method) \(request.http.path ?? "")"
    let took = context.elapsed.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))
    switch result {
    case .success(let response): print("  → \(call)  \(response.status.code) (\(response.body.length ?? 0) bytes, \(took))")
    case .failure(let error as CourierError): print("  → \(call)  failed (\(error.kind), \(took))")
    case .failure(let error): print("  → \(call)  failed: \(error)")
    }
    return try result.get()
}

/// The named ware `createPet` asks for in the spec: signs the request (here, trivially).
let signature = Middleware { request, _ in
    var request = request
    if let name = HTTPField.Name("X-Signature") { request.http.headerFields[name] = "signed:\(request.body?.length ?? 0)" }
    return .proceed(request)
}
