import CoreMetrics
import Courier
import CourierTelemetry
import Foundation
import Logging
import HTTPTypes

/// The model decoded in every variant: a few scalars and one date, like a typical list item.
struct Pet: Codable, Sendable {
    var id: Int
    var name: String
    var tag: String?
    var createdAt: Date
}

/// The canned body every variant decodes.
let petBody = Data(#"{"id":42,"name":"Rex","tag":"good dog","createdAt":"2024-05-01T12:00:00Z"}"#.utf8)

/// Answers every request with the same canned 200, in memory.
struct CannedTransport: Transport {
    let response = RawResponse(status: .ok, headers: [.contentType: "application/json"], body: petBody)

    func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse { response }
}

/// A ware that only passes the request on.
struct NoOpWare: Ware {
    func intercept(
        _ request: PreparedRequest, context: CallContext,
        next: Next
    ) async throws -> RawResponse {
        try await next(request, context)
    }
}

/// Command-line options.
struct BenchmarkOptions {
    var rounds = 15
    var iterations = 20_000
    /// Runs only the pipeline variants of these names (`send0`, `send8`, …) and nothing else: for
    /// a profiler.
    var only: Set<String>?
    /// Runs only the batch benchmark.
    var groupsOnly = false
    /// Runs only the generated models' field coding benchmark.
    var codingOnly = false

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--rounds": rounds = iterator.next().flatMap(Int.init).map { max(1, $0) } ?? rounds
            case "--iterations": iterations = iterator.next().flatMap(Int.init).map { max(1, $0) } ?? iterations
            case "--groups": groupsOnly = true
            case "--coding": codingOnly = true
            case "--only": only = iterator.next().map { Set($0.split(separator: ",").map(String.init)) }
            default: break
            }
        }
    }
}

/// One measured variant: a name and a body run once per iteration.
struct Variant {
    let name: String
    let run: () async throws -> Void
}

/// The median and the minimum time per iteration over rounds, in microseconds.
struct Timing {
    var median: Double
    var minimum: Double
}

