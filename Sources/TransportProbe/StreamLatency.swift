import Courier
import CourierTestServer
import Foundation
#if AsyncHTTPClient
import AsyncHTTPClient
import NIOCore
#endif

/// `transport-probe stream-latency [rounds]`: for a server-sent event stream on loopback, the time
/// from asking to the first event (Courier over each transport, and bare AsyncHTTPClient reading
/// the body itself), and the time from breaking out of the loop to the server seeing the
/// connection close (issue target: < 50 ms). The server is a `TestServer` in this process: it
/// sends one event at once, then a heartbeat every 10 ms until the client leaves, and records
/// when it saw the close.
struct StreamLatency {
    var rounds = 21

    private struct Tick: Decodable, Sendable {
        var n: Int
    }

    private struct Samples {
        var firstEvent: [Duration] = []
        var close: [Duration] = []
    }

    func run() async throws {
        let server = try TestServer()
        let script: [TestServer.Response.Step] = [
            .chunkedHead(), .chunk("id: 1\ndata: {\"n\":1}\n\n"),
            .repeatForever(Array("8\r\n: ping\n\n\r\n".utf8), every: .milliseconds(10)),
        ]
        server.route(.get, "/events") { _ in .raw(script) }
        server.start()
        defer { server.stop() }

        var contenders: [(name: String, transport: (any Transport)?)] = ProbeTransports.names.map { ("Courier + \($0)", ProbeTransports.make($0)) }
        #if AsyncHTTPClient
        contenders.append(("AsyncHTTPClient alone", nil))
        let bare = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)
        #endif
        var samples = Array(repeating: Samples(), count: contenders.count)
        // Rounds interleave the contenders, so that a slow moment of the machine hits them alike;
        // the first round warms up and is not counted.
        for round in 0...rounds {
            for (index, contender) in contenders.enumerated() {
                let hangUps = server.hangUps.count
                let (first, broke): (Duration, ContinuousClock.Instant)
                if let transport = contender.transport {
                    (first, broke) = try await courier(transport, server: server)
                } else {
                    #if AsyncHTTPClient
                    (first, broke) = try await bareFirstEvent(bare, server: server)
                    #else
                    continue
                    #endif
                }
                let deadline = ContinuousClock.now + .seconds(10)
                while server.hangUps.count == hangUps, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
                guard round > 0 else { continue }
                samples[index].firstEvent.append(first)
                if server.hangUps.count > hangUps, let seen = server.hangUps.last?.at { samples[index].close.append(seen - broke) }
            }
        }
        #if AsyncHTTPClient
        try await bare.shutdown()
        #endif
        for contender in contenders { if let transport = contender.transport { await ProbeTransports.shutDown(transport) } }

        print("Server-sent events on loopback, \(rounds) rounds interleaved: median (min–max)")
        print("| client | first event | loop broken → server sees the close |")
        print("|---|--:|--:|")
        for (index, contender) in contenders.enumerated() {
            let close = samples[index].close.isEmpty ? "–" : StreamLatency.summary(samples[index].close)
            print("| \(contender.name) | \(StreamLatency.summary(samples[index].firstEvent)) | \(close) |")
        }
    }

    /// One stream through Courier: the time to the first event, and when the loop was left.
    private func courier(_ transport: any Transport, server: TestServer) async throws -> (Duration, ContinuousClock.Instant) {
        let client = try Client(service: ServiceConfiguration(name: "latency", baseURL: server.baseURL, timeout: .seconds(30)), transport: transport)
        let start = ContinuousClock.now
        var (first, broke) = (Duration.zero, start)
        for try await _ in client.serverSentEvents(Request(method: .get, path: "/events"), of: Tick.self) {
            broke = ContinuousClock.now
            first = broke - start
            break
        }
        return (first, broke)
    }

    #if AsyncHTTPClient
    /// The same with AsyncHTTPClient alone: the body read until the first blank line.
    private func bareFirstEvent(_ client: HTTPClient, server: TestServer) async throws -> (Duration, ContinuousClock.Instant) {
        var request = HTTPClientRequest(url: "\(server.baseURL.absoluteString)/events")
        request.headers.add(name: "Accept", value: "text/event-stream")
        let start = ContinuousClock.now
        // The loop is left (and the body dropped) the moment the first event is complete; that
        // moment is what the close is timed from, as for Courier.
        let task = Task { () -> (Duration, ContinuousClock.Instant) in
            let response = try await client.execute(request, timeout: .seconds(30))
            var seen = ByteBuffer()
            for try await var buffer in response.body {
                seen.writeBuffer(&buffer)
                if seen.readableBytesView.firstRange(of: Array("\n\n".utf8)) != nil {
                    let broke = ContinuousClock.now
                    return (broke - start, broke)
                }
            }
            return (.zero, ContinuousClock.now)
        }
        return try await task.value
    }
    #endif

    static func summary(_ values: [Duration]) -> String {
        let sorted = values.sorted()
        func ms(_ duration: Duration) -> String { String(format: "%.2f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000) }
        return "\(ms(sorted[sorted.count / 2])) (\(ms(sorted[0]))–\(ms(sorted[sorted.count - 1])))"
    }
}
