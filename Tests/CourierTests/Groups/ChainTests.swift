import Courier
import CourierTestServer
import Foundation
import InMemoryLogging
import Logging
import Testing

@Suite("Chains against the loopback server")
struct ChainTests {
    struct Profile: Codable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    static let cpp = Request<Profile>(method: .get, path: "/cpp", name: "getCPP")
    static func mms(_ id: Int) -> Request<Profile> { Request(method: .get, path: "/mms/\(id)", name: "getMMS") }
    static func update(_ profile: Profile) -> Request<Profile> {
        var request = Request<Profile>(method: .put, path: "/mms/\(profile.id)", name: "updateMMS")
        request.body = .json(profile)
        return request
    }

    static func routes(_ server: TestServer) {
        server.route(.get, "/cpp") { _ in .json(#"{"id":7,"name":"cpp"}"#) }
        server.route(.get, "/mms/{id}") { request in
            .json(#"{"id":\#(request.pathParameters["id"] ?? "0"),"name":"mms"}"#)
        }
        server.route(.put, "/mms/{id}") { request in
            TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/json")], body: request.body)
        }
        server.route(.get, "/mms/404") { _ in .text("gone", status: 404) }
        server.route(.get, "/stall") { _ in .stall }
    }

    @Test("three dependent calls: each step is built from the answers before it")
    func threeSteps() async throws {
        let probe = GroupProbe()
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let logger = Logger(label: "chain") { [handler] _ in handler }
        try await withLoopback(routes: Self.routes, wares: [probe], logger: logger) { server, client in
            let chain = Self.cpp.chain(named: "profile sync")
                .then("mms") { cpp in Self.mms(cpp.id) }
                .then("update") { cpp, mms in Self.update(Profile(id: mms.id, name: "\(mms.name) of \(cpp.name)")) }
            #expect(chain.stepCount == 3)
            let (cpp, mms, updated) = try await client.run(chain)
            #expect(cpp == Profile(id: 7, name: "cpp"))
            #expect(mms == Profile(id: 7, name: "mms"))
            #expect(updated == Profile(id: 7, name: "mms of cpp"))
            #expect(server.requests.map { "\($0.method) \($0.path)" } == ["GET /cpp", "GET /mms/7", "PUT /mms/7"])
            let steps = probe.calls.compactMap { $0.group?.innermost }
            #expect(steps.map(\.kind) == [.chain, .chain, .chain])
            #expect(steps.map(\.position) == [0, 1, 2])
            #expect(steps.map(\.memberName) == ["getCPP", "mms", "update"])
            #expect(steps.allSatisfy { $0.groupName == "profile sync" && $0.count == 3 })
            #expect(probe.calls.first?.loggedGroup == #"chain \#(steps[0].groupID) "profile sync" step 1/3 (getCPP)"#)
        }
    }

    @Test("a step that fails ends the chain with its name and the earlier answers; no later step is sent")
    func failingMidway() async throws {
        try await withLoopback(routes: Self.routes) { server, client in
            let chain = Self.cpp.chain()
                .then { _ in Self.mms(404) }
                .then("update") { _, mms in Self.update(mms) }
            let error = await thrownError { _ = try await client.run(chain) }
            let failure = try #require(error as? CallGroupFailure)
            #expect(failure.kind == .chain)
            #expect(failure.member == 1)
            #expect(failure.memberName == "getMMS")
            #expect((failure.rootCause as? CourierError)?.status?.code == 404)
            #expect(failure.value(of: 0, as: Profile.self) == Profile(id: 7, name: "cpp"))
            #expect(server.requests.map(\.path) == ["/cpp", "/mms/404"])
        }
    }

    @Test("a step whose closure throws fails the chain at that step")
    func buildingAStepThrows() async throws {
        struct NoProfile: Error {}
        try await withLoopback(routes: Self.routes) { server, client in
            let chain = Self.cpp.chain().then("choose") { _ -> Request<Profile> in throw NoProfile() }
            let error = await thrownError { _ = try await client.run(chain) }
            let failure = try #require(error as? CallGroupFailure)
            #expect(failure.member == 1)
            #expect(failure.memberName == "choose")
            #expect(failure.error is NoProfile)
            #expect(server.requests.count == 1)
        }
    }

    @Test("cancelling a chain cancels the step in flight (the server sees it go) and sends no later step")
    func cancelledMidway() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: Self.routes, wares: [probe]) { server, client in
            let chain = Self.cpp.chain()
                .then { _ in Request<Profile>(method: .get, path: "/stall", name: "stall") }
                .then { cpp, _ in Self.mms(cpp.id) }
            let task = Task { try await client.run(chain) }
            try await waitUntil { server.requests.count == 2 }
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            try await waitUntil { server.hangUps.count == 1 }
            #expect(server.hangUps.first?.request.path == "/stall")
            #expect(server.requests.map(\.path) == ["/cpp", "/stall"])
            #expect(probe.inFlight == 0)
        }
    }

    @Test("nesting: a chain step that is a batch, and a batch member that is a chain")
    func nesting() async throws {
        let probe = GroupProbe()
        try await withLoopback(routes: Self.routes, wares: [probe]) { _, client in
            // A chain whose second step is a batch.
            let fanOut = Self.cpp.chain().then("both") { cpp in Batch(named: "pair", Self.mms(cpp.id), Self.mms(cpp.id + 1)) }
            let (cpp, (first, second)) = try await client.run(fanOut)
            #expect(cpp.id == 7)
            #expect(first.id == 7 && second.id == 8)
            let inBatch = probe.calls.filter { $0.group?.levels.count == 2 }
            #expect(inBatch.count == 2)
            for call in inBatch {
                let levels = try #require(call.group?.levels)
                #expect(levels[0].kind == .chain && levels[0].position == 1 && levels[0].memberName == "both")
                #expect(levels[1].kind == .batch && levels[1].groupName == "pair")
            }

            // A batch whose members are chains, failing in the second: the failure nests.
            let good = Self.cpp.chain().then { cpp in Self.mms(cpp.id) }
            let bad = Self.cpp.chain(named: "bad").then { _ in Self.mms(404) }
            let error = await thrownError { _ = try await client.batch(good, bad) }
            let failure = try #require(error as? CallGroupFailure)
            #expect(failure.kind == .batch && failure.member == 1 && failure.memberName == "bad")
            let inner = try #require(failure.error as? CallGroupFailure)
            #expect(inner.kind == .chain && inner.member == 1)
            #expect((failure.rootCause as? CourierError)?.status?.code == 404)
            #expect(probe.inFlight == 0)
        }
    }
}
