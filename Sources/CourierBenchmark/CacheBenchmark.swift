import Courier
import Foundation
import HTTPTypes

/// About 1 KB of JSON: a list of eleven pets.
let petListBody: Data = {
    let pets = (1...11).map { #"{"id":\#($0),"name":"Pet number \#($0)","tag":"a tag for pet \#($0)","createdAt":"2024-05-\#(10 + $0)T12:00:00Z"}"# }
    return Data(("[" + pets.joined(separator: ",") + "]").utf8)
}()

/// Answers every request with the 1 KB list, with `Cache-Control` as given.
struct CannedListTransport: Transport {
    let response: RawResponse

    init(cacheControl: String) {
        response = RawResponse(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: cacheControl], body: petListBody)
    }

    func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse { response }
}

/// Cache hits from memory and disk, a miss that stores, and disk writes, beside a bare decode of
/// the same 1 KB body and an uncached call.
func runCacheBenchmark(_ options: BenchmarkOptions) async throws -> String {
    guard let baseURL = URL(string: "https://api.example.com") else { return "error: bad base URL" }
    let service = ServiceConfiguration(name: "bench", baseURL: baseURL)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }

    let bare = JSONDecoder()
    bare.dateDecodingStrategy = .iso8601
    let configured = service.coding.makeDecoder()
    let fresh = CannedListTransport(cacheControl: "max-age=3600")
    let plain = try Client(service: service, transport: fresh)
    let memory = try Client(service: service, transport: fresh, wares: [HTTPCache(store: MemoryCacheStore())])
    let disk = try Client(
        service: service, transport: fresh, wares: [HTTPCache(store: DiskCacheStore(directory: directory.appendingPathComponent("hits")))])
    let missing = try Client(
        service: service, transport: CannedListTransport(cacheControl: "no-cache"), wares: [HTTPCache(store: MemoryCacheStore())])
    let request = Request<[Pet]>(method: .get, path: "/pets", name: "listPets")
    for client in [memory, disk] { _ = try await client.send(request) }  // the entries the hits read
    guard try await disk.response(for: request).source != .network else { return "error: the disk cache did not answer" }

    var sink = 0
    let iterations = max(1, options.iterations / 4)
    let timings = try await measure([
        Variant(name: "bare") { sink &+= try bare.decode([Pet].self, from: petListBody).count },
        Variant(name: "configured") { sink &+= try configured.decode([Pet].self, from: petListBody).count },
        Variant(name: "plain") { sink &+= try await plain.send(request).count },
        Variant(name: "memory") { sink &+= try await memory.send(request).count },
        Variant(name: "disk") { sink &+= try await disk.send(request).count },
        Variant(name: "miss") { sink &+= try await missing.send(request).count },
    ], rounds: options.rounds, iterations: iterations)

    // Disk writes: 1 KB entries under distinct keys, within a limit they never reach.
    let writes = DiskCacheStore(directory: directory.appendingPathComponent("writes"), byteLimit: 1 << 30)
    let writeCount = 2_000
    let clock = ContinuousClock()
    let start = clock.now
    for i in 0..<writeCount {
        await writes.store(CachedResponse(
            key: CacheKey(partition: "bench", method: "GET", url: "https://api.example.com/pets/\(i)"), status: 200,
            headers: [.init(name: "Content-Type", value: "application/json")], body: petListBody, storedAt: Date(),
            initialAge: 0, freshnessLifetime: 60, vary: [:], mustRevalidate: false))
    }
    let seconds = (clock.now - start).timeInterval
    let none = Timing(median: .nan, minimum: .nan)
    let row = { (label: String, name: String, note: (Double) -> String) -> String in
        let timing = timings[name] ?? none
        return label.padding(toLength: 40, withPad: " ", startingAt: 0)
            + String(format: "%9.3f %9.3f   ", timing.median, timing.minimum) + note(timing.median)
    }
    let decode = (timings["bare"] ?? none).median
    let ownDecode = (timings["configured"] ?? none).median
    let uncached = (timings["plain"] ?? none).median
    return [
        "",
        "Cache, \(petListBody.count)-byte JSON list (µs per call)      median   minimum",
        row("(g) bare JSONDecoder of the list", "bare") { _ in "baseline" },
        row("    Courier's configured JSONDecoder", "configured") { _ in "what a hit decodes with" },
        row("(h) client.send, no cache", "plain") { _ in "" },
        row("(i) HTTPCache hit from memory", "memory") {
            String(format: "(i)-(g) %+.2f µs (target ≤ 5); above Courier's decode %+.2f µs", $0 - decode, $0 - ownDecode)
        },
        row("(j) HTTPCache hit from disk", "disk") {
            String(format: "(j)-(g) %+.2f µs (target ≤ 60); above Courier's decode %+.2f µs", $0 - decode, $0 - ownDecode)
        },
        row("(k) HTTPCache miss that stores", "miss") { String(format: "(k)-(h) %+.2f µs added to a network call", $0 - uncached) },
        String(format: "Disk store writes: %d entries of %d bytes in %.3f s = %.0f writes/s, %.1f MB/s (checksum %d)",
               writeCount, petListBody.count, seconds, Double(writeCount) / seconds,
               Double(writeCount * petListBody.count) / seconds / 1e6, sink % 10),
    ].joined(separator: "\n")
}
