import Courier
import CourierTestServer
import Foundation
import Testing

private struct Tick: Decodable, Sendable, Equatable {
    var n: Int
}

private func event(_ n: Int) -> String {
    "id: \(n)\ndata: {\"n\":\(n)}\n\n"
}

private func ticks(_ events: ServerSentEventStream<Tick>) async throws -> [Int] {
    var seen: [Int] = []
    for try await event in events { seen.append(event.value.n) }
    return seen
}

@Suite("Every transport streams server-sent events through Client.serverSentEvents")
struct EventStreamConformanceTests {
    @Test("a chat stream in small chunks over time ends at [DONE] on one connection, outlasting the request's timeout",
          arguments: TransportUnderTest.allCases)
    func chatStream(_ transport: TransportUnderTest) async throws {
        var steps: [TestServer.Response.Step] = [.chunkedHead(), .chunk(": connected\n\n")]
        for n in 1...12 { steps += [.pause(.seconds(3)), .chunk(event(n)), .chunk(": keep-alive\n\n")] }
        steps += [.chunk("data: [DONE]\n\n"), .lastChunk]
        let script = steps
        try await withServer(transport, routes: { $0.route(.get, "/chat") { _ in .raw(script) } }) { server, client in
            var request = Request<HTTPBody>(method: .get, path: "/chat")
            // Roomy for the head: a full parallel run on two cores can starve the cooperative pool
            // (and corelibs' one URLSession queue) for 20 s and more at its start. The stream lasts
            // 36 s, past this timeout.
            request.timeout = .seconds(30)
            let events = client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]")
            let seen = try await ticks(events)
            #expect(seen == Array(1...12))
            #expect(server.requestCount == 1)
        }
    }

    @Test("a connection dropped mid-event is resumed from Last-Event-ID, nothing lost or repeated",
          arguments: TransportUnderTest.allCases)
    func resumes(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: { server in
            server.route(.get, "/ticks") { request in
                request.header("Last-Event-ID") == nil
                    ? .raw([.chunkedHead(), .chunk("retry: 10\n\n" + event(1) + event(2)), .chunk("id: 3\ndata: {\"n\""),
                            .pause(.seconds(1))])  // then the connection drops mid-event
                    : .raw([.chunkedHead(), .chunk(event(3) + "data: [DONE]\n\n"), .lastChunk])
            }
        }) { server, client in
            let events = client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self, terminator: "[DONE]")
            let seen = try await ticks(events)
            #expect(seen == [1, 2, 3])
            // On a loaded machine the drop may overtake the events before it (a failed body's
            // buffered chunks are dropped): the stream then resumes from an earlier point.
            #expect(server.requests.last?.header("Last-Event-ID") == "2")
        }
    }

    @Test("breaking out of the loop closes the connection: the server sees it", arguments: TransportUnderTest.allCases)
    func breakCloses(_ transport: TransportUnderTest) async throws {
        let script: [TestServer.Response.Step] = [
            .chunkedHead(), .chunk(event(1)), .repeatForever(Array("8\r\n: ping\n\n\r\n".utf8), every: .milliseconds(20)),
        ]
        try await withServer(transport, routes: { $0.route(.get, "/ticks") { _ in .raw(script) } }) { server, client in
            for try await tick in client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self) {
                #expect(tick.value.n == 1)
                break
            }
            let deadline = ContinuousClock.now + .seconds(20)
            while server.hangUps.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            #expect(server.hangUps.count == 1)
            #expect(server.requestCount == 1)
        }
    }

    @Test("a streamed body dropped unread closes its connection: a JSON Lines sequence, a raw HTTPBody",
          arguments: TransportUnderTest.allCases)
    func unreadBodyCloses(_ transport: TransportUnderTest) async throws {
        // A server keeping the stream open for ever: only the client letting go ends it (the
        // transports' own bound on a stream is a day).
        let script: [TestServer.Response.Step] = [
            .chunkedHead(), .chunk("{\"n\":1}\n"), .repeatForever(Array("1\r\n\n\r\n".utf8), every: .milliseconds(20)),
        ]
        try await withServer(transport, routes: {
            $0.route(.get, "/lines") { _ in .raw(script) }
            $0.route(.get, "/bytes") { _ in .raw(script) }
        }) { server, client in
            func hangUps(_ count: Int) async throws {
                let deadline = ContinuousClock.now + .seconds(20)
                while server.hangUps.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            }
            do {
                let lines = try await client.jsonLines(Request(method: .get, path: "/lines"), of: Tick.self)
                withExtendedLifetime(lines) {}
            }
            try await hangUps(1)
            #expect(server.hangUps.map(\.request.path) == ["/lines"])
            do {
                let body = try await client.send(Request<HTTPBody>(method: .get, path: "/bytes"))
                #expect(body.length == nil)
            }
            try await hangUps(2)
            #expect(server.hangUps.map(\.request.path) == ["/lines", "/bytes"])
        }
    }

    @Test("a body silent for the idle timeout fails the stream as timed out", arguments: TransportUnderTest.allCases)
    func idleTimeout(_ transport: TransportUnderTest) async throws {
        try await withServer(transport, routes: {
            $0.route(.get, "/silent") { _ in .raw([.chunkedHead(), .chunk(event(1)), .pause(.seconds(30))]) }
        }) { _, client in
            let events = client.serverSentEvents(
                Request(method: .get, path: "/silent"), of: Tick.self, reconnection: .disabled, idleTimeout: .seconds(3))
            var seen: [Int] = []
            await #expect {
                for try await tick in events { seen.append(tick.value.n) }
            } throws: { error in
                if case .transport(.timedOut(let after)) = (error as? CourierError)?.reason { after == .seconds(3) } else { false }
            }
            #expect(seen == [1])
        }
    }
}
