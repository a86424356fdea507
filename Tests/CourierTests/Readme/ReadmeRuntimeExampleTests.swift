import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Logging
import Testing

// The README's runtime example and its three wares, kept in step with the README by hand and
// run here against the loopback server, so the front door shows code that compiles and works.

/// The README's wares, namespaced because other tests of this target have wares of the same names.
private enum Readme {
/// Adds a request ID to every request (before the network).
struct RequestID: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        request.http.headerFields[HTTPField.Name("X-Request-ID")!] = UUID().uuidString
        return try await next(request, context)
    }
}

/// Logs how long calls take (a postware: after the network, sees success and failure).
static let timing = Postware(position: .observation) { result, request, context in  // outermost: decoding included
    context.logger.debug("\(context.endpoint) took \(context.elapsed): \(result)")
    return try result.get()
}

/// Marks every request as coming from the app (a middleware: passes the request on, or answers).
static let appVersion = Middleware { request, context in
    var request = request
    request.http.headerFields[HTTPField.Name("X-App-Version")!] = "1.2.3"
    return .proceed(request)
}

/// Retries once on a transport failure (a plain ware: needs both sides at once).
struct RetryOnce: Ware {
    var position: WarePosition { .retry }
    func intercept(_ request: PreparedRequest, context: CallContext,
                   next: Next) async throws -> RawResponse {
        do { return try await next(request, context) } catch let error as CourierError where error.kind == .transport {
            var again = context
            again.attempt += 1                // the next attempt is visible to the wares inside
            return try await next(request, again)
        }
    }
}

struct Tokens: Decodable, Sendable { var accessToken: String }

/// The README's `Auth.refresh()`: a request built by hand.
enum Auth {
    static func refresh() -> Request<Tokens> { Request(method: .post, path: "/auth/refresh", name: "refresh") }
}

struct RefreshingAuth: Ware {
    var position: WarePosition { .authentication }
    func intercept(_ request: PreparedRequest, context: CallContext,
                   next: Next) async throws -> RawResponse {
        do { return try await next(request, context) } catch let error as CourierError where error.status == .unauthorized {
            let tokens = try await context.send(Auth.refresh(), from: self, skipping: [RequestID.self])
            var request = request
            request.http.headerFields[.authorization] = "Bearer \(tokens.accessToken)"
            return try await next(request, context)
        }
    }
}
}

@Suite struct ReadmeRuntimeExampleTests {
    struct Pet: Codable, Sendable { var id: Int64; var name: String; var createdAt: Date }

    @Test func theREADMEsHandWrittenRequestWorks() async throws {
        let server = try TestServer()
        server.route(.get, "/v1/owners/{owner}/pets") { _ in
            .json(#"[{"id":1,"name":"Rex","created_at":"2024-05-01T12:00:00Z"}]"#)
        }
        server.start()
        defer { server.stop() }
        let logger = Logger(label: "readme")

        let service = ServiceConfiguration(
            name: "Petstore",
            baseURL: URL(string: "https://petstore.example.com/v1")!,
            headers: [HeaderItem(name: "Accept", value: "application/json")],
            timeout: .seconds(30),
            coding: JSONCoding(dateFormat: .iso8601, keyStrategy: .snakeCase),
            environments: ["staging": server.baseURL.appendingPathComponent("v1")]
        )

        var request = Request<[Pet]>(method: .get, path: "/owners/{owner}/pets", name: "ownerPets")
        request.setPathParameter("owner", to: "ada/lovelace")  // one segment: /owners/ada%2Flovelace/pets
        request.addQuery("limit", 20)
        request.addQuery("tag", ["cat", "dog"])                // tag=cat&tag=dog
        request.addQuery("status", nil as String?)             // omitted
        request.timeout = .seconds(30)

        let client = try Client(
            service: service.environment("staging"),
            transport: URLSessionTransport(),
            wares: [Readme.RequestID(), Readme.timing, Readme.appVersion, Readme.RetryOnce()],
            logger: logger
        )
        let pets = try await client.send(request)
        let full = try await client.response(for: request)

        #expect(pets.map(\.name) == ["Rex"])
        #expect(full.http.status == .ok)
        let seen = try #require(server.requests.first)
        #expect(seen.target == "/v1/owners/ada%2Flovelace/pets?limit=20&tag=cat&tag=dog")
        #expect(seen.header("X-Request-ID")?.count == 36)
        #expect(seen.header("X-App-Version") == "1.2.3")
        #expect(seen.header("Accept") == "application/json")
    }

    @Test func theREADMEsEventListenerHearsAnEventPublishedRightAfterSubscribing() async throws {
        let client = try Client(service: ServiceConfiguration(name: "readme", baseURL: URL(string: "http://127.0.0.1:1")!))
        let logins = Recorder<String>()
        func showLogin(_ reason: String) { logins.append(reason) }

        // The README's "Service events" example, as written there.
        let events = client.events()                 // subscribed here
        let listener = Task {
            for await event in events {
                if case StandardEvent.sessionEnded(let reason, _) = event { showLogin(reason) }
            }
        }
        defer { listener.cancel() }

        client.publish(StandardEvent.sessionEnded(reason: "signed out", principal: Principal("user:ada")))
        let deadline = ContinuousClock.now + promptly
        while logins.all.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(logins.all == ["signed out"])
    }

    @Test func theREADMEsSideRequestRefreshesAndReplays() async throws {
        let server = try TestServer()
        server.route(.post, "/auth/refresh") { request in
            .json(request.header("X-Request-ID") == nil ? #"{"accessToken":"new"}"# : #"{"accessToken":"stamped"}"#)
        }
        server.route(.get, "/me") { request in
            request.header("Authorization") == "Bearer new" ? .json(#"{"name":"ada"}"#) : .status(401)
        }
        server.start()
        defer { server.stop() }
        let client = try Client(
            // Not under test: room for the seconds a loaded full run stalls at its start.
            service: ServiceConfiguration(name: "readme", baseURL: server.baseURL, timeout: .seconds(60)),
            wares: [Readme.RefreshingAuth(), Readme.RequestID()])
        #expect(try await client.send(Request<[String: String]>(method: .get, path: "/me")) == ["name": "ada"])
        #expect(server.requests.map(\.path) == ["/me", "/auth/refresh", "/me"])
    }
}
