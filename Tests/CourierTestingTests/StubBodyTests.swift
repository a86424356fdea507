import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

/// `data` as one-shot chunks of `size` bytes.
private func chunks(of data: Data, size: Int) -> AsyncStream<Data> {
    AsyncStream { continuation in
        var offset = 0
        while offset < data.count {
            continuation.yield(data[offset..<Swift.min(data.count, offset + size)])
            offset += size
        }
        continuation.finish()
    }
}

@Suite("StubTransport: bodies of every kind, and transfers in progress")
struct StubBodyTests {
    private func client(_ stub: StubTransport, clock: any Clock<Duration> = ContinuousClock(), timeout: Duration = .seconds(60)) throws -> Client {
        let url = try #require(URL(string: "https://api.example.com"))
        return try Client(service: ServiceConfiguration(name: "stubbed", baseURL: url, timeout: timeout), transport: stub, clock: clock)
    }

    @Test("a streamed or file upload is read to its end and recorded as the bytes sent")
    func uploadsAreRecorded() async throws {
        let stub = StubTransport()
        stub.on(.post, "/logs", reply: .status(.accepted))
        let client = try client(stub)
        let payload = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })
        var streamed = Request<Void>(method: .post, path: "/logs")
        streamed.body = .stream(chunks(of: payload, size: 999), contentType: "application/octet-stream")
        try await client.send(streamed)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stub-\(UUID().uuidString)")
        try payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var fromFile = Request<Void>(method: .post, path: "/logs")
        fromFile.body = .file(file)
        try await client.send(fromFile)

        #expect(stub.requests.map { $0.body?.data } == [payload, payload])
    }

    @Test("a chunked reply streams on the client's clock, and its pieces arrive as sent")
    func pacedStream() async throws {
        let clock = ManualClock()
        let stub = StubTransport()
        let pieces = [Data("first,".utf8), Data("second,".utf8), Data("third".utf8)]
        stub.on(.get, "/feed", reply: .chunks(pieces, every: .seconds(1)))
        let body = try await client(stub, clock: clock).send(Request<HTTPBody>(method: .get, path: "/feed"))
        #expect(body.length == 18)
        var iterator = body.chunks().makeAsyncIterator()
        #expect(try await iterator.next() == pieces[0])
        let second = Task { try await iterator.next() }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(try await second.value == pieces[1])
    }

    @Test("a paced reply past the call's timeout ends in timedOut")
    func pacedTimeout() async throws {
        let clock = ManualClock()
        let stub = StubTransport()
        stub.on(.get, "/slow", reply: .chunks([Data("a".utf8), Data("b".utf8)], every: .seconds(10)))
        let body = try await client(stub, clock: clock, timeout: .seconds(5)).send(Request<HTTPBody>(method: .get, path: "/slow"))
        let reading = Task {
            var all = Data()
            for try await chunk in body.chunks() { all.append(chunk) }
            return all
        }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(5))
        let error = await #expect(throws: CourierError.self) { _ = try await reading.value }
        guard case .transport(.timedOut)? = error?.reason else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
    }

    @Test("a file delivery writes the reply to the destination, and progress reaches the total")
    func fileDelivery() async throws {
        let stub = StubTransport()
        let payload = Data(repeating: 7, count: 70_000)
        stub.on(.get, "/export", reply: .chunks([payload[..<30_000], payload[30_000...]]))
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("courier-stub-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        let received = Locked<[Int]>([])
        var request = Request(method: .get, path: "/export", decoding: .file(to: destination))
        request.onProgress = { progress in received.withLock { $0.append(progress.completedBytes) } }
        let url = try await client(stub).send(request)
        #expect(url == destination)
        #expect(try Data(contentsOf: destination) == payload)
        #expect(received.withLock { $0 } == [30_000, 70_000])
    }

    @Test("a collected reply is held to the size limit; a streamed one is not")
    func limits() async throws {
        let stub = StubTransport()
        stub.on(.get, "/big", reply: .response(RawResponse(status: .ok, body: Data(count: 4096))))
        let url = try #require(URL(string: "https://api.example.com"))
        let client = try Client(
            service: ServiceConfiguration(name: "stubbed", baseURL: url, maximumResponseSize: 1024), transport: stub)
        let error = await #expect(throws: CourierError.self) { _ = try await client.send(Request<Data>(method: .get, path: "/big")) }
        #expect(error?.kind == .responseTooLarge)
        let body = try await client.send(Request<HTTPBody>(method: .get, path: "/big"))
        #expect(try await body.collect(upTo: 1 << 20).count == 4096)
    }
}
