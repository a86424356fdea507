import Courier
import CourierTestServer
import Foundation
import Testing

@Suite("Batches against the loopback server")
struct BatchTests {
    struct Pet: Codable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    static func pet(_ id: Int) -> Request<Pet> { Request(method: .get, path: "/pets/\(id)", name: "getPet") }
    static let names = Request<[String]>(method: .get, path: "/names", name: "listNames")
    static let stalled = Request<String>(method: .get, path: "/stall/a", name: "stallA")
    static let stalledToo = Request<String>(method: .get, path: "/stall/b", name: "stallB")
    static let failing = Request<String>(method: .get, path: "/fail", name: "fail")

    static func routes(_ server: TestServer) {
        server.route(.get, "/pets/{id}") { request in
            .json(#"{"id":\#(request.pathParameters["id"] ?? "0"),"name":"Rex"}"#)
        }
        server.route(.get, "/names") { _ in .json(#"["Rex","Tom"]"#) }
        server.route(.get, "/stall/{x}") { _ in .stall }
        // Fails only once both stalled members are at the server, so their cancellation is
        // something the server can see.
        server.route(.get, "/fail") { [unowned server] _ in
            block { server.requests.filter { $0.path.hasPrefix("/stall/") }.count >= 2 }
            return .text("boom", status: 500)
        }
    }

    @Test("a batch of requests of different types answers with a typed tuple")
    func typedTuple() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: Self.routes, wares: [probe]) { _, client in
            let (pet, names, other) = try await client.batch(Self.pet(1), Self.names, Self.pet(2))
            #expect(pet == Pet(id: 1, name: "Rex"))
            #expect(names == ["Rex", "Tom"])
            #expect(other.id == 2)
            #expect(probe.calls.count == 3)
            let groups = Set(probe.calls.compactMap { $0.group?.innermost.groupID })
            #expect(groups.count == 1)
            let positions = probe.calls.compactMap { $0.group?.innermost }.map { "\($0.position)/\($0.count) \($0.memberName ?? "-")" }
            #expect(positions.sorted() == ["0/3 getPet", "1/3 listNames", "2/3 getPet"])
        }
    }

    @Test("fail-fast: the first failure cancels the other members at once (the server sees them go), names the member and keeps what finished")
    func failFastCancelsTheOthers() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: Self.routes, wares: [probe]) { server, client in
            let error = await thrownError {
                _ = try await client.run(
                    Batch(named: "profiles", Self.pet(1), Self.stalled, Self.stalledToo, Self.failing))
            }
            let failure = try #require(error as? CallGroupFailure)
            #expect(failure.kind == .batch)
            #expect(failure.groupName == "profiles")
            #expect(failure.member == 3)
            #expect(failure.memberName == "fail")
            #expect((failure.rootCause as? CourierError)?.status?.code == 500)
            #expect(failure.value(of: 0, as: Pet.self) == Pet(id: 1, name: "Rex"))
            #expect(failure.completed.count == 1)
            #expect("\(failure)".hasPrefix(#"batch \#(failure.groupID) "profiles" failed at member 4 (fail): "#))
            // The batch returned only after every member ended: no call is left running.
            #expect(probe.inFlight == 0)
            try await waitUntil { server.hangUps.count == 2 }
            #expect(Set(server.hangUps.map(\.request.path)) == ["/stall/a", "/stall/b"])
        }
    }

    @Test("collect-all: every member runs to its end and each result comes back in member order")
    func collectAll() async throws {
        try await withLoopback(routes: { server in
            Self.routes(server)
            server.route(.get, "/missing") { _ in .text("no", status: 404) }
            server.route(.get, "/garbled") { _ in .json(#"{"id":"x"}"#) }
        }) { _, client in
            let (pet, missing, garbled, names) = await client.batchResults(
                Self.pet(4), Request<Pet>(method: .get, path: "/missing"), Request<Pet>(method: .get, path: "/garbled"), Self.names)
            let fetched = try pet.get()
            let listed = try names.get()
            #expect(fetched == Pet(id: 4, name: "Rex"))
            #expect(listed == ["Rex", "Tom"])
            #expect(missing.failureKind == .status)
            #expect(garbled.failureKind == .decoding)
        }
    }

    @Test("fifty mixed members in one batch, a list batch nested among typed ones")
    func fiftyMixed() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: Self.routes, wares: [probe]) { _, client in
            let pets = ListBatch(named: "pets", (1...48).map { Self.pet($0) }, maxConcurrent: 8)
            let (all, names, last) = try await client.batch(pets, Self.names, Self.pet(50))
            #expect(all.map(\.id) == Array(1...48))
            #expect(names == ["Rex", "Tom"])
            #expect(last.id == 50)
            #expect(probe.calls.count == 50)
            let nested = probe.calls.filter { $0.group?.levels.count == 2 }
            #expect(nested.count == 48)
            #expect(nested.allSatisfy { $0.group?.innermost.groupName == "pets" && $0.group?.innermost.count == 48 })
            #expect(probe.inFlight == 0)
        }
    }

    @Test("a list batch keeps input order and never runs more than its limit at once")
    func limitAndOrder() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: { server in
            // Earlier members answer later, so completion order is the reverse of input order.
            server.route(.get, "/slow/{n}") { request in
                let n = Int(request.pathParameters["n"] ?? "0") ?? 0
                return .json("\(n)").delayed(by: .milliseconds(10 * (12 - n)))
            }
        }, wares: [probe]) { _, client in
            let requests = (0..<12).map { Request<Int>(method: .get, path: "/slow/\($0)") }
            let values = try await client.batch(requests, maxConcurrent: 3)
            #expect(values == Array(0..<12))
            #expect(probe.mostInFlight <= 3)
            #expect(probe.calls.count == 12)
            let results = await client.batchResults(requests, maxConcurrent: 2)
            #expect(results.compactMap { try? $0.get() } == Array(0..<12))
            #expect(probe.inFlight == 0)
        }
    }

    @Test("a fail-fast list batch starts no member after the failure")
    func listBatchStopsStarting() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/n/{n}") { request in
                request.pathParameters["n"] == "2" ? .text("no", status: 503) : .json("1")
            }
        }) { server, client in
            let requests = (0..<20).map { Request<Int>(method: .get, path: "/n/\($0)", name: "n\($0)") }
            let error = await thrownError { _ = try await client.batch(requests, maxConcurrent: 1) }
            let failure = try #require(error as? CallGroupFailure)
            #expect(failure.member == 2)
            #expect(failure.memberName == "n2")
            #expect(failure.completed.keys.sorted() == [0, 1])
            #expect(server.requests.map(\.path) == ["/n/0", "/n/1", "/n/2"])
        }
    }

    @Test("cancelling the task running a batch cancels every member and throws CancellationError")
    func cancellingTheCaller() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: Self.routes, wares: [probe]) { server, client in
            let task = Task { try await client.batch(Self.stalled, Self.stalledToo) }
            try await waitUntil { server.requests.count == 2 }
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(probe.inFlight == 0)
            try await waitUntil { server.hangUps.count == 2 }
        }
    }
}

extension Result where Failure == any Error {
    /// The kind of ``CourierError`` this result failed with.
    var failureKind: CourierError.Kind? {
        guard case .failure(let error) = self else { return nil }
        return (error as? CourierError)?.kind
    }
}
