import Courier
import CourierTesting
import Foundation
import PetstoreAPI
import Testing

/// The generated `ChatClient` answered from its spec's stream samples (`samples/chat.sse`,
/// `room.sse`, `logs.jsonl`, `export.json-seq`) by `StubTransport(samples: Chat.samples)`, through
/// the client's wares, one element at a time on a `ManualClock`.
@Suite struct ChatStubTests {
    /// A facade over a client with `stub`, `wares` and `clock`.
    private func chat(_ stub: StubTransport, wares: [any Ware] = [], clock: any Clock<Duration> = ContinuousClock()) throws -> ChatClient {
        // 60 s for each connect: a full parallel run on two cores starves the cooperative pool for
        // 20 s and more at its start, which the spec's 10 s would turn into false timeouts.
        var service = Chat.service()
        service.timeout = .seconds(60)
        return ChatClient(client: try Client(service: service, transport: stub, wares: wares, clock: clock))
    }

    @Test func everyStreamSampleReplaysAsTypedElements() async throws {
        let chat = try chat(StubTransport(samples: Chat.samples))
        var deltas: [String] = []
        for try await chunk in chat.streamChat(body: Chat.ChatRequest(model: "m", prompt: "hi")) { deltas.append(chunk.value.delta) }
        #expect(deltas == ["Hel", "lo, ", "world"])

        var events: [Chat.RoomEventsEvent] = []
        // The sample ends without a terminator, so the stream reconnects; the stub answers the
        // reconnect with 204, which ends the stream after the sample's four events, once.
        for try await event in chat.roomEvents(id: "lobby") {
            events.append(event.value)
            if events.count > 8 { break }
        }
        #expect(events == [
            .joined(Chat.RoomJoin(user: "ada")),
            .message(Chat.RoomMessage(user: "ada", text: "hello")),
            .unknown(event: "typing", data: Data(#"{"user":"bob"}"#.utf8)),
            .left(Chat.RoomLeave(user: "ada", reason: "bye")),
        ])

        var levels: [Chat.LogLevel] = []
        for try await entry in try await chat.tailLogs() { levels.append(entry.level) }
        #expect(levels == [.info, .warning, .error])

        var ids: [Int] = []
        for try await item in try await chat.exportItems() { ids.append(item.id) }
        #expect(ids == [1, 2, 3])
    }

    @Test func elementsArePacedOnTheClientsClockThroughTheWares() async throws {
        let clock = ManualClock()
        let connects = Locked(0)
        let counter = CountingWare(connects: connects)
        let stub = StubTransport(samples: Chat.samples, behavior: .streamed(every: .seconds(1)))
        let chat = try chat(stub, wares: [counter], clock: clock)
        let received = Locked<[String]>([])
        let reading = Task {
            for try await line in try await chat.tailLogs() { received.withLock { $0.append(line.message) } }
        }
        // The first line comes at once, each next one a second later on the manual clock.
        try await waitUntil { received.withLock { $0.count } == 1 }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.pendingWaits == [.seconds(1)])
        #expect(received.withLock { $0 } == ["started"])
        clock.advance(by: .seconds(1))
        try await waitUntil { received.withLock { $0.count } == 2 }
        #expect(await clock.waitForSleepers(1))
        #expect(received.withLock { $0 } == ["started", "disk at 91%"])
        clock.advance(by: .seconds(1))
        try await reading.value
        #expect(received.withLock { $0 } == ["started", "disk at 91%", "lost the database"])
        #expect(connects.withLock { $0 } == 1)
    }

    @Test func eventsArePacedOneEventAtATime() async throws {
        let clock = ManualClock()
        let stub = StubTransport(samples: Chat.samples, behavior: .streamed(every: .milliseconds(250)))
        let chat = try chat(stub, clock: clock)
        let received = Locked(0)
        let reading = Task {
            for try await _ in chat.streamChat(body: Chat.ChatRequest(model: "m", prompt: "hi")) { received.withLock { $0 += 1 } }
        }
        try await waitUntil { received.withLock { $0 } == 1 }
        // Each event, the terminator's too, is one step of 250 ms.
        for expected in 2...3 {
            #expect(await clock.waitForSleepers(1))
            #expect(received.withLock { $0 } == expected - 1)
            clock.advance(by: .milliseconds(250))
            try await waitUntil { received.withLock { $0 } == expected }
        }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .milliseconds(250))
        try await reading.value
        #expect(received.withLock { $0 } == 3)
    }

    /// Waits (on the real clock, up to 30 s) until `condition` holds, failing the test otherwise.
    private func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition did not hold within 30 s")
                return
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Counts the requests that open a stream, to show stubbed streams go through the wares.
private struct CountingWare: Ware {
    let connects: Locked<Int>
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        if request.streamConnection != nil { connects.withLock { $0 += 1 } }
        return try await next(request, context)
    }
}
