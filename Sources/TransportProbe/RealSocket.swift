import Courier
import CourierTestServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if AsyncHTTPClient
import AsyncHTTPClient
import CourierAsyncHTTPClient
import NIOCore
import NIOHTTP1
#endif

/// What Courier costs on a real socket: bare AsyncHTTPClient and bare `URLSession` beside Courier
/// over each, against a server in a process of its own (so its CPU is not the client's), in
/// interleaved rounds: a 1 KB JSON list sequentially and 50 at a time, a 1 MB body, and a
/// revalidation answered `304 Not Modified`. Wall time gives requests per second; `getrusage`
/// gives the client's CPU per request (user + system, every thread of this process).
struct RealSocket {
    var rounds = 5
    /// Only the contenders whose name contains this, and only one case (the sequential 1 KB one
    /// unless ``onlyCase`` names another): for a profiler.
    var only: String?
    var onlyCase = Case.sequential
    static let sequential = 1_000
    static let concurrentWaves = 40
    static let concurrency = 50
    static let bigRequests = 40

    /// The server's routes: `/list` (1 KB JSON), `/big` (1 MB), `/etag` (304 for `"v1"`).
    static func install(on server: TestServer) {
        let item = #"{"id":7,"name":"Rex","tag":"dog","status":"available","photos":["https://example.com/rex.jpg"]}"#
        let list = "[" + Array(repeating: item, count: 10).joined(separator: ",") + "]"
        server.route(.get, "/list") { _ in .json(list) }
        let big = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        server.route(.get, "/big") { _ in TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/octet-stream")], body: big) }
        server.route(.get, "/etag") { request in
            if request.header("If-None-Match") == #""v1""# {
                return TestServer.Response(status: 304, headers: [.init(name: "ETag", value: #""v1""#)])
            }
            var response = TestServer.Response.json(list)
            response.headers += [.init(name: "ETag", value: #""v1""#), .init(name: "Cache-Control", value: "no-cache")]
            return response
        }
    }

    /// One client under test: how it sends each case.
    struct Contender {
        let name: String
        let get: @Sendable (String) async throws -> Int
        let revalidate: @Sendable () async throws -> Int
        let shutDown: @Sendable () async -> Void
    }

    enum Case: String, CaseIterable {
        case sequential, concurrent, big, notModified

        var label: String {
            switch self {
            case .sequential: "1 KB, sequential"
            case .concurrent: "1 KB, 50 at a time"
            case .big: "1 MB, sequential"
            case .notModified: "304 revalidation, sequential"
            }
        }

        var requests: Int {
            switch self {
            case .sequential, .notModified: RealSocket.sequential
            case .concurrent: RealSocket.concurrentWaves * RealSocket.concurrency
            case .big: RealSocket.bigRequests
            }
        }
    }

    struct Sample {
        var perSecond: Double
        var cpuMicros: Double
    }

    func run() async throws {
        guard let child = try ChildServer(command: "socket-serve") else { print("error: the server did not start"); return }
        defer { child.stop() }
        let base = "http://127.0.0.1:\(child.port)"
        let contenders = try makeContenders(base: base).filter { only == nil || $0.name.contains(only ?? "") }
        var samples: [String: [Case: [Sample]]] = [:]
        for contender in contenders {  // warm-up: connections, caches
            for path in ["/list", "/big"] { _ = try await contender.get(path) }
            _ = try? await contender.revalidate()  // Courier's first one stores the entry
        }
        for round in 0..<rounds {
            for test in Case.allCases where only == nil || test == onlyCase {
                // Each round starts with another contender, so that none always runs first or
                // right after the same one (the order alone moved rates by up to a tenth).
                let shift = round % max(1, contenders.count)
                for contender in contenders[shift...] + contenders[..<shift] {
                    samples[contender.name, default: [:]][test, default: []].append(try await measure(contender, test))
                }
            }
        }
        for contender in contenders { await contender.shutDown() }
        print(report(contenders.map(\.name), samples))
    }

    private func measure(_ contender: Contender, _ test: Case) async throws -> Sample {
        let cpuBefore = Self.cpuTime()
        let clock = ContinuousClock()
        let start = clock.now
        var bytes = 0
        switch test {
        case .sequential:
            for _ in 0..<test.requests { bytes &+= try await contender.get("/list") }
        case .big:
            for _ in 0..<test.requests { bytes &+= try await contender.get("/big") }
        case .notModified:
            for _ in 0..<test.requests { bytes &+= try await contender.revalidate() }
        case .concurrent:
            for _ in 0..<RealSocket.concurrentWaves {
                bytes &+= try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<RealSocket.concurrency { group.addTask { try await contender.get("/list") } }
                    return try await group.reduce(0, &+)
                }
            }
        }
        let elapsed = clock.now - start
        let cpu = Self.cpuTime() - cpuBefore
        guard bytes > 0 || test == .notModified else { throw CocoaError(.fileReadCorruptFile) }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Sample(perSecond: Double(test.requests) / seconds, cpuMicros: cpu * 1e6 / Double(test.requests))
    }

    /// User plus system CPU seconds of this process so far.
    static func cpuTime() -> Double {
        ProcessUsage.cpuSeconds()
    }

    private func report(_ names: [String], _ samples: [String: [Case: [Sample]]]) -> String {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        var lines = [
            "Real socket, \(rounds) interleaved rounds; medians (min–max); ratio = Courier over the bare client: of the medians · the median of each round's",
            "",
            "| case | client | req/s | ratio | client CPU per request | extra CPU | ratio, extra CPU to a bare client set up alike |",
            "|---|---|--:|--:|--:|--:|--:|",
        ]
        for test in Case.allCases {
            for name in names {
                guard let values = samples[name]?[test], !values.isEmpty else { continue }
                let rate = values.map(\.perSecond)
                let cpu = values.map(\.cpuMicros)
                // Courier's rate over a bare client's, and the CPU it adds per request.
                // Then the median of each round's ratio: the two ran a moment apart in every round,
                // so a neighbour's load that comes and goes moves both alike.
                func against(_ bare: [Sample]) -> (ratio: String, extra: String) {
                    let paired = zip(values, bare).map { $0.perSecond / $1.perSecond }
                    return (String(format: "%.2f× · %.2f×", median(rate) / median(bare.map(\.perSecond)), median(paired)),
                            String(format: "%+.0f µs", median(cpu) - median(bare.map(\.cpuMicros))))
                }
                let bare = (name.hasPrefix("Courier") ? samples[Self.bareName(for: name)]?[test] : nil).map(against)
                let (ratio, extra) = (bare?.ratio ?? "", bare?.extra ?? "")
                // URLSession inflates and follows redirects unasked: its bare client is alike already.
                let alike = (name == "Courier over AHC" ? samples[Self.alikeAHC]?[test] : nil).map(against)
                let alikeColumn = alike.map { "\($0.ratio), \($0.extra)" } ?? ""
                lines.append(String(
                    format: "| %@ | %@ | %.0f (%.0f–%.0f) | %@ | %.0f µs (%.0f–%.0f) | %@ | %@ |",
                    test.label, name, median(rate), rate.min() ?? 0, rate.max() ?? 0, ratio,
                    median(cpu), cpu.min() ?? 0, cpu.max() ?? 0, extra, alikeColumn))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func bareName(for courier: String) -> String {
        courier.hasSuffix("URLSession") ? "bare URLSession" : "bare AHC"
    }

    private func makeContenders(base: String) throws -> [Contender] {
        guard let baseURL = URL(string: base) else { throw URLError(.badURL) }
        var service = ServiceConfiguration(name: "socket", baseURL: baseURL, timeout: .seconds(30))
        service.maximumResponseSize = 8 << 20
        var contenders: [Contender] = []
        #if AsyncHTTPClient
        contenders.append(Self.bareAHC("bare AHC", base: base, configuration: HTTPClient.Configuration()))
        contenders.append(Self.bareAHC(Self.alikeAHC, base: base, configuration: Self.alikeConfiguration))
        let ahc = AsyncHTTPClientTransport()
        contenders.append(try courier("Courier over AHC", service: service, transport: ahc) { try? await ahc.shutdown() })
        #endif
        let session = URLSession(configuration: .ephemeral)
        contenders.append(Contender(
            name: "bare URLSession",
            get: { path in
                guard let url = URL(string: base + path) else { throw URLError(.badURL) }
                return try await session.data(for: URLRequest(url: url)).0.count
            },
            revalidate: {
                guard let url = URL(string: base + "/etag") else { throw URLError(.badURL) }
                var request = URLRequest(url: url)
                request.setValue(#""v1""#, forHTTPHeaderField: "If-None-Match")
                let (data, response) = try await session.data(for: request)
                guard (response as? HTTPURLResponse)?.statusCode == 304 else { throw URLError(.badServerResponse) }
                return data.count
            },
            shutDown: { session.invalidateAndCancel() }))
        contenders.append(try courier("Courier over URLSession", service: service, transport: URLSessionTransport()) {})
        #if AsyncHTTPClient
        // Only when named: they take Courier over AHC apart (RealSocketBreakdown.swift).
        if let only, Self.breakdownNames.contains(where: { $0.contains(only) }) { contenders += try Self.breakdown(base: base, baseURL: baseURL) }
        #endif
        return contenders
    }

    /// The bare AsyncHTTPClient set up like ``AsyncHTTPClientTransport``'s client. Its name is
    /// outside `#if AsyncHTTPClient`: the report looks its row up in every build.
    static let alikeAHC = "bare AHC, inflating"

    #if AsyncHTTPClient

    /// Set up as AsyncHTTPClientTransport sets up its client: it inflates gzip and deflate (so it
    /// asks for them), redirects are Courier's to follow, and it starts no tracing span of its own.
    static var alikeConfiguration: HTTPClient.Configuration {
        var alike = HTTPClient.Configuration()
        alike.decompression = .enabled(limit: .ratio(100))
        alike.redirectConfiguration = .disallow
        alike.tracing.tracer = nil
        return alike
    }

    /// AsyncHTTPClient's async API with `configuration`: `execute` and `collect`.
    private static func bareAHC(_ name: String, base: String, configuration: HTTPClient.Configuration) -> Contender {
        let bare = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        return Contender(
            name: name,
            get: { path in
                let response = try await bare.execute(HTTPClientRequest(url: base + path), timeout: .seconds(30))
                return try await response.body.collect(upTo: 8 << 20).readableBytes
            },
            revalidate: {
                var request = HTTPClientRequest(url: base + "/etag")
                request.headers.add(name: "If-None-Match", value: #""v1""#)
                let response = try await bare.execute(request, timeout: .seconds(30))
                guard response.status == .notModified else { throw URLError(.badServerResponse) }
                return try await response.body.collect(upTo: 8 << 20).readableBytes
            },
            shutDown: { try? await bare.shutdown() })
    }
    #endif

    /// Courier over `transport`: GETs decoded as `Data`; the revalidation through an `HTTPCache`
    /// holding the entry, which sends `If-None-Match` and answers the 304 from its store.
    private func courier(
        _ name: String, service: ServiceConfiguration, transport: any Transport, shutDown: @escaping @Sendable () async -> Void
    ) throws -> Contender {
        let client = try Client(service: service, transport: transport)
        let cached = try Client(service: service, transport: transport, wares: [HTTPCache()])
        return Contender(
            name: name,
            get: { path in try await client.send(Request<Data>(method: .get, path: path)).count },
            revalidate: {
                var request = Request<Data>(method: .get, path: "/etag")
                request.cachePolicy = CachePolicy(.localElseRemote)
                let response = try await cached.response(for: request)
                guard response.source == .revalidated else { throw URLError(.badServerResponse) }
                return response.value.count
            },
            shutDown: shutDown)
    }
}
