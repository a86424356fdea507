import Courier
import CourierTestServer
import Foundation

/// Loopback throughput of both transports, side by side in one run: sequential GETs, and rounds
/// of 50 concurrent GETs, of a small JSON body; medians of repeated rounds.
struct Throughput {
    static let rounds = 9
    static let sequential = 200
    static let concurrent = 50

    func run() async throws {
        let server = try TestServer()
        server.route(.get, "/pet") { _ in .json(#"{"id":7,"name":"Rex","tag":"dog"}"#) }
        server.start()
        defer { server.stop() }
        let service = ServiceConfiguration(name: "throughput", baseURL: server.baseURL, timeout: .seconds(30))
        print("\(Throughput.rounds) rounds; medians")
        print("transport        \(Throughput.sequential) sequential GETs     \(Throughput.concurrent) concurrent GETs")
        for name in ProbeTransports.names {
            let transport = ProbeTransports.make(name)
            let client = try Client(service: service, transport: transport)
            let request = Request<Data>(method: .get, path: "/pet")
            _ = try await client.send(request)  // connect once before measuring
            var sequentialTimes: [Duration] = []
            var concurrentTimes: [Duration] = []
            for _ in 0..<Throughput.rounds {
                sequentialTimes.append(try await timed {
                    for _ in 0..<Throughput.sequential { _ = try await client.send(request) }
                })
                concurrentTimes.append(try await timed {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<Throughput.concurrent { group.addTask { _ = try await client.send(request) } }
                        try await group.waitForAll()
                    }
                })
            }
            await ProbeTransports.shutDown(transport)
            let sequential = median(sequentialTimes)
            let concurrent = median(concurrentTimes)
            print(
                name.padding(toLength: 17, withPad: " ", startingAt: 0)
                    + "\(milliseconds(sequential)) ms (\(perSecond(Throughput.sequential, sequential))/s)".padding(toLength: 24, withPad: " ", startingAt: 0)
                    + "\(milliseconds(concurrent)) ms (\(perSecond(Throughput.concurrent, concurrent))/s)")
        }
    }

    private func timed(_ body: () async throws -> Void) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        return clock.now - start
    }

    private func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

    private func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }

    private func perSecond(_ count: Int, _ duration: Duration) -> Int {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return Int(Double(count) / seconds)
    }
}
