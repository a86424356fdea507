import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

/// Appends `name` to the request's `X-Order` field, so the server sees which wares ran in which order.
private struct Mark: Ware {
    let name: String

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        guard let field = HTTPField.Name("X-Order") else { return try await next(request, context) }
        let before = request.http.headerFields[field].map { $0 + "," } ?? ""
        request.http.headerFields[field] = before + name
        return try await next(request, context)
    }
}

/// The error a test mapping turns envelopes into.
private struct Envelope: ServiceFailure {
    var response: RawResponse
    var code: String
}

private enum MappingEvent: ServiceEvent, Equatable { case seen(String) }

/// A mapping that reads `{"code": …}` of failures and publishes `seen(label)` for every response.
private func mapping(_ label: String) -> ErrorMapping {
    ErrorMapping { response, failed, decoder in
        let events: [any ServiceEvent] = [MappingEvent.seen(label)]
        guard failed, let body = try? decoder.decode([String: String].self, from: response.collectedBody()), let code = body["code"] else {
            return ErrorMapping.Outcome(events: events)
        }
        return ErrorMapping.Outcome(error: Envelope(response: response, code: code), events: events)
    }
}

@Suite("ServiceConfiguration: wares and the built-in wares' settings")
struct ServiceConfigurationOptionsTests {
    @Test("a service's own wares run in every client of it, after the client's own among equals")
    func serviceWares() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/echo") { .echo($0) } },
            service: { $0.wares = [Mark(name: "service")] },
            wares: [Mark(name: "client")]
        ) { _, client in
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(echo.header("X-Order") == "client,service")
        }
    }

    @Test("setting errorMapping puts one ware among the service's wares, decoding with the client's decoder; nil takes it out")
    func errorMappingWare() async throws {
        var service = ServiceConfiguration(name: "s", baseURL: URL(fileURLWithPath: "/"))
        service.errorMapping = mapping("first")
        service.errorMapping = mapping("second")
        #expect(service.wares.count == 1, "setting it again replaces the ware")
        var unmapped = service
        unmapped.errorMapping = nil
        #expect(unmapped.wares.isEmpty && unmapped.errorMapping == nil)

        try await withLoopback(
            routes: { $0.route(.get, "/fail") { _ in .json(#"{"code":"GONE"}"#, status: 410) } },
            service: { $0.errorMapping = mapping("first"); $0.errorMapping = mapping("second") }
        ) { _, client in
            var events = client.events().makeAsyncIterator()
            await #expect {
                _ = try await client.send(Request<[String: String]>(method: .get, path: "/fail", name: "fail"))
            } throws: { error in
                guard let error = error as? CourierError else { return false }
                return error.kind == .serviceError && error.serviceError(as: Envelope.self)?.code == "GONE"
                    && error.call?.endpoint == "fail"
            }
            client.publish(MappingEvent.seen("end"))
            #expect(await events.next() as? MappingEvent == .seen("second"))
            #expect(await events.next() as? MappingEvent == .seen("end"), "the mapping ran once")
        }

        try await withLoopback(
            routes: { $0.route(.get, "/fail") { _ in .json(#"{"code":"GONE"}"#, status: 410) } },
            service: { $0.errorMapping = mapping("first"); $0.errorMapping = nil }
        ) { _, client in
            let error = try #require(await thrownError {
                _ = try await client.send(Request<[String: String]>(method: .get, path: "/fail"))
            } as? CourierError)
            #expect(error.status?.code == 410, "without a mapping the status error stays")
        }
    }

    @Test("setting authSchemes adds the names API keys go under to the redaction")
    func authSchemesTeachRedaction() throws {
        var service = ServiceConfiguration(name: "s", baseURL: URL(fileURLWithPath: "/"))
        #expect(!service.redaction.sensitiveNames.contains("x-partner"))
        service.authSchemes = [
            AuthScheme(name: "header", kind: .apiKeyHeader("X-Partner")),
            AuthScheme(name: "query", kind: .apiKeyQuery("pk")),
            AuthScheme(name: "session", kind: .bearer),
        ]
        service.defaultAuthScheme = "session"
        #expect(service.redaction.sensitiveNames.isSuperset(of: ["x-partner", "pk"]))
        #expect(service.authSchemes.map(\.name) == ["header", "query", "session"])
        #expect(try service.authScheme(for: .service)?.name == "session")
        #expect(try service.authScheme(for: .scheme("query"))?.kind == .apiKeyQuery("pk"))
        #expect(try service.authScheme(for: .none) == nil)
        #expect(throws: CourierError.self) { try service.authScheme(for: .scheme("missing")) }
    }

    @Test("the service's retry and cache policy are options; a copy keeps them")
    func settingsAreOptions() {
        var service = ServiceConfiguration(name: "s", baseURL: URL(fileURLWithPath: "/"))
        #expect(service.options.isEmpty && service.retry == nil && service.cachePolicy == nil && service.defaultAuthScheme == nil)
        service.retry = .never
        service.cachePolicy = CachePolicy(.localThenRemote, timeToLive: .seconds(60))
        let staging = service.with(baseURL: URL(fileURLWithPath: "/staging"))
        #expect(staging.retry == .never)
        #expect(staging.cachePolicy == CachePolicy(.localThenRemote, timeToLive: .seconds(60)))
    }
}
