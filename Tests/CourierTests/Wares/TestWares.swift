import Courier
import Foundation
import HTTPTypes

/// Adds a header to every request.
struct HeaderInjector: Middleware {
    var name: String
    var value: String

    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        var request = request
        if let field = HTTPField.Name(name) { request.http.headerFields[field] = value }
        return .proceed(request)
    }
}

/// Answers every request itself, so the network is never used.
struct OfflineAnswer: Middleware {
    var body: String

    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        .respond(RawResponse(status: .ok, headers: [.contentType: "application/json"], body: Data(body.utf8)))
    }
}

/// An error of a ware's own.
struct Refusal: Error, Equatable {
    var reason: String
}

/// Throws ``Refusal`` before the network.
struct Refuser: Middleware {
    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        throw Refusal(reason: "not today")
    }
}

/// Calls `next` a second time when the first attempt fails.
struct RetryOnce: Ware {
    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        do { return try await next(request, context) } catch { return try await next(request, context) }
    }
}

/// Turns a 404 into an empty JSON list.
struct NotFoundIsEmpty: Postware {
    func process(
        _ result: Result<RawResponse, any Error>, for request: PreparedRequest, context: CallContext
    ) async throws -> RawResponse {
        if case .failure(let error as CourierError) = result, error.status == .notFound {
            return RawResponse(status: .ok, headers: [.contentType: "application/json"], body: Data("[]".utf8))
        }
        return try result.get()
    }
}

/// Logs `"<label> in"` on the way out and `"<label> out"` on the way back.
struct Tracer: Ware {
    var label: String
    var position: WarePosition
    var log: Recorder<String>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: (PreparedRequest, CallContext) async throws -> RawResponse
    ) async throws -> RawResponse {
        log.append("\(label) in")
        defer { log.append("\(label) out") }
        return try await next(request, context)
    }
}

/// Both a middleware (adds `X-Audit`) and a postware (logs the status it saw).
struct Audit: Middleware, Postware {
    var log: Recorder<String>

    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        log.append("prepare")
        var request = request
        if let name = HTTPField.Name("X-Audit") { request.http.headerFields[name] = "yes" }
        return .proceed(request)
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
struct Arrivals: Middleware {
    var position: WarePosition { .before(.coalescing) }
    let log: Recorder<Int>

    func prepare(_ request: PreparedRequest, context: CallContext) async throws -> MiddlewareDecision {
        log.append(1)
        return .proceed(request)
    }
}
