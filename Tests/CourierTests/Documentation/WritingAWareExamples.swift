import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import InMemoryLogging
import Logging
import PetstoreAPI
import Testing

// The examples of `Sources/Courier/Courier.docc/WritingAWare.md`, run against the loopback
// server. The article copies these lines verbatim (the documentation check finds them here).

/// The article's wares, namespaced because other tests of this target have wares of the same names.
enum WareDocs {
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
        context.logger.info("\(context.endpoint) took \(context.elapsed)")
        return try result.get()
    }

    /// Marks every request as coming from the app (a middleware: passes the request on, or answers).
    static let appVersion = Middleware { request, context in
        var request = request
        request.http.headerFields[HTTPField.Name("X-App-Version")!] = "1.2.3"
        return .proceed(request)              // or .respond(RawResponse(...)) to answer without the network
    }

    /// Answers `/ping` itself: the transport is never called.
    static let pong = Middleware { request, context in
        guard request.http.path == "/ping" else { return .proceed(request) }
        return .respond(RawResponse(http: HTTPResponse(status: .ok), body: Data("pong".utf8)))
    }

    /// Retries once on a transport failure (needs both sides of `next` at once).
    struct RetryOnce: Ware {
        var position: WarePosition { .retry }
        func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
            do { return try await next(request, context) } catch let error as CourierError where error.kind == .transport {
                var again = context
                again.attempt += 1                // the next attempt is visible to the wares inside
                return try await next(request, again)
            }
        }
    }

    /// How many times the server said "slow down", left by an inner ware for an outer one.
    enum SlowDowns: CallStorageKey { typealias Value = Int }

    /// Counts `429`s into the call's storage.
    struct CountSlowDowns: Ware {
        var position: WarePosition { .after(.retry) }
        func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
            let response = try await next(request, context)
            if response.status == .tooManyRequests {
                context.storage[SlowDowns.self] = (context.storage[SlowDowns.self] ?? 0) + 1   // an inner ware writes…
            }
            return response
        }
    }

    /// Reports the count once the call is over.
    static let reportSlowDowns = Postware(position: .observation) { result, request, context in
        let slowDowns = context.storage[SlowDowns.self] ?? 0          // …an outer one reads, after `next` returns
        if slowDowns > 0 { context.logger.notice("\(context.endpoint): \(slowDowns) slow-downs") }
        return try result.get()
    }

    /// A tenant for every request of a service, or for one request.
    enum Tenant: OptionKey { static let defaultValue: String? = nil }

    /// Sends the tenant the request or its service names.
    static let tenantHeader = Middleware { request, context in
        guard let tenant = request.options[Tenant.self] ?? context.service.options[Tenant.self] else { return .proceed(request) }
        var request = request
        request.http.headerFields[HTTPField.Name("X-Tenant")!] = tenant
        return .proceed(request)
    }

    /// Fetches a token when the server says `401`, then sends the request again with it.
    struct RefreshingAuth: Ware {
        let refreshToken: String
        var position: WarePosition { .authentication }
        func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
            do { return try await next(request, context) } catch let error as CourierError where error.status == .unauthorized {
                let tokens = try await context.send(Petstore.refreshToken(refreshToken: refreshToken), from: self, skipping: [RequestID.self])
                var request = request
                request.http.headerFields[.authorization] = "Bearer \(tokens.accessToken)"
                return try await next(request, context)
            }
        }
    }

    /// An event of the app's own.
    struct QuotaLow: ServiceEvent { var remaining: Int }

    /// Publishes `QuotaLow` when the server's remaining quota runs low, and hears sign-outs.
    final class QuotaWatch: Ware {
        let signOuts = Recorder<String>()
        func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
            let response = try await next(request, context)
            if let text = response.http.headerFields[HTTPField.Name("X-Quota-Remaining")!], let remaining = Int(text), remaining < 10 {
                context.publish(QuotaLow(remaining: remaining))       // to every `client.events()` subscription
            }
            return response
        }
        func observe(_ event: any ServiceEvent) {                     // every event published on the client
            if case StandardEvent.sessionEnded(let reason, _) = event { signOuts.append(reason) }
        }
    }

    /// Puts a device key on every request, and says so, so that outer wares (cache,
    /// coalescing) file the calls under that device.
    struct DeviceKey: Ware {
        var deviceID: String
        var key: String
        var position: WarePosition { .authentication }
        func principal(for request: PreparedRequest, context: CallContext) async -> Principal? {
            Principal("device:\(deviceID)")                             // a stable name, never the secret
        }
        func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
            var request = request
            request.http.headerFields[HTTPField.Name("X-Device-Key")!] = key
            return try await next(request, context)
        }
    }

    /// A ware's own error.
    struct Refusal: Error { var why: String }
}

extension Request {
    /// The tenant this request is for; `nil` uses the service's.
    var tenant: String? {                                 // optional sugar for callers
        get { options[WareDocs.Tenant.self] }
        set { options[WareDocs.Tenant.self] = newValue }
    }
}

