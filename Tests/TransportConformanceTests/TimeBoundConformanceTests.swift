import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Every transport ends the call at its timeout or on cancellation, whatever the server does")
struct TimeBoundConformanceTests {
    /// A request to `path` with the short timeout.
    private func request(_ path: String) -> Request<Data> {
        var request = Request<Data>(method: .get, path: path)
        request.timeout = shortTimeout
        return request
    }

    @Test("a server that never answers", arguments: TransportUnderTest.allCases)
    func stall(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/stall") { _ in .stall } }) { _, client in
            let (error, elapsed) = await failure(of: request("/stall"), on: client)
            guard case .timedOut(let after)? = transportFailure(error) else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            #expect(after == shortTimeout)
            expectEndsAtTimeout(elapsed)
        }
    }

    @Test("a timeout too long for a clock to count in nanoseconds (a spec's way of saying never) still lets the call run", arguments: TransportUnderTest.allCases)
    func timeoutBeyondCounting(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/x") { _ in .json("[1]") } }, service: { $0.timeout = .seconds(10_000_000_000) }) { _, client in
            let answer = try await client.send(Request<[Int]>(method: .get, path: "/x"))
            #expect(answer == [1])
            var request = Request<[Int]>(method: .get, path: "/x")
            request.timeout = .seconds(Int64.max)
            let again = try await client.send(request)
            #expect(again == [1])
        }
    }

    @Test("headers that trickle in forever (slowloris)", arguments: TransportUnderTest.allCases)
    func slowHeaders(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/slow") { _ in HostileScripts.slowHeaders } }) { server, client in
            let (error, elapsed) = await failure(of: request("/slow"), on: client)
            guard case .timedOut? = transportFailure(error) else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            expectEndsAtTimeout(elapsed)
            // The transport must let go of the connection it gave up on. And the server must not
            // close it first: corelibs' URLSession stops a cancelled task later, on its work
            // queue, and a connection closed mid-headers before then ends the whole process
            // (`Transfer completed, but there's no response`; a fresh-clone CI run died so).
            let deadline = ContinuousClock.now + .seconds(10)
            while server.hangUps.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(server.hangUps.map(\.request.path) == ["/slow"])
        }
    }

    @Test("a body that drips forever", arguments: TransportUnderTest.allCases)
    func endlessDrip(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/drip") { _ in HostileScripts.endlessBody(every: .milliseconds(50)) }
        }) { _, client in
            let (error, elapsed) = await failure(of: request("/drip"), on: client)
            guard case .timedOut? = transportFailure(error) else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            expectEndsAtTimeout(elapsed)
        }
    }

    @Test("a declared body that never comes", arguments: TransportUnderTest.allCases)
    func missingBody(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { $0.route(.get, "/wait") { _ in HostileScripts.declaring(length: 100) } }) { _, client in
            let (error, elapsed) = await failure(of: request("/wait"), on: client)
            guard case .timedOut? = transportFailure(error) else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            expectEndsAtTimeout(elapsed)
        }
    }

    @Test("cancelling the calling task mid-body ends the call at once", arguments: TransportUnderTest.allCases)
    func cancellation(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/drip") { _ in HostileScripts.endlessBody(every: .milliseconds(50)) }
        }) { server, client in
            var request = Request<Data>(method: .get, path: "/drip")
            request.timeout = .seconds(60)
            let task = Task { try await client.send(request) }
            for _ in 0..<1000 where server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(server.requestCount == 1)
            let clock = ContinuousClock()
            let start = clock.now
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            // Far below the 60 s timeout it would otherwise have waited for.
            #expect(clock.now - start < .seconds(30))
        }
    }

    /// A `302` to `location` after 0.45 s; the script's server closes the connection after it.
    private static func slowRedirect(to location: String) -> TestServer.Response {
        .raw([.pause(.milliseconds(450)), .text("HTTP/1.1 302 Found\r\nLocation: \(location)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")])
    }

    // Where the deadline meets redirects: each hop is a new exchange (URLSession's arms a timer of
    // its own), and must get only what is left of the call's timeout, not the whole of it again.
    @Test("the timeout bounds a whole redirect chain, not each hop", arguments: TransportUnderTest.allCases)
    func redirectChain(_ transport: TransportUnderTest) async throws {
        // Three hops of 0.45 s each: 1.35 s in all, past the 1 s timeout, though each hop is
        // well within it. A timeout restarted per hop would reach /done and succeed.
        try await withServer(transport, routes: { server in
            server.route(.get, "/hop1") { _ in Self.slowRedirect(to: "/hop2") }
            server.route(.get, "/hop2") { _ in Self.slowRedirect(to: "/hop3") }
            server.route(.get, "/hop3") { _ in Self.slowRedirect(to: "/done") }
            server.route(.get, "/done") { _ in .text("reached") }
        }) { server, client in
            let (error, elapsed) = await failure(of: request("/hop1"), on: client)
            guard case .timedOut(let after)? = transportFailure(error) else {
                Issue.record("expected .timedOut, got \(String(describing: error))")
                return
            }
            #expect(after == shortTimeout)
            #expect(server.requestCount <= 3, "the request after the last redirect was sent")
            expectEndsAtTimeout(elapsed)
        }
    }
}
