import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("StubTransport")
struct StubTransportTests {
    struct Pet: Codable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    private func client(_ stub: StubTransport, base: String = "https://api.example.com") throws -> Client {
        let url = try #require(URL(string: base))
        return try Client(service: ServiceConfiguration(name: "stubbed", baseURL: url), transport: stub)
    }

    @Test("answers an exact method and path with its canned reply")
    func exactMatch() async throws {
        let stub = StubTransport()
        stub.on(.get, "/pets", reply: .json(#"[{"id":1,"name":"Rex"}]"#))
        stub.on(.post, "/pets", reply: .status(.created))
        let pets = try await client(stub).send(Request<[Pet]>(method: .get, path: "/pets"))
        #expect(pets == [Pet(id: 1, name: "Rex")])
    }

    @Test("matches {param} patterns on one segment, and prefers exact paths")
    func patternMatch() async throws {
        let stub = StubTransport()
        stub.on(.get, "/pets/{id}", reply: .json(encoding: Pet(id: 0, name: "any")))
        stub.on(.get, "/pets/7", reply: .json(encoding: Pet(id: 7, name: "seven")))
        let client = try client(stub)
        var request = Request<Pet>(method: .get, path: "/pets/{id}")
        request.setPathParameter("id", to: 3)
        #expect(try await client.send(request).name == "any")
        request.setPathParameter("id", to: 7)
        #expect(try await client.send(request).name == "seven")
        let deeper = await #expect(throws: CourierError.self) {
            _ = try await client.send(Request<Pet>(method: .get, path: "/pets/3/owner"))
        }
        #expect(deeper?.status == .notFound)
    }

    @Test("matches the full path including the base URL's path, ignoring the query")
    func basePathAndQuery() async throws {
        let stub = StubTransport()
        stub.on(.get, "/v1/pets", reply: .json("[]"))
        var request = Request<[Pet]>(method: .get, path: "/pets")
        request.addQuery("limit", 5)
        #expect(try await client(stub, base: "https://api.example.com/v1/").send(request).isEmpty)
        #expect(stub.requests.first?.http.path == "/v1/pets?limit=5")
    }

    @Test("an unmatched request gets a 404 whose body names the method and path")
    func unmatched() async throws {
        let stub = StubTransport()
        stub.on(.get, "/pets", reply: .json("[]"))
        let error = await #expect(throws: CourierError.self) {
            _ = try await client(stub).send(Request<[Pet]>(method: .delete, path: "/pets"))
        }
        guard case .status(let response)? = error?.reason else { Issue.record("\(String(describing: error))"); return }
        #expect(response.status == .notFound)
        #expect(response.bodyExcerpt.contains("DELETE /pets"))
    }

    @Test("a failing reply throws the given error")
    func failing() async throws {
        let stub = StubTransport()
        stub.on(.get, "/down", reply: .failure(CourierError.transport(.cannotConnect(message: "offline"))))
        let error = await #expect(throws: CourierError.self) {
            _ = try await client(stub).send(Request<String>(method: .get, path: "/down"))
        }
        guard case .transport(.cannotConnect(let message))? = error?.reason else { Issue.record("\(String(describing: error))"); return }
        #expect(message == "offline")
    }

    @Test("a delayed reply waits, and cancellation during the delay throws CancellationError promptly")
    func delayedAndCancelled() async throws {
        let stub = StubTransport()
        stub.on(.get, "/slow", reply: .json("\"late\"").delayed(by: .milliseconds(150)))
        stub.on(.get, "/forever", reply: .json("\"never\"").delayed(by: .seconds(60)))
        let client = try client(stub)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try await client.send(Request<String>(method: .get, path: "/slow")) == "\"late\"")
        #expect(clock.now - start >= .milliseconds(150))

        let task = Task { try await client.send(Request<String>(method: .get, path: "/forever")) }
        try await Task.sleep(for: .milliseconds(50))
        let cancelledAt = clock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The reply waits 60 s; 30 s tells a cancelled wait from a finished one even when a loaded full
        // run stalls every task for seconds (10–16 s seen at its start on two cores).
        #expect(clock.now - cancelledAt < .seconds(30))
    }

    @Test("a delay runs on the client's clock, so a manual clock decides when the reply comes")
    func delayOnManualClock() async throws {
        let stub = StubTransport()
        stub.on(.get, "/slow", reply: .json("[1]").delayed(by: .seconds(30)))
        let clock = ManualClock()
        let url = try #require(URL(string: "https://api.example.com"))
        let client = try Client(service: ServiceConfiguration(name: "stubbed", baseURL: url), transport: stub, clock: clock)
        let call = Task { try await client.send(Request<[Int]>(method: .get, path: "/slow")) }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(29))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(try await call.value == [1])
    }

    @Test("a stream's connect delayed past its own timeout times out on the client's clock at that timeout, not at the stream's day-long lifetime")
    func streamConnectTimesOutOnTheClientsClock() async throws {
        struct Tick: Decodable, Sendable { var n: Int }
        let stub = StubTransport()
        stub.on(.get, "/events", reply: .chunks([Data("data: {\"n\":1}\n\n".utf8)], headers: [.contentType: "text/event-stream"])
            .delayed(by: .seconds(10)))
        let clock = ManualClock()
        let url = try #require(URL(string: "https://api.example.com"))
        let client = try Client(service: ServiceConfiguration(name: "stubbed", baseURL: url), transport: stub, clock: clock)
        var request = Request<HTTPBody>(method: .get, path: "/events")
        request.timeout = .seconds(5)
        let stream = Task {
            for try await _ in client.serverSentEvents(request, of: Tick.self, reconnection: .disabled) {}
        }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(5)], "the stub waits for the connect's timeout, not for the day")
        clock.advance(by: .seconds(5))
        var error: CourierError?
        if case .failure(let failure) = await stream.result { error = failure as? CourierError }
        guard case .transport(.timedOut(let after))? = error?.reason else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
        #expect(after == .seconds(5))
    }

    @Test("records every prepared request, in order, across concurrent callers")
    func recordsRequests() async throws {
        let stub = StubTransport()
        stub.on(.post, "/pets", reply: .status(.created))
        let client = try client(stub)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    var request = Request<Void>(method: .post, path: "/pets")
                    request.body = .json(Pet(id: index, name: "pet\(index)"))
                    try await client.send(request)
                }
            }
            try await group.waitForAll()
        }
        let seen = stub.requests
        #expect(seen.count == 20)
        let ids = try seen.map { try JSONDecoder().decode(Pet.self, from: try #require($0.body?.data)).id }
        #expect(Set(ids) == Set(0..<20))
        #expect(seen.allSatisfy { $0.http.headerFields[.contentType] == "application/json" })
        stub.clearRequests()
        #expect(stub.requests.isEmpty)
    }

    @Test("a closure reply sees the request")
    func closureReply() async throws {
        let stub = StubTransport()
        stub.on(.get, "/whoami", reply: StubReply { request in
            RawResponse(status: .ok, body: Data((request.http.headerFields[.authorization] ?? "nobody").utf8))
        })
        var request = Request<String>(method: .get, path: "/whoami")
        request.addHeader("Authorization", "Bearer t")
        #expect(try await client(stub).send(request) == "Bearer t")
    }
}
