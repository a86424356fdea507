import Courier
import Foundation
import HTTPTypes

/// Adds a header to every request.
struct HeaderInjector: Ware {
    var name: String
    var value: String

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let field = HTTPField.Name(name) { request.http.headerFields[field] = value }
        return try await next(request, context)
    }
}

/// Answers every request itself, so the network is never used.
struct OfflineAnswer: Ware {
    var body: String

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        RawResponse(status: .ok, headers: [.contentType: "application/json"], body: Data(body.utf8))
    }
}

/// An error of a ware's own.
struct Refusal: Error, Equatable {
    var reason: String
}

/// Throws ``Refusal`` before the network.
struct Refuser: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        throw Refusal(reason: "not today")
    }
}

/// Calls `next` a second time when the first attempt fails.
struct RetryOnce: Ware {
    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        do { return try await next(request, context) } catch { return try await next(request, context) }
    }
}

/// Turns a 404 into an empty JSON list.
struct NotFoundIsEmpty: Ware {
    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        if case .failure(let error as CourierError) = result, error.status == .notFound {
            return RawResponse(status: .ok, headers: [.contentType: "application/json"], body: Data("[]".utf8))
        }
        return try result.get()
    }

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        try await process(await next.result(request, context), for: request, context: context)
    }
}

/// Logs `"<label> in"` on the way out and `"<label> out"` on the way back.
struct Tracer: Ware {
    var label: String
    var position: WarePosition
    var log: Recorder<String>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        log.append("\(label) in")
        defer { log.append("\(label) out") }
        return try await next(request, context)
    }
}

/// Both a middleware (adds `X-Audit`) and a postware (logs the status it saw).
struct Audit: Ware {
    var log: Recorder<String>

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        log.append("prepare")
        var request = request
        if let name = HTTPField.Name("X-Audit") { request.http.headerFields[name] = "yes" }
        return try await process(await next.result(request, context), for: request, context: context)
    }

    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        let status = (try? result.get().status.code).map(String.init) ?? "failure"
        let audit = HTTPField.Name("X-Audit").flatMap { request.http.headerFields[$0] } ?? "-"
        log.append("process \(status) audit=\(audit)")
        return try result.get()
    }
}

/// Counts the calls about to reach the coalescing ware.
struct Arrivals: Ware {
    var position: WarePosition { .before(.coalescing) }
    let log: Recorder<Int>

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        log.append(1)
        return try await next(request, context)
    }
}
