import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

@Suite("Ware pipeline against the loopback server")
struct WareChainTests {
    @Test("a middleware's header reaches the server")
    func headerInjection() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/echo") { .echo($0) } },
            wares: [HeaderInjector(name: "X-Trace", value: "abc-123")]
        ) { _, client in
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(echo.header("X-Trace") == "abc-123")
        }
    }

    @Test("a middleware that answers itself keeps the request off the network")
    func abortBeforeNetwork() async throws {
        try await withLoopback(
            routes: { $0.route(.get, "/pets") { _ in .json(#"["from server"]"#) } },
            wares: [OfflineAnswer(body: #"["offline"]"#)]
        ) { server, client in
            let pets = try await client.send(Request<[String]>(method: .get, path: "/pets"))
            #expect(pets == ["offline"])
            #expect(server.requestCount == 0)
        }
    }

    @Test("an error thrown by a ware surfaces as CourierError.ware naming its type, and nothing is sent")
    func wareErrorNamesTheWare() async throws {
        try await withLoopback(routes: { $0.route(.get, "/pets") { _ in .json("[]") } }, wares: [Refuser()]) { server, client in
            let error = await #expect(throws: CourierError.self) {
                _ = try await client.send(Request<[String]>(method: .get, path: "/pets"))
            }
            guard case .ware(let ware, let underlying)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
            #expect(ware == "Refuser")
            #expect(underlying as? Refusal == Refusal(reason: "not today"))
            #expect(server.requestCount == 0)
        }
    }

    @Test("a ware may retry by calling next twice")
    func retry() async throws {
        let attempts = Recorder<String>()
        try await withLoopback(
            routes: { server in
                server.route(.get, "/flaky") { request in
                    attempts.appendCounting(request.path) == 1 ? .text("busy", status: 503) : .json(#"{"ok":true}"#)
                }
            },
            wares: [RetryOnce()]
        ) { server, client in
            let value = try await client.send(Request<[String: Bool]>(method: .get, path: "/flaky"))
            #expect(value == ["ok": true])
            #expect(server.requestCount == 2)
        }
    }

    @Test("a postware can turn a failure (404) into success")
    func postwareRecovers() async throws {
        try await withLoopback(routes: { _ in }, wares: [NotFoundIsEmpty()]) { server, client in
            let pets = try await client.send(Request<[String]>(method: .get, path: "/missing"))
            #expect(pets.isEmpty)
            #expect(server.requestCount == 1)
        }
    }

    @Test("wares run by slot, then placement around it, then registration order")
    func ordering() async throws {
        let log = Recorder<String>()
        let wares: [any Ware] = [
            Tracer(label: "auth", position: .authentication, log: log),
            Tracer(label: "standard-a", position: .standard, log: log),
            Tracer(label: "observation", position: .observation, log: log),
            Tracer(label: "before-standard", position: .before(.standard), log: log),
            Tracer(label: "standard-b", position: .standard, log: log),
            Tracer(label: "after-auth", position: .after(.authentication), log: log),
        ]
        try await withLoopback(routes: { $0.route(.get, "/") { _ in .status(204) } }, wares: wares) { _, client in
            try await client.send(Request<Void>(method: .get, path: "/"))
        }
        #expect(log.all == [
            "observation in", "before-standard in", "standard-a in", "standard-b in", "auth in", "after-auth in",
            "after-auth out", "auth out", "standard-b out", "standard-a out", "before-standard out", "observation out",
        ])
    }

    @Test("wares in the named slots run in slot order whatever order they were registered in")
    func builtInSlotsInAnyOrder() async throws {
        let slots = WarePosition.Slot.allCases
        for seed in 0..<5 {
            let log = Recorder<String>()
            var generator = ShuffleGenerator(seed: UInt64(seed))
            let wares: [any Ware] = slots.shuffled(using: &generator).map {
                Tracer(label: "\($0)", position: WarePosition($0), log: log)
            }
            try await withLoopback(routes: { $0.route(.get, "/") { _ in .status(204) } }, wares: wares) { _, client in
                try await client.send(Request<Void>(method: .get, path: "/"))
            }
            #expect(log.all.filter { $0.hasSuffix(" in") } == [
                "observation in", "events in", "standard in", "retry in", "coalescing in", "cache in", "authentication in",
            ])
        }
    }

    @Test("per-request wares merge into the client's by position; client wares win ties")
    func perRequestWares() async throws {
        let log = Recorder<String>()
        let clientWares: [any Ware] = [
            Tracer(label: "client-first", position: .observation, log: log),
            Tracer(label: "client-middle", position: .standard, log: log),
        ]
        try await withLoopback(routes: { $0.route(.get, "/echo") { .echo($0) } }, wares: clientWares) { _, client in
            var request = Request<TestServer.Echo>(method: .get, path: "/echo")
            request.wares = [
                Tracer(label: "request-last", position: .authentication, log: log),
                Tracer(label: "request-middle", position: .standard, log: log),
                HeaderInjector(name: "X-Request-Ware", value: "1"),
            ]
            let echo = try await client.send(request)
            #expect(echo.header("X-Request-Ware") == "1")

            // The client's own chain is unchanged for the next request.
            let plain = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(plain.header("X-Request-Ware") == nil)
        }
        #expect(Array(log.all.filter { $0.hasSuffix(" in") }.prefix(4)) == [
            "client-first in", "client-middle in", "request-middle in", "request-last in",
        ])
        #expect(log.all.filter { $0.hasSuffix(" in") }.suffix(2) == ["client-first in", "client-middle in"])
    }

    @Test("a type that is both Middleware and Postware runs prepare, then next, then process")
    func middlewareAndPostware() async throws {
        let log = Recorder<String>()
        try await withLoopback(routes: { $0.route(.get, "/echo") { .echo($0) } }, wares: [Audit(log: log)]) { _, client in
            let echo = try await client.send(Request<TestServer.Echo>(method: .get, path: "/echo"))
            #expect(echo.header("X-Audit") == "yes")
            let error = await #expect(throws: CourierError.self) {
                try await client.send(Request<Void>(method: .get, path: "/missing"))
            }
            #expect(error?.status == .notFound)
        }
        #expect(log.all == ["prepare", "process 200 audit=yes", "prepare", "process failure audit=yes"])
    }

    @Test("the combined intercept is the witness even when called through the Ware existential")
    func combinedWitnessThroughExistential() async throws {
        let log = Recorder<String>()
        let ware: any Ware = Audit(log: log)
        let request = PreparedRequest(
            http: .init(method: .get, scheme: "http", authority: "example.com", path: "/"), timeout: .seconds(1))
        let context = try CallContext.testing(service: ServiceConfiguration(
            name: "x", baseURL: try #require(URL(string: "http://example.com"))))
        let response = try await ware.intercept(request, context: context) { request, _ in
            RawResponse(status: .accepted, body: Data((request.http.headerFields[.init("X-Audit") ?? .accept] ?? "").utf8))
        }
        #expect(response.status == .accepted)
        #expect(String(decoding: response.data ?? Data(), as: UTF8.self) == "yes")
        #expect(log.all == ["prepare", "process 202 audit=yes"])
    }
}

/// A repeatable generator for shuffles.
private struct ShuffleGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 27)
    }
}
