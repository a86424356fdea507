import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import Testing

private struct Token: Codable, Sendable { var token: String }

/// On a 401, fetches a token with a side request and replays the call with it.
private struct TokenFetcher: Ware {
    var position: WarePosition { .authentication }
    let sent: Recorder<String>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        sent.append("fetcher sees \(context.endpoint)")
        do {
            return try await next(request, context)
        } catch let error as CourierError where error.status == .unauthorized {
            let token = try await context.send(
                Request<Token>(method: .post, path: "/token", name: "token"), from: self, skipping: [Stamp.self])
            var request = request
            request.http.headerFields[.authorization] = "Bearer \(token.token)"
            var again = context
            again.attempt += 1
            return try await next(request, again)
        }
    }
}

/// Stamps every request it sees with `X-Stamp`, and records the endpoint and parent call.
private struct Stamp: Ware {
    let sent: Recorder<String>

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        sent.append("stamp sees \(context.endpoint) parent \(context.parentCallID.map { "\($0)" } ?? "none")")
        var request = request
        request.http.headerFields[HTTPField.Name("X-Stamp")!] = "yes"
        return try await next(request, context)
    }
}

/// Records every endpoint that passes, including side requests.
private struct Watcher: Ware {
    var position: WarePosition { .observation }
    let sent: Recorder<String>

    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        sent.append("watcher sees \(context.endpoint)")
        return try await next(request, context)
    }
}

/// Sends a side request from inside its own side request: must not reach itself again.
private struct Recursor: Ware {
    let depth: Recorder<Int>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        depth.append(1)
        _ = try await context.send(Request<Void>(method: .get, path: "/ping", name: "ping"), from: self)
        return try await next(request, context)
    }
}

@Suite("Side requests: a ware sends another request through the same client")
struct SideRequestTests {
    @Test("the side request skips its sender and the wares it names, runs the others, and the call is replayed")
    func refreshThroughSideRequest() async throws {
        let sent = Recorder<String>()
        try await withLoopback(
            routes: { server in
                server.route(.post, "/token") { request in
                    // The skipped Stamp never touched the side request.
                    .json(request.header("X-Stamp") == nil ? #"{"token":"fresh"}"# : #"{"token":"stamped"}"#)
                }
                server.route(.get, "/me") { request in
                    request.header("Authorization") == "Bearer fresh" ? .json(#"{"name":"ada"}"#) : .status(401)
                }
            },
            wares: [TokenFetcher(sent: sent), Stamp(sent: sent), Watcher(sent: sent)]
        ) { server, client in
            let me = try await client.send(Request<[String: String]>(method: .get, path: "/me", name: "me"))
            #expect(me == ["name": "ada"])
            #expect(server.requests.map { "\($0.method) \($0.path)" } == ["GET /me", "POST /token", "GET /me"])
            #expect(server.requests.map { $0.header("X-Stamp") } == ["yes", nil, "yes"])
        }
        let lines = sent.all
        #expect(lines.filter { $0.hasPrefix("fetcher sees") } == ["fetcher sees me"])
        #expect(lines.contains("watcher sees token"))
        #expect(!lines.contains { $0.hasPrefix("stamp sees token") })
        #expect(lines.first == "watcher sees me")
    }

    @Test("a side request of a side request never reaches the original sender: no recursion")
    func noRecursion() async throws {
        let depth = Recorder<Int>()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/ping") { _ in .status(204) }
                server.route(.get, "/data") { _ in .json("[]") }
            },
            wares: [Recursor(depth: depth)]
        ) { server, client in
            _ = try await client.send(Request<[Int]>(method: .get, path: "/data", name: "data"))
            #expect(depth.all.count == 1)
            #expect(server.requests.map(\.path) == ["/ping", "/data"])
        }
    }

    @Test("a failing side request reaches the caller inside a ware error, with both calls' identities")
    func failingSideRequest() async throws {
        let sent = Recorder<String>()
        try await withLoopback(
            routes: { server in
                server.route(.post, "/token") { _ in .text("nope", status: 500) }
                server.route(.get, "/me") { _ in .status(401) }
            },
            wares: [TokenFetcher(sent: sent)]
        ) { _, client in
            let error = await #expect(throws: CourierError.self) {
                _ = try await client.send(Request<[String: String]>(method: .get, path: "/me", name: "me"))
            }
            #expect(error?.kind == .ware)
            #expect(error?.call?.endpoint == "me")
            let side = try #require(error?.underlying(as: CourierError.self))
            #expect(side.call?.endpoint == "token")
            #expect(side.status?.code == 500)
        }
    }
}
