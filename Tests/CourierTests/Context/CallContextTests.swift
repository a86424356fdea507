import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import InMemoryLogging
import Logging
import Testing

/// Remembers what it saw of the context, and what an inner ware left in storage.
private struct ContextProbe: Ware {
    var position: WarePosition
    let seen: Recorder<String>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        seen.append("\(context.endpoint) attempt \(context.attempt) call \(context.callID)")
        context.storage[OuterNote.self] = "from the outside"
        let response = try await next(request, context)
        seen.append("inner left: \(context.storage[InnerNote.self] ?? "nothing")")
        return response
    }
}

private enum OuterNote: CallStorageKey { typealias Value = String }
private enum InnerNote: CallStorageKey { typealias Value = String }

/// Reads what the outer ware stored, and leaves a note of its own; replays once with attempt 2.
private struct InnerReplayer: Ware {
    var position: WarePosition { .retry }
    let seen: Recorder<String>

    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        seen.append("outer left: \(context.storage[OuterNote.self] ?? "nothing")")
        context.storage[InnerNote.self] = "from the inside"
        _ = try await next(request, context)
        var again = context
        again.attempt += 1
        return try await next(request, again)
    }
}

/// A transport that records the context it is handed, then uses a real URLSession transport.
private struct ContextRecordingTransport: Transport {
    let inner = URLSessionTransport()
    let seen: Recorder<String>

    func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        seen.append("transport: \(context.endpoint) attempt \(context.attempt)")
        context.logger.info("sending")
        return try await inner.send(request, context: context)
    }
}

@Suite("CallContext: travels with the request through every ware and into the transport")
struct CallContextTests {
    @Test("wares and the transport see endpoint, call ID and attempt; storage flows both ways; the logger carries the call's metadata")
    func contextTravels() async throws {
        let server = try TestServer()
        server.route(.get, "/pets/{id}") { _ in .json(#"{"id":1}"#) }
        server.start()
        defer { server.stop() }
        let seen = Recorder<String>()
        var handler = InMemoryLogHandler()
        handler.logLevel = .trace
        let logger = Logger(label: "context") { [handler] _ in handler }
        let client = try Client(
            service: ServiceConfiguration(name: "pets", baseURL: server.baseURL, timeout: .seconds(60)),
            transport: ContextRecordingTransport(seen: seen),
            wares: [InnerReplayer(seen: seen), ContextProbe(position: .observation, seen: seen)],
            logger: logger)
        var request = Request<[String: Int]>(method: .get, path: "/pets/{id}", name: "getPet")
        request.setPathParameter("id", to: 1)

        _ = try await client.send(request)
        _ = try await client.send(request)

        let all = seen.all
        #expect(all.count == 10)
        let first = try #require(all.first)
        #expect(first.hasPrefix("getPet attempt 1 call "))
        #expect(Array(all[1...4]) == [
            "outer left: from the outside",
            "transport: getPet attempt 1",
            "transport: getPet attempt 2",
            "inner left: from the inside",
        ])
        // Each call has its own ID, and its own storage.
        let secondCall = all[5]
        #expect(secondCall.hasPrefix("getPet attempt 1 call ") && secondCall != first)
        #expect(server.requestCount == 4)

        let sending = handler.entries.filter { $0.message == "sending" }
        #expect(sending.count == 4)
        #expect(sending.allSatisfy { $0.metadata["courier.endpoint"] == "getPet" })
        #expect(sending.map { $0.metadata["courier.attempt"].map { "\($0)" } } == [nil, "2", nil, "2"])
        let callIDs = Set(sending.compactMap { $0.metadata["courier.call"].map { "\($0)" } })
        #expect(callIDs.count == 2)
    }

    @Test("an unnamed request goes by its method and path template")
    func unnamedEndpoint() async throws {
        let seen = Recorder<String>()
        try await withLoopback(
            routes: { $0.route(.get, "/things/{id}") { _ in .json("{}") } },
            wares: [ContextProbe(position: .standard, seen: seen)]
        ) { _, client in
            var request = Request<[String: Int]>(method: .get, path: "/things/{id}")
            request.setPathParameter("id", to: 3)
            _ = try await client.send(request)
        }
        #expect(seen.all.first?.hasPrefix("GET /things/{id} attempt 1") == true)
    }
}
