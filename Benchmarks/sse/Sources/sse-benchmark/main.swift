import Foundation

// Usage (see README.md):
//   sse-benchmark throughput [--model activity|chat] [--events 100000] [--rounds 7] [--chunk 16384] [--runners a,b,…]
//   sse-benchmark rss --decoder courier|openapi|courier-raw|openapi-raw [--model …] [--events 1000000] [--chunk 16384]

/// The value of `--name`, or `value`.
func option(_ name: String, default value: String) -> String {
    guard let index = CommandLine.arguments.firstIndex(of: "--\(name)"), index + 1 < CommandLine.arguments.count else { return value }
    return CommandLine.arguments[index + 1]
}

func option(_ name: String, default value: Int) -> Int {
    Int(option(name, default: String(value))) ?? value
}

func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let model = Model(rawValue: option("model", default: "activity")) ?? .activity

/// The same bytes in the chunks each decoder reads, made before the clock starts.
struct Prepared {
    /// For Courier.
    var data: PreparedChunks<Data>
    /// For swift-openapi-runtime.
    var slices: PreparedChunks<ArraySlice<UInt8>>
    /// Each event's JSON on its own, for `JSONDecoder` alone.
    var payloads: [Data]
}

/// Runs `runner` on the prepared bytes.
func run(_ runner: Runner, _ prepared: Prepared) async throws -> Tally {
    switch (runner, model) {
    case (.decoderAlone, .activity): try Runner.decodeAlone(Activity.self, prepared.payloads)
    case (.decoderAlone, .chat): try Runner.decodeAlone(ChatDelta.self, prepared.payloads)
    case (_, .activity) where runner.readsData: try await runner.run(Activity.self, prepared.data)
    case (_, .chat) where runner.readsData: try await runner.run(ChatDelta.self, prepared.data)
    case (_, .activity): try await runner.run(Activity.self, prepared.slices)
    case (_, .chat): try await runner.run(ChatDelta.self, prepared.slices)
    }
}

/// Decodes the same bytes with each decoder, round after round (taking turns, so that a busy
/// moment of the machine hits them all), and prints the medians and ratios.
func throughput() async throws {
    let count = option("events", default: 100_000)
    let rounds = option("rounds", default: 7)
    let chunkSize = option("chunk", default: 16_384)
    let maker = EventMaker(model: model)
    let bytes = maker.stream(count: count)
    let ranges = cut(bytes, size: chunkSize)
    let prepared = Prepared(
        data: PreparedChunks(chunks: ranges.map { Data(bytes[$0]) }), slices: PreparedChunks(chunks: ranges.map { bytes[$0] }),
        payloads: maker.payloads(count: count))
    print("model \(model.rawValue): \(count) events, \(megabytes(bytes.count)) (\(bytes.count / count) bytes per event), "
        + "chunks of \(chunkSize) bytes, \(rounds) rounds")
    let runners = option("runners", default: "courier,openapi,jsondecoder-alone,courier-raw,openapi-raw")
        .split(separator: ",").compactMap { Runner(rawValue: String($0)) }
    var times: [Runner: [Double]] = [:]
    var tallies: [Runner: Tally] = [:]
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        for runner in runners {
            var tally = Tally()
            let elapsed = try await clock.measure { tally = try await run(runner, prepared) }
            times[runner, default: []].append(seconds(elapsed))
            tallies[runner] = tally
        }
    }
    // The typed runs add up the ids in the JSON, the untyped ones the events' `id` fields.
    let typed = [tallies[.courier], tallies[.openapi], tallies[.decoderAlone]]
    let untyped = [tallies[.courierRaw], tallies[.openapiRaw], tallies[.courierFraming]]
    guard Set(tallies.values.map(\.events)) == [count], Set(typed.compactMap { $0 }).count <= 1, Set(untyped.compactMap { $0 }).count <= 1 else {
        print("the decoders disagree: \(tallies)")
        exit(1)
    }
    for runner in runners {
        let time = median(times[runner] ?? [])
        print(String(
            format: "%@ median %7.3f s %9.0f events/s %7.1f MB/s %6.2f µs/event  (rounds: %@)",
            runner.rawValue.padding(toLength: 18, withPad: " ", startingAt: 0), time,
            Double(count) / time, Double(bytes.count) / time / 1_048_576, time / Double(count) * 1e6,
            (times[runner] ?? []).map { String(format: "%.3f", $0) }.joined(separator: " ")))
    }
    func ratio(_ fast: Runner, _ slow: Runner) -> Double { median(times[slow] ?? []) / median(times[fast] ?? []) }
    let floor = median(times[.decoderAlone] ?? [])
    let perEvent = { (runner: Runner) in (median(times[runner] ?? []) - floor) / Double(count) * 1e6 }
    let ran = Set(runners)
    if ran.isSuperset(of: [.courier, .openapi]) {
        print(String(format: "typed: courier is %.2fx as fast as openapi (target 1.5x)", ratio(.courier, .openapi)))
    }
    if ran.isSuperset(of: [.courier, .openapi, .decoderAlone]) {
        print(String(format: "typed, above JSONDecoder alone: courier %.2f µs/event, openapi %.2f µs/event", perEvent(.courier), perEvent(.openapi)))
    }
    if ran.isSuperset(of: [.courierRaw, .openapiRaw]) {
        print(String(format: "untyped: courier-raw is %.2fx as fast as openapi-raw", ratio(.courierRaw, .openapiRaw)))
    }
}

/// Decodes events made as they are read, and prints the peak resident set before and after:
/// what the decoder holds, however long the stream.
func memory() async throws {
    let name = option("decoder", default: "courier")
    guard let runner = Runner(rawValue: name), runner != .decoderAlone else {
        print("unknown decoder \(name)")
        exit(2)
    }
    let count = option("events", default: 1_000_000)
    let chunkSize = option("chunk", default: 16_384)
    let maker = EventMaker(model: model)
    let idle = peakRSS()
    let start = ContinuousClock.now
    let tally: Tally = switch (runner.readsData, model) {
    case (true, .activity): try await runner.run(Activity.self, GeneratedChunks(maker: maker, count: count, chunkSize: chunkSize) { Data($0) })
    case (true, .chat): try await runner.run(ChatDelta.self, GeneratedChunks(maker: maker, count: count, chunkSize: chunkSize) { Data($0) })
    case (false, .activity): try await runner.run(Activity.self, GeneratedChunks(maker: maker, count: count, chunkSize: chunkSize) { ArraySlice($0) })
    case (false, .chat): try await runner.run(ChatDelta.self, GeneratedChunks(maker: maker, count: count, chunkSize: chunkSize) { ArraySlice($0) })
    }
    let elapsed = seconds(ContinuousClock.now - start)
    let peak = peakRSS()
    guard tally.events == count else {
        print("decoded \(tally.events) of \(count) events")
        exit(1)
    }
    print("\(runner.rawValue), model \(model.rawValue): \(count) events in chunks of \(chunkSize) bytes in \(String(format: "%.1f", elapsed)) s; "
        + "peak RSS idle \(megabytes(idle)), after \(megabytes(peak)): \(megabytes(peak - idle)) above idle")
}

switch CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "throughput" {
case "throughput": try await throughput()
case "rss": try await memory()
default:
    print("usage: sse-benchmark throughput [--model activity|chat] [--events N] [--rounds N] [--chunk BYTES] [--runners a,b,…]")
    print("       sse-benchmark rss --decoder courier|openapi|courier-raw|openapi-raw [--model …] [--events N] [--chunk BYTES]")
    exit(2)
}
