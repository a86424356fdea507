// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierTestServer
import Foundation
import Testing

// The conformance suite holds the transport to every transport's promises one call at a time;
// these mix the ways a read ends (whole, past its deadline, cancelled) on one transport at once,
// where a call's deadline, cancellation and loop bookkeeping could touch another's.
@Suite("AsyncHTTPClientTransport's reads, many at once")
struct ConcurrentReadsTests {
    /// A body of `count` bytes in a pattern, so that a cut or a mix-up shows.
    private static func body(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }

    @Test("whole bodies, bodies that drip past the deadline and cancelled calls, side by side: each ends its own way, none cut short")
    func mixed() async throws {
        let big = Self.body(256 * 1024)
        let server = try TestServer()
        server.route(.get, "/big") { _ in TestServer.Response(status: 200, body: big) }
        // 400 bytes, a byte each 25 ms: a whole body would arrive after ten seconds, far past the
        // 300 ms timeout. A read cancelled between two bytes must not end as if it were complete.
        server.route(.get, "/drip") { _ in
            .raw([.text("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: 400\r\n\r\n"),
                  .drip(Array(repeating: UInt8(ascii: "d"), count: 400), every: .milliseconds(25))])
        }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)

        enum Outcome: Equatable { case whole, cut(Int), timedOut(Duration), cancelled, other(String) }
        @Sendable func read(_ path: String, timeout: Duration? = nil) async -> Outcome {
            var request = Request<Data>(method: .get, path: path)
            if let timeout { request.timeout = timeout }
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let data = try await client.send(request)
                return data == (path == "/big" ? big : Data(repeating: UInt8(ascii: "d"), count: 400)) ? .whole : .cut(data.count)
            } catch is CancellationError {
                return .cancelled
            } catch let error as CourierError {
                if case .transport(.timedOut) = error.reason { return .timedOut(clock.now - start) }
                return .other("\(error)")
            } catch {
                return .other("\(error)")
            }
        }

        let outcomes = await withTaskGroup(of: (String, Outcome).self) { group -> [(String, Outcome)] in
            for _ in 0..<8 {
                group.addTask { ("big", await read("/big")) }
                group.addTask { ("drip", await read("/drip", timeout: .milliseconds(300))) }
            }
            let cancelled = (0..<3).map { _ in Task { await read("/drip") } }
            try? await Task.sleep(for: .milliseconds(150))
            for task in cancelled { task.cancel() }
            var outcomes: [(String, Outcome)] = []
            for task in cancelled { outcomes.append(("cancelled", await task.value)) }
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }

        #expect(outcomes.filter { $0.0 == "big" }.map(\.1) == Array(repeating: .whole, count: 8))
        #expect(outcomes.filter { $0.0 == "cancelled" }.map(\.1) == Array(repeating: .cancelled, count: 3))
        let dripped = outcomes.filter { $0.0 == "drip" }.map(\.1)
        #expect(dripped.count == 8)
        for outcome in dripped {
            guard case .timedOut(let elapsed) = outcome else {
                Issue.record("a dripping body past its deadline ended as \(outcome)")
                continue
            }
            // At the deadline, not when the body would have ended (ten seconds). The bound allows
            // for a loaded machine: other tests in this process can hold the cooperative threads
            // for the better part of a second (seen: all eight at 0.9 s in one run).
            #expect(elapsed >= .milliseconds(290) && elapsed < .seconds(5), "ended after \(elapsed)")
        }
        // The transport is still whole: another read on it arrives intact.
        #expect(await read("/big") == .whole)
        try await transport.shutdown()
    }

    @Test("a read cancelled while its body pours in ends cancelled, never with the body cut short")
    func cancelledWhilePouring() async throws {
        let server = try TestServer()
        // Declares a quarter of a gigabyte and sends it as fast as loopback goes: the reading
        // task is busy appending much of the time, so a cancellation often lands between two
        // reads, where the body sequence would simply end.
        let chunk = [UInt8](repeating: 0x61, count: 64 * 1024)
        server.route(.get, "/pour") { _ in
            .raw([.text("HTTP/1.1 200 OK\r\nContent-Length: 268435456\r\n\r\n"), .repeatForever(chunk, every: .zero)])
        }
        server.start()
        defer { server.stop() }
        let transport = AsyncHTTPClientTransport()
        let client = try Client(service: ServiceConfiguration(name: "t", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        for delay in [5, 10, 15, 20, 30, 40, 60, 80] {
            let reading = Task {
                var request = Request<Data>(method: .get, path: "/pour")
                request.maximumResponseSize = 1 << 29
                return try await client.send(request).count
            }
            try await Task.sleep(for: .milliseconds(delay))
            reading.cancel()
            switch await reading.result {
            case .failure(let error):
                #expect(error is CancellationError, "cancelled after \(delay) ms: \(error)")
            case .success(let count):
                // The whole quarter gigabyte in under the delay is possible only on a very fast
                // machine, and is not a cut body.
                #expect(count == 268_435_456, "cancelled after \(delay) ms, a body of \(count) bytes came back as complete")
            }
        }
        try await transport.shutdown()
    }
}
#endif
