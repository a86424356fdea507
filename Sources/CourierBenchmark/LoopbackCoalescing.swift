import Courier
import CourierTestServer
import Foundation

/// Wall time for `burst` identical GETs fired at once at a loopback server that takes 50 ms per
/// answer, with and without ``Coalescing``, over `runs` interleaved runs; medians in milliseconds.
func runCoalescingBurst(burst: Int = 100, runs: Int = 5) async throws -> String {
    let server = try TestServer()
    server.route(.get, "/pets") { _ in .json(#"{"id":1,"name":"Rex","createdAt":"2024-05-01T12:00:00Z"}"#).delayed(by: .milliseconds(50)) }
    server.start()
    defer { server.stop() }
    let service = ServiceConfiguration(name: "bench", baseURL: server.baseURL, timeout: .seconds(30))
    let plain = try Client(service: service, transport: URLSessionTransport())
    let shared = try Client(service: service, transport: URLSessionTransport(), wares: [Coalescing()])
    let request = Request<Pet>(method: .get, path: "/pets", name: "listPets")

    func burstTime(_ client: Client) async throws -> (milliseconds: Double, requests: Int) {
        let before = server.requestCount
        let clock = ContinuousClock()
        let start = clock.now
        try await withThrowingTaskGroup(of: Pet.self) { group in
            for _ in 0..<burst { group.addTask { try await client.send(request) } }
            for try await _ in group {}
        }
        let elapsed = clock.now - start
        let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        return (ms, server.requestCount - before)
    }

    _ = try await burstTime(plain)  // warm-up: connections
    var without: [Double] = [], with: [Double] = []
    var requestsWithout = 0, requestsWith = 0
    for _ in 0..<runs {
        let a = try await burstTime(plain)
        let b = try await burstTime(shared)
        without.append(a.milliseconds)
        with.append(b.milliseconds)
        requestsWithout = a.requests
        requestsWith = b.requests
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return [
        "",
        "\(burst) identical concurrent GETs, loopback server answering in 50 ms (median of \(runs) runs, ms):",
        String(format: "    without coalescing   %8.1f ms   (%d requests reached the server)", median(without), requestsWithout),
        String(format: "    with Coalescing      %8.1f ms   (%d request reached the server)", median(with), requestsWith),
    ].joined(separator: "\n")
}