@Suite struct WritingAWareExamples {
    @Test func theFourShapes() async throws {
        let hits = Recorder<Int>()
        var handler = InMemoryLogHandler()
        handler.logLevel = .info
        let logger = Logger(label: "docs") { [handler] _ in handler }
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in hits.appendCounting(1) == 1 ? .closeWithoutResponse : .json("[]") }
        }, logger: logger) { server, client in
            let wares: [any Ware] = [WareDocs.RequestID(), WareDocs.timing, WareDocs.appVersion, WareDocs.RetryOnce(), WareDocs.pong]
            let client = try Client(service: client.service, wares: wares, logger: logger)
            let pets = try await client.send(Request<[String]>(method: .get, path: "/pets", name: "listPets"))
            let pong = try await client.send(Request<String>(method: .get, path: "/ping"))
            #expect(pets.isEmpty)
            #expect(pong == "pong")
            #expect(server.requests.count == 2)
            #expect(server.requests.allSatisfy { $0.header("X-App-Version") == "1.2.3" && $0.header("X-Request-ID")?.count == 36 })
            #expect(handler.entries.contains { $0.message.description.hasPrefix("listPets took") })
        }
    }

    @Test func storage() async throws {
        var handler = InMemoryLogHandler()
        handler.logLevel = .notice
        let logger = Logger(label: "docs") { [handler] _ in handler }
        try await withLoopback(routes: { server in
            server.route(.get, "/busy") { _ in .status(429) }
        }, wares: [WareDocs.CountSlowDowns(), WareDocs.reportSlowDowns], logger: logger) { _, client in
            var request = Request<Void>(method: .get, path: "/busy", name: "busy")
            request.acceptableStatus = StatusAcceptance(200...299, extra: [429])
            try await client.send(request)
            #expect(handler.entries.map(\.message.description) == ["busy: 1 slow-downs"])
        }
    }

    @Test func options() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in .json("[]") }
        }, wares: [WareDocs.tenantHeader]) { server, loopback in
            var service = loopback.service
            service.options[WareDocs.Tenant.self] = "acme"                  // every request of the service…
            var request = Request<[String]>(method: .get, path: "/pets")
            request.tenant = "globex"                                       // …unless the request says otherwise
            let client = try Client(service: service, wares: [WareDocs.tenantHeader])
            _ = try await client.send(Request<[String]>(method: .get, path: "/pets"))
            _ = try await client.send(request)
            #expect(server.requests.map { $0.header("X-Tenant") } == ["acme", "globex"])
        }
    }

    @Test func sideRequest() async throws {
        try await withLoopback(routes: { server in
            server.route(.post, "/auth/refresh") { request in
                .json(request.header("X-Request-ID") == nil
                    ? #"{"access_token":"new","refresh_token":"r2","expires_in":3600}"#
                    : #"{"access_token":"stamped","refresh_token":"r2","expires_in":3600}"#)
            }
            server.route(.get, "/me") { request in
                request.header("Authorization") == "Bearer new" ? .json(#"{"name":"ada"}"#) : .status(401)
            }
        }, wares: [WareDocs.RefreshingAuth(refreshToken: "r1"), WareDocs.RequestID()]) { server, client in
            let me = try await client.send(Request<[String: String]>(method: .get, path: "/me"))
            #expect(me == ["name": "ada"])
            #expect(server.requests.map(\.path) == ["/me", "/auth/refresh", "/me"])
        }
    }

    @Test func eventsBothWays() async throws {
        let watch = WareDocs.QuotaWatch()
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in
                TestServer.Response(status: 200, headers: [.init(name: "X-Quota-Remaining", value: "3")], body: Data("[]".utf8))
            }
        }, wares: [watch]) { _, client in
            let events = client.events()
            _ = try await client.send(Request<[String]>(method: .get, path: "/pets"))
            client.publish(StandardEvent.sessionEnded(reason: "signed out", principal: .anonymous))
            var iterator = events.makeAsyncIterator()
            let first = await iterator.next()
            #expect((first as? WareDocs.QuotaLow)?.remaining == 3)
            #expect(watch.signOuts.all == ["signed out"])
        }
    }

    @Test func principal() async throws {
        let seen = Recorder<String>()
        let probe = Middleware(position: .observation) { request, context in
            seen.append("\(context.principal)")
            return .proceed(request)
        }
        try await withLoopback(routes: { server in
            server.route(.get, "/pets") { _ in .json("[]") }
        }, wares: [WareDocs.DeviceKey(deviceID: "d1", key: "k-123456"), probe]) { server, client in
            _ = try await client.send(Request<[String]>(method: .get, path: "/pets"))
            #expect(server.requests.first?.header("X-Device-Key") == "k-123456")
            #expect(seen.all.count == 1 && seen.all[0].contains("device:d1"))
        }
    }

    @Test func aWaresOwnError() async throws {
        let refuse = Middleware { request, context in throw WareDocs.Refusal(why: "closed on Sundays") }
        try await withLoopback(routes: { _ in }, wares: [refuse]) { _, client in
            do {
                _ = try await client.send(Request<Data>(method: .get, path: "/pets"))
            } catch let error as CourierError where error.kind == .ware {
                let refusal = error.underlying(as: WareDocs.Refusal.self)   // the error as the ware threw it
                #expect(refusal?.why == "closed on Sundays")
            }
        }
    }
}
