import Courier
import CourierTestServer
import Foundation

/// What a batch costs over the same calls made concurrently by hand, over the in-memory
/// transport, and how soon a fail-fast batch's failure reaches the other members' connections
/// on a loopback server.
func runGroupBenchmark(_ options: BenchmarkOptions) async throws -> String {
    guard let baseURL = URL(string: "https://api.example.com") else { return "error: bad base URL" }
    let client = try Client(service: ServiceConfiguration(name: "bench", baseURL: baseURL), transport: CannedTransport())
    let request = {
        var request = Request<Pet>(method: .get, path: "/pets/{id}", name: "getPet")
        request.setPathParameter("id", to: 42)
        return request
    }()
    let members = 100
    let requests = Array(repeating: request, count: members)
    var sink = 0
    let variants = [
        Variant(name: "taskGroup") {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for request in requests { group.addTask { try await client.send(request).id } }
                for try await id in group { sink &+= id }
            }
        },
        Variant(name: "listBatch") {
            for pet in try await client.batch(requests, maxConcurrent: members) { sink &+= pet.id }
        },
        Variant(name: "asyncLet") {
            async let a = client.send(request)
            async let b = client.send(request)
            async let c = client.send(request)
            async let d = client.send(request)
            let pets = try await [a, b, c, d]
            sink &+= pets.count
        },
        Variant(name: "typedBatch") {
            let (a, b, c, d) = try await client.batch(request, request, request, request)
            sink &+= a.id &+ b.id &+ c.id &+ d.id
        },
    ]
    let timings = try await measure(variants, rounds: options.rounds, iterations: max(1, options.iterations / 100))
    func perMember(_ name: String, _ count: Int) -> Double { (timings[name]?.median ?? .nan) / Double(count) }
    let cancellation = try await cancellationLatency(runs: 9)
    func row(_ label: String, _ value: Double, _ note: String = "") -> String {
        label.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.3f µs  ", value) + note
    }
    return [
        "",
        "Batches over the in-memory transport (median of \(options.rounds) rounds, µs per member; checksum \(sink % 10)):",
        row("    100 requests, throwing task group by hand", perMember("taskGroup", members)),
        row("    100 requests, client.batch(list)", perMember("listBatch", members),
            String(format: "overhead %+.3f µs per member", perMember("listBatch", members) - perMember("taskGroup", members))),
        row("    4 requests, async let by hand", perMember("asyncLet", 4)),
        row("    4 requests, client.batch(a, b, c, d)", perMember("typedBatch", 4),
            String(format: "overhead %+.3f µs per member", perMember("typedBatch", 4) - perMember("asyncLet", 4))),
        "",
        "Fail-fast on loopback (URLSessionTransport): from the failing member's answer leaving the server",
        "to the server seeing both other members' connections close (\(cancellation.count) runs, ms):",
        String(format: "    median %.1f ms, slowest %.1f ms (target < 50 ms)", cancellation.sorted()[cancellation.count / 2], cancellation.max() ?? .nan),
    ].joined(separator: "\n")
}

/// Runs a batch of two stalled members and one that fails once both stalls have reached the
/// server, `runs` times; each run's milliseconds from the failure leaving the server to the last
/// stalled connection closing.
func cancellationLatency(runs: Int) async throws -> [Double] {
    let server = try TestServer()
    let failedAt = LockedBox<ContinuousClock.Instant?>(value: nil)
    let stallsBeforeFailing = LockedBox(value: 0)
    server.route(.get, "/stall/{n}") { _ in .stall }
    server.route(.get, "/fail") { [unowned server] _ in
        // Fails only once this run's two stalled members are at the server.
        let deadline = ContinuousClock.now + .seconds(30)
        while server.requests.filter({ $0.path.hasPrefix("/stall/") }).count < stallsBeforeFailing.value,
              ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        failedAt.update { $0 = .now }
        return .text("boom", status: 500)
    }
    server.start()
    defer { server.stop() }
    let client = try Client(
        service: ServiceConfiguration(name: "bench", baseURL: server.baseURL, timeout: .seconds(30)),
        transport: URLSessionTransport())
    var latencies: [Double] = []
    for run in 0..<runs {
        let stallA = Request<String>(method: .get, path: "/stall/\(2 * run)")
        let stallB = Request<String>(method: .get, path: "/stall/\(2 * run + 1)")
        let fail = Request<String>(method: .get, path: "/fail")
        stallsBeforeFailing.update { $0 = 2 * (run + 1) }
        _ = try? await client.batch(stallA, stallB, fail)
        let deadline = ContinuousClock.now + .seconds(30)
        while server.hangUps.count < 2 * (run + 1), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        guard let failed = failedAt.value, let closed = server.hangUps.suffix(2).map(\.at).max() else { continue }
        let elapsed = closed - failed
        latencies.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
    }
    return latencies.isEmpty ? [.nan] : latencies
}