/// Time per iteration for each variant, over `rounds` rounds that run every variant in turn.
func measure(_ variants: [Variant], rounds: Int, iterations: Int) async throws -> [String: Timing] {
    var samples: [String: [Double]] = [:]
    let clock = ContinuousClock()
    for variant in variants {
        for _ in 0..<min(iterations, 2_000) { try await variant.run() } // warm-up
    }
    for _ in 0..<rounds {
        for variant in variants {
            let start = clock.now
            for _ in 0..<iterations { try await variant.run() }
            let elapsed = clock.now - start
            let micros = (Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(iterations)
            samples[variant.name, default: []].append(micros)
        }
    }
    return samples.mapValues { values in
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return Timing(median: median, minimum: sorted.first ?? .nan)
    }
}

/// Runs every variant side by side and returns the printed table. Runs off the main actor, so
/// no call hops executors.
nonisolated func runBenchmark(_ options: BenchmarkOptions) async throws -> String {
    guard let baseURL = URL(string: "https://api.example.com") else { return "error: bad base URL" }
    let service = ServiceConfiguration(name: "bench", baseURL: baseURL)
    let bare = JSONDecoder()
    bare.dateDecodingStrategy = .iso8601
    let configured = service.coding.makeDecoder()
    let plain = try Client(service: service, transport: CannedTransport())
    let wared = try Client(service: service, transport: CannedTransport(), wares: Array(repeating: NoOpWare(), count: 8))
    let retrying = try Client(service: service, transport: CannedTransport(), wares: [Retry()])
    let coalescing = try Client(service: service, transport: CannedTransport(), wares: [Coalescing()])
    // Logging at info through a handler that drops everything (the ware still builds its lines'
    // inputs), and metrics through swift-metrics' no-op factory.
    var noOpInfo = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
    noOpInfo.logLevel = .info
    let logging = try Client(service: service, transport: CannedTransport(), wares: [RequestLogging()], logger: noOpInfo)
    let measured = try Client(
        service: service, transport: CannedTransport(), wares: [MetricsWare(factory: NOOPMetricsHandler.instance)])
    var authService = service
    authService.authSchemes = [AuthScheme(name: "session", kind: .bearer)]
    authService.defaultAuthScheme = "session"
    let authenticated = try Client(
        service: authService, transport: CannedTransport(),
        wares: [Authenticator(store: MemoryCredentialStore(["session": .bearer("token-1")]))])
    var request = Request<Pet>(method: .get, path: "/pets/{id}", name: "getPet")
    request.setPathParameter("id", to: 42)

    // Both decoders must agree before their speed means anything.
    let expected = try bare.decode(Pet.self, from: petBody)
    let viaClient = try await plain.send(request)
    guard expected.createdAt == viaClient.createdAt, expected.name == viaClient.name else {
        return "error: the client decoded \(viaClient), the bare decoder \(expected)"
    }

    var sink = 0
    let variants = [
        Variant(name: "bare") { sink &+= try bare.decode(Pet.self, from: petBody).id },
        Variant(name: "configured") { sink &+= try configured.decode(Pet.self, from: petBody).id },
        Variant(name: "send0") { sink &+= try await plain.send(request).id },
        Variant(name: "send8") { sink &+= try await wared.send(request).id },
        Variant(name: "retry") { sink &+= try await retrying.send(request).id },
        Variant(name: "coalescing") { sink &+= try await coalescing.send(request).id },
        Variant(name: "auth") { sink &+= try await authenticated.send(request).id },
        Variant(name: "logging") { sink &+= try await logging.send(request).id },
        Variant(name: "metrics") { sink &+= try await measured.send(request).id },
    ]
    let chosen = options.only.map { names in variants.filter { names.contains($0.name) } } ?? variants
    let timings = try await measure(chosen, rounds: options.rounds, iterations: options.iterations)
    if let only = options.only {
        return only.sorted().map { "\($0): \(timings[$0].map { String(format: "%.3f µs", $0.median) } ?? "no such variant")" }
            .joined(separator: "\n")
    }
    let none = Timing(median: .nan, minimum: .nan)
    let (a, b) = (timings["bare"] ?? none, timings["configured"] ?? none)
    let (c, d) = (timings["send0"] ?? none, timings["send8"] ?? none)
    let (e, f) = (timings["retry"] ?? none, timings["coalescing"] ?? none)
    let g = timings["auth"] ?? none
    let (h, i) = (timings["logging"] ?? none, timings["metrics"] ?? none)

    func row(_ label: String, _ median: Double, _ minimum: Double, _ note: String) -> String {
        label.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: "%9.3f %9.3f   ", median, minimum) + note
    }
    let lines = [
        "Courier pipeline benchmark: \(options.rounds) rounds × \(options.iterations) iterations (checksum \(sink % 10))",
        "",
        "µs per request".padding(toLength: 40, withPad: " ", startingAt: 0) + "   median   minimum",
        row("(a) bare JSONDecoder (.iso8601 dates)", a.median, a.minimum, "baseline"),
        row("    Courier's configured JSONDecoder", b.median, b.minimum,
            String(format: "decode ratio %.2f× (target ≤ 1.10×)", b.median / a.median)),
        row("(b) client.send, 0 wares", c.median, c.minimum,
            String(format: "overhead (b)-(a) %+.3f µs (target ≤ 2)", c.median - a.median)),
        row("(c) client.send, 8 no-op wares", d.median, d.minimum,
            String(format: "overhead (c)-(a) %+.3f µs (target ≤ 4)", d.median - a.median)),
        "",
        "Pipeline alone (send minus Courier's own decode of the same body):",
        row("    0 wares", c.median - b.median, c.minimum - b.minimum, ""),
        row("    8 no-op wares", d.median - b.median, d.minimum - b.minimum,
            String(format: "%.3f µs per ware", (d.median - c.median) / 8)),
        "",
        "Built-in wares, nothing to do (a success; nothing in flight), beside (b):",
        row("(d) client.send, Retry", e.median, e.minimum, String(format: "ware cost (d)-(b) %+.3f µs", e.median - c.median)),
        row("(e) client.send, Coalescing", f.median, f.minimum,
            String(format: "ware cost (e)-(b) %+.3f µs (a task per call)", f.median - c.median)),
        row("(f) client.send, Authenticator", g.median, g.minimum,
            String(format: "ware cost (f)-(b) %+.3f µs (valid bearer token)", g.median - c.median)),
        row("(g) client.send, RequestLogging at info", h.median, h.minimum,
            String(format: "ware cost (g)-(b) %+.3f µs (no-op handler)", h.median - c.median)),
        row("(h) client.send, MetricsWare", i.median, i.minimum,
            String(format: "ware cost (h)-(b) %+.3f µs (no-op factory)", i.median - c.median)),
    ]
    return lines.joined(separator: "\n")
}
