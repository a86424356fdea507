import Courier
import CourierTestServer
import CourierTesting
import Foundation
import Testing

private struct Tick: Decodable, Sendable, Equatable {
    var n: Int
}

/// One event with an ID and a `Tick` as its data.
private func event(_ n: Int) -> String {
    "id: \(n)\ndata: {\"n\":\(n)}\n\n"
}

// Most scripts here end their first connection cleanly (the last chunk) rather than dropping it:
// a failed body hands over its error before the chunks the transport had buffered (ByteChannel
// drops them), so on a loaded machine events sent just before a drop may never reach the stream
// (it then resumes, correctly, from an earlier Last-Event-ID, and the requests differ from run
// to run). Tests of real drops assert what the consumer sees.

/// The ticks `events` yields, until it ends.
private func ticks(_ events: ServerSentEventStream<Tick>) async throws -> [Int] {
    var seen: [Int] = []
    for try await event in events { seen.append(event.value.n) }
    return seen
}

@Suite("Client.serverSentEvents: typed, resumable event streams through the wares")
struct ServerSentEventStreamTests {
    @Test("an OpenAI-style chat stream ends at [DONE], heartbeats ignored, one request asking for text/event-stream")
    func chatStream() async throws {
        let script: [TestServer.Response.Step] = [
            .chunkedHead(), .chunk(": connected\n\n"), .chunk(event(1) + ": keep-alive\n\n"), .pause(.milliseconds(20)),
            .chunk(event(2)), .chunk(": keep-alive\n\n" + event(3)), .chunk("data: [DONE]\n\n"),
            // After the terminator nothing is read, and the stream does not reconnect.
            .repeatForever(Array("a\r\n: ignored\n\r\n".utf8), every: .milliseconds(20)),
        ]
        try await withLoopback(routes: { $0.route(.post, "/chat") { _ in .raw(script) } }) { server, client in
            let request = Request<HTTPBody>(method: .post, path: "/chat")
            var seen: [DecodedServerSentEvent<Tick>] = []
            for try await tick in client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]") { seen.append(tick) }
            #expect(seen.map(\.value.n) == [1, 2, 3])
            #expect(seen.map(\.id) == ["1", "2", "3"])
            #expect(server.requestCount == 1)
            #expect(server.requests.first?.header("Accept") == "text/event-stream")
            #expect(server.requests.first?.header("Last-Event-ID") == nil)
            // The terminator closed the connection the server was still writing to.
            try await waitUntil { server.hangUps.count == 1 }
        }
    }


    @Test("`data: [DONE] ` with a trailing space ends the stream as `[DONE]` does")
    func terminatorWithTrailingSpace() async throws {
        let script: [TestServer.Response.Step] = [.chunkedHead(), .chunk(event(1) + "data: [DONE] \n\n"), .lastChunk]
        try await withLoopback(routes: { $0.route(.post, "/chat") { _ in .raw(script) } }) { _, client in
            let events = client.serverSentEvents(Request(method: .post, path: "/chat"), of: Tick.self, terminator: "[DONE]")
            let seen = try await ticks(events)
            #expect(seen == [1])
        }
    }

    @Test("a Last-Event-ID the caller sets (a stream resumed after the app restarted) goes out on the first connect and seeds the iterator")
    func resumesFromCallersLastEventID() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { request in
                request.header("Last-Event-ID") == "41"
                    ? .raw([.chunkedHead(), .chunk(event(42) + event(43) + "data: [DONE]\n\n"), .lastChunk])
                    : .status(400)
            }
        }) { server, client in
            var request = Request<HTTPBody>(method: .get, path: "/ticks")
            request.addHeader("Last-Event-ID", "41")
            let events = client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]")
            #expect(events.makeAsyncIterator().lastEventID == "41")
            let seen = try await ticks(events)
            #expect(seen == [42, 43])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == ["41"])
        }
    }

    @Test("a stream closed mid-event is resumed after the server's retry:, on the client's clock, from Last-Event-ID: nothing lost or repeated")
    func resumesFromLastEventID() async throws {
        let clock = ManualClock()
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { request in
                switch request.header("Last-Event-ID") {
                case nil:
                    .raw([.chunkedHead(), .chunk("retry: 2500\n\n" + event(1)), .chunk(event(2) + event(3)),
                          .chunk("id: 4\ndata: {\"n\":"), .lastChunk])  // the body ends mid-event
                case "3":
                    .raw([.chunkedHead(), .chunk(event(4) + "data: {\"n\":5}\n\n"), .chunk(event(6) + "data: [DONE]\n\n"), .lastChunk])
                default:
                    .status(400)
                }
            }
        }, clock: clock) { server, client in
            let events = client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self, terminator: "[DONE]")
            let reading = Task {
                var iterator = events.makeAsyncIterator()
                var seen: [DecodedServerSentEvent<Tick>] = []
                while let event = try await iterator.next() { seen.append(event) }
                return (seen, iterator.connections, iterator.reconnectionTime)
            }
            // A regression that sleeps again on the manual clock must fail the test, not hang it.
            let watchdog = Task {
                try await Task.sleep(for: .seconds(30))
                reading.cancel()
            }
            defer { watchdog.cancel() }
            #expect(await clock.waitForSleepers(1))
            #expect(clock.pendingWaits == [.milliseconds(2500)], "the server's retry: is the wait")
            #expect(server.requestCount == 1, "no reconnect before the wait is over")
            clock.advance(by: .milliseconds(2500))
            let (seen, connections, retry) = try await reading.value
            #expect(seen.map(\.value.n) == [1, 2, 3, 4, 5, 6])
            // An event without an id of its own carries the last one, across the reconnect too.
            #expect(seen.map(\.id) == ["1", "2", "3", "4", "4", "6"])
            #expect(connections == 2)
            #expect(retry == .milliseconds(2500))
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, "3"])
        }
    }

    @Test("a server that closes the stream cleanly is reconnected, and a 204 then ends the stream")
    func noContentEnds() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { request in
                request.header("Last-Event-ID") == nil
                    ? .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1) + event(2)), .lastChunk]) : .status(204)
            }
        }) { server, client in
            let seen = try await ticks(client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self))
            #expect(seen == [1, 2])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, "2"])
        }
    }

    @Test("an error status on reconnect ends the stream with that error, after the events before it")
    func errorStatusOnReconnectEnds() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { request in
                request.header("Last-Event-ID") == nil
                    ? .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1)), .lastChunk])
                    : .json(#"{"error":"gone"}"#, status: 410)
            }
        }) { server, client in
            var seen: [Int] = []
            await #expect {
                for try await tick in client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self) {
                    seen.append(tick.value.n)
                }
            } throws: { error in
                (error as? CourierError)?.status?.code == 410
            }
            #expect(seen == [1])
            #expect(server.requestCount == 2)
        }
    }

    @Test("reconnection off: a clean close ends the stream, a dropped connection fails it, with one request each")
    func reconnectionDisabled() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/closes") { _ in .raw([.chunkedHead(), .chunk(event(1)), .lastChunk]) }
            server.route(.get, "/drops") { _ in .raw([.chunkedHead(), .chunk(event(1) + "data: {"), .pause(.milliseconds(200))]) }
        }) { server, client in
            let closes = client.serverSentEvents(Request(method: .get, path: "/closes"), of: Tick.self, reconnection: .disabled)
            let closed = try await ticks(closes)
            #expect(closed == [1])
            var seen: [Int] = []
            await #expect {
                let drops = client.serverSentEvents(Request(method: .get, path: "/drops"), of: Tick.self, reconnection: .disabled)
                for try await tick in drops { seen.append(tick.value.n) }
            } throws: { error in
                if case .transport = (error as? CourierError)?.reason { true } else { false }
            }
            #expect(seen.allSatisfy { $0 == 1 }, "the event, unless the drop overtook it")
            #expect(server.requests.map(\.path) == ["/closes", "/drops"])
        }
    }

    @Test("a POST stream is never sent again: a close without the terminator ends it, a drop fails it, one request each",
          .timeLimit(.minutes(1)))
    func postIsNotResent() async throws {
        // A chat completion that ends by closing (no `[DONE]`): sending the prompt again would
        // answer it twice (and bill it twice), and, as each answer resets the attempts, for ever.
        try await withLoopback(routes: { server in
            server.route(.post, "/chat") { _ in .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1) + event(2)), .lastChunk]) }
            server.route(.post, "/drops") { _ in .raw([.chunkedHead(), .chunk(event(1) + "data: {"), .pause(.milliseconds(200))]) }
        }) { server, client in
            let reconnection = StreamReconnection(maximumAttempts: 3, delay: .milliseconds(1), maximumDelay: .milliseconds(4))
            let closed = try await ticks(
                client.serverSentEvents(Request(method: .post, path: "/chat"), of: Tick.self, reconnection: reconnection))
            #expect(closed == [1, 2])
            var seen: [Int] = []
            await #expect {
                let drops = client.serverSentEvents(Request(method: .post, path: "/drops"), of: Tick.self, reconnection: reconnection)
                for try await tick in drops { seen.append(tick.value.n) }
            } throws: { error in
                if case .transport = (error as? CourierError)?.reason { true } else { false }
            }
            #expect(seen.allSatisfy { $0 == 1 }, "the event, unless the drop overtook it")
            #expect(server.requests.map(\.path) == ["/chat", "/drops"])
        }
    }

    @Test("reconnects are bounded: a server that keeps closing without events ends the stream after the attempts")
    func boundedAttempts() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/empty") { _ in .raw([.chunkedHead(), .chunk(": nothing\n\n"), .lastChunk]) }
        }) { server, client in
            let reconnection = StreamReconnection(maximumAttempts: 3, delay: .milliseconds(1), maximumDelay: .milliseconds(4))
            let events = client.serverSentEvents(Request(method: .get, path: "/empty"), of: Tick.self, reconnection: reconnection)
            let seen = try await ticks(events)
            #expect(seen == [])
            #expect(server.requestCount == 4)
        }
    }

    @Test("a Retry ware retries the connect; a close mid-stream is the stream's to resume, with Last-Event-ID")
    func retryCoversConnecting() async throws {
        let seen = Recorder<TestServer.Request>()
        try await withLoopback(routes: { server in
            server.route(.get, "/ticks") { request in
                switch seen.appendCounting(request) {
                case 1: .status(503)
                case 2: .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1) + event(2)), .lastChunk])
                default: .raw([.chunkedHead(), .chunk(event(3) + "data: [DONE]\n\n"), .lastChunk])
                }
            }
        }, wares: [Retry(RetryPolicy(baseDelay: .milliseconds(1)))]) { server, client in
            let events = client.serverSentEvents(Request(method: .get, path: "/ticks"), of: Tick.self, terminator: "[DONE]")
            let ticked = try await ticks(events)
            #expect(ticked == [1, 2, 3])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, nil, "2"])
        }
    }

    @Test("a 401 on reconnect refreshes the token through the Authenticator and the stream goes on")
    func refreshOnReconnect() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        // The first connection's token is refused once the stream reconnects: it expired meanwhile.
        auth.server.route(.get, "/feed") { request in
            let resumed = request.header("Last-Event-ID") != nil
            if resumed, request.header("Authorization") == "Bearer access-1" { return .json(#"{"error":"expired"}"#, status: 401) }
            return resumed
                ? .raw([.chunkedHead(), .chunk(event(3) + "data: [DONE]\n\n"), .lastChunk])
                : .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1) + event(2)), .lastChunk])
        }
        let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("access-1", refreshToken: "refresh-1")]))
        let client = try auth.client(authenticator)
        let events = client.serverSentEvents(Request(method: .get, path: "/feed"), of: Tick.self, terminator: "[DONE]")
        let seen = try await ticks(events)
        #expect(seen == [1, 2, 3])
        #expect(auth.refreshCount == 1)
        let feed = auth.server.requests.filter { $0.path == "/feed" }
        #expect(feed.map { $0.header("Authorization") } == ["Bearer access-1", "Bearer access-1", "Bearer access-2"])
        #expect(feed.map { $0.header("Last-Event-ID") } == [nil, "2", "2"])
    }

    @Test("a refresh that fails for now (503) on reconnect is a reconnect attempt like a drop: the stream goes on once it works")
    func refreshUnavailableOnReconnect() async throws {
        let auth = try AuthTestServer()
        defer { auth.stop() }
        auth.refreshDelay = .zero
        auth.failRefreshes(with: 503)
        let resumes = Recorder<Int>()
        auth.server.route(.get, "/feed") { request in
            guard request.header("Last-Event-ID") != nil else {
                return .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1) + event(2)), .lastChunk])
            }
            resumes.append(1)
            // The first connection's token expired meanwhile; the auth server is back for the second try.
            if resumes.all.count == 2 { auth.failRefreshes(with: nil) }
            if request.header("Authorization") == "Bearer access-1" { return .json(#"{"error":"expired"}"#, status: 401) }
            return .raw([.chunkedHead(), .chunk(event(3) + "data: [DONE]\n\n"), .lastChunk])
        }
        let authenticator = Authenticator(store: MemoryCredentialStore(["session": .bearer("access-1", refreshToken: "refresh-1")]))
        let client = try auth.client(authenticator)
        let seen = try await ticks(client.serverSentEvents(Request(method: .get, path: "/feed"), of: Tick.self, terminator: "[DONE]"))
        #expect(seen == [1, 2, 3])
        #expect(auth.refreshCount == 2)
        let feed = auth.server.requests.filter { $0.path == "/feed" }
        #expect(feed.map { $0.header("Authorization") } == ["Bearer access-1", "Bearer access-1", "Bearer access-1", "Bearer access-2"])
    }

    @Test("breaking out of the loop, or cancelling the reading task, closes the connection: the server sees it")
    func cancellationSeenByServer() async throws {
        let script: [TestServer.Response.Step] = [
            .chunkedHead(), .chunk(event(1)),
            .repeatForever(Array("8\r\n: ping\n\n\r\n".utf8), every: .milliseconds(20)),
        ]
        try await withLoopback(routes: {
            $0.route(.get, "/break") { _ in .raw(script) }
            $0.route(.get, "/cancel") { _ in .raw(script) }
        }) { server, client in
            for try await tick in client.serverSentEvents(Request(method: .get, path: "/break"), of: Tick.self) {
                #expect(tick.value.n == 1)
                break
            }
            try await waitUntil { server.hangUps.count == 1 }

            let events = client.serverSentEvents(Request(method: .get, path: "/cancel"), of: Tick.self)
            let got = Recorder<Int>()
            let reading = Task { for try await tick in events { got.append(tick.value.n) } }
            try await waitUntil { !got.all.isEmpty }  // cancelled while streaming
            reading.cancel()
            await #expect(throws: CancellationError.self) { try await reading.value }
            try await waitUntil { server.hangUps.count == 2 }
            #expect(server.hangUps.map(\.request.path) == ["/break", "/cancel"])
            #expect(server.requestCount == 2, "neither stream reconnected")
        }
    }

    @Test("no bytes for the idle timeout: the stream fails as timed out, or reconnects and goes on")
    func idleTimeout() async throws {
        try await withLoopback(routes: { server in
            server.route(.get, "/silent") { request in
                request.header("Last-Event-ID") == nil
                    ? .raw([.chunkedHead(), .chunk("retry: 1\n\n" + event(1)), .pause(.seconds(30))])
                    : .raw([.chunkedHead(), .chunk(event(2) + "data: [DONE]\n\n"), .lastChunk])
            }
        }) { server, client in
            let request = Request<HTTPBody>(method: .get, path: "/silent")
            var seen: [Int] = []
            await #expect {
                let events = client.serverSentEvents(request, of: Tick.self, reconnection: .disabled, idleTimeout: .seconds(3))
                for try await tick in events { seen.append(tick.value.n) }
            } throws: { error in
                if case .transport(.timedOut(let after)) = (error as? CourierError)?.reason { after == .seconds(3) } else { false }
            }
            #expect(seen == [1])

            let resuming = client.serverSentEvents(request, of: Tick.self, terminator: "[DONE]", idleTimeout: .seconds(3))
            let resumed = try await ticks(resuming)
            #expect(resumed == [1, 2])
            #expect(server.requests.map { $0.header("Last-Event-ID") } == [nil, nil, "1"])
        }
    }

    @Test("the request's timeout bounds the connect: a head that does not come in time fails the stream")
    func timeoutBoundsConnect() async throws {
        // A stream outlasting the timeout is EventStreamConformanceTests.chatStream, on every transport.
        try await withLoopback(routes: { server in
            server.route(.get, "/late") { _ in .raw([.pause(.seconds(20)), .chunkedHead(), .chunk(event(1)), .lastChunk]) }
        }) { server, client in
            var late = Request<HTTPBody>(method: .get, path: "/late")
            late.timeout = .seconds(2)
            await #expect {
                _ = try await ticks(client.serverSentEvents(late, of: Tick.self))
            } throws: { error in
                if case .transport(.timedOut) = (error as? CourierError)?.reason { true } else { false }
            }
        }
    }

    @Test("streams are neither cached nor coalesced: each iteration reaches the server")
    func notCachedNorCoalesced() async throws {
        let script: [TestServer.Response.Step] = [
            .text("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: max-age=600\r\nTransfer-Encoding: chunked\r\n\r\n"),
            .pause(.milliseconds(100)), .chunk(event(1) + "data: [DONE]\n\n"), .lastChunk,
        ]
        try await withLoopback(routes: { $0.route(.get, "/cacheable") { _ in .raw(script) } }, wares: [HTTPCache(), Coalescing()]) {
            server, client in
            let events = client.serverSentEvents(Request(method: .get, path: "/cacheable"), of: Tick.self, terminator: "[DONE]")
            async let first = ticks(events)
            async let second = ticks(events)
            let both = try await [first, second]
            #expect(both == [[1], [1]])
            let third = try await ticks(events)
            #expect(third == [1])
            #expect(server.requestCount == 3)
        }
    }

    @Test("client.jsonLines decodes a JSON Lines answer as it streams")
    func jsonLines() async throws {
        let script: [TestServer.Response.Step] = [
            .chunkedHead(contentType: "application/jsonl"), .chunk("{\"n\":1}\n{\"n\""), .pause(.milliseconds(20)),
            .chunk(":2}\n{\"n\":3}\n"), .lastChunk,
        ]
        try await withLoopback(routes: { $0.route(.get, "/lines") { _ in .raw(script) } }) { server, client in
            var seen: [Int] = []
            for try await line in try await client.jsonLines(Request(method: .get, path: "/lines"), of: Tick.self) {
                seen.append(line.n)
            }
            #expect(seen == [1, 2, 3])
            #expect(server.requests.first?.header("Accept") == "application/jsonl, application/x-ndjson")
        }
    }
}
