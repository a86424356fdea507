import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// A service's error envelope, written as the generator writes `ServiceError`.
private struct ShopError: ServiceFailure, CustomStringConvertible {
    struct Body: Decodable, Sendable { var code: String; var message: String }
    var body: Body
    var response: RawResponse
    var description: String { "service error \(response.status.code) \(response.status.phrase)" }
}

/// Another service's envelope, to check that typed access tells them apart.
private struct OtherServiceError: ServiceFailure {
    var response: RawResponse
}

/// What the generated `errorMapping` does for `ShopError`: every failed response whose body
/// decodes to the envelope.
private let shopMapping = ErrorMapping { response, failed, decoder in
    guard failed, let body = try? decoder.decode(ShopError.Body.self, from: response.collectedBody()) else { return ErrorMapping.Outcome() }
    return ErrorMapping.Outcome(error: ShopError(body: body, response: response))
}

/// Throws `failure` as it is, before the network.
private struct Refuse: Ware {
    let failure: ShopError
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        throw failure
    }
}

/// Checks stock with a side request first, and lets its failure through as it is.
private struct StockCheck: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        _ = try await context.send(Request<[String: Int]>(method: .get, path: "/stock", name: "stock"), from: self)
        return try await next(request, context)
    }
}

@Suite("CourierError.service: the backend's envelope is caught as a CourierError, typed inside")
struct ServiceFailureTests {
    @Test("an envelope answer is a CourierError of kind serviceError, naming the call, with the envelope typed")
    func envelopeIsACourierError() async throws {
        try await withLoopback(
            routes: { $0.route(.post, "/baskets/{id}/items") { _ in .json(#"{"code":"SOLD_OUT","message":"none left"}"#, status: 409) } },
            service: { $0.errorMapping = shopMapping }
        ) { _, client in
            var request = Request<[String: Int]>(method: .post, path: "/baskets/{id}/items", name: "addItem")
            request.setPathParameter("id", to: "7")
            do {
                _ = try await client.send(request)
                Issue.record("expected a 409")
            } catch let error as CourierError {
                #expect(error.kind == .serviceError)
                #expect(error.status == .conflict)
                #expect(error.response?.status == .conflict)
                let call = try #require(error.call)
                #expect(call.endpoint == "addItem")
                #expect(call.method == .post)
                #expect(call.url.hasSuffix("/baskets/7/items"))
                guard case .service(let failure) = error.reason else { Issue.record("\(error.reason)"); return }
                #expect(failure.response.status == .conflict)
                let typed = try #require(error.serviceError(as: ShopError.self))
                #expect(typed.body.code == "SOLD_OUT")
                #expect(error.underlying(as: ShopError.self)?.body.message == "none left")
                #expect(error.serviceError(as: OtherServiceError.self) == nil, "another service's envelope type")
                #expect(error.message == #"service error 409 Conflict: {"code":"SOLD_OUT","message":"none left"}"#)
                #expect(error.description == "\(call): \(error.message)")
            }
        }
    }

    @Test("a status error whose body is not the envelope stays a status error")
    func notTheEnvelope() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/basket") { _ in .text("<html>down</html>", status: 502) } },
            service: { $0.errorMapping = shopMapping }
        ) { _, client in
            let error = try #require(await thrownError { _ = try await client.send(Request<[String: Int]>(method: .get, path: "/basket")) } as? CourierError)
            #expect(error.kind == .status)
            #expect(error.serviceError(as: ShopError.self) == nil)
        }
    }

    @Test("a ware throwing an envelope of its own reaches the caller as a CourierError of this call")
    func wareThrowsTheEnvelope() async throws {
        let failure = ShopError(body: .init(code: "CLOSED", message: "shop closed"), response: RawResponse(status: .serviceUnavailable))
        try await withLoopback(
            routes: { $0.route(.get, "/basket") { _ in .json("{}") } },
            wares: [Refuse(failure: failure)]
        ) { server, client in
            let error = try #require(await thrownError {
                _ = try await client.send(Request<[String: Int]>(method: .get, path: "/basket", name: "basket"))
            } as? CourierError)
            #expect(error.kind == .serviceError)
            #expect(error.call?.endpoint == "basket")
            #expect(error.status == .serviceUnavailable)
            #expect(error.serviceError(as: ShopError.self)?.body.code == "CLOSED")
            #expect(server.requestCount == 0)
        }
    }

    @Test("a side request's envelope, let through by a ware, stays reachable typed through the ware's error")
    func sideRequestEnvelope() async throws {
        try await withLoopback(
            routes: { server in
                server.route(.get, "/stock") { _ in .json(#"{"code":"STOCK_DOWN","message":"try later"}"#, status: 503) }
                server.route(.get, "/basket") { _ in .json("{}") }
            },
            service: { $0.errorMapping = shopMapping },
            wares: [StockCheck()]
        ) { server, client in
            let error = try #require(await thrownError {
                _ = try await client.send(Request<[String: Int]>(method: .get, path: "/basket", name: "basket"))
            } as? CourierError)
            #expect(error.kind == .ware, "another call's error, wrapped by the ware that let it through")
            #expect(error.call?.endpoint == "basket")
            #expect(error.serviceError(as: ShopError.self)?.body.code == "STOCK_DOWN")
            #expect(server.requests.map(\.path) == ["/stock"])
        }
    }
}
