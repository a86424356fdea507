import Foundation

/// Moves a gigabyte (or `bytes`) through each transport in each direction, every run in a
/// process of its own under `/usr/bin/time -v` against ``BulkServer`` in another, and prints
/// Markdown tables: peak resident memory (and how far above the transport's idle run), time
/// and rate; then the download rate of Courier on AsyncHTTPClient against AsyncHTTPClient alone
/// and `curl`, interleaved over rounds.
struct BulkTable {
    static let defaultBytes = 1 << 30
    static let rounds = 5

    let bytes: Int
    /// Rounds of the interleaved download and multipart comparisons.
    var rounds = BulkTable.rounds

    init(bytes: Int) {
        self.bytes = bytes
    }

    /// A table from the command's `[bytes] [rounds]` arguments, each defaulted when absent.
    init(arguments: ArraySlice<String>) {
        self.init(bytes: arguments.first.flatMap { Int($0) } ?? BulkTable.defaultBytes)
        rounds = arguments.dropFirst().first.flatMap { Int($0) }.map { max(1, $0) } ?? BulkTable.rounds
    }

    /// Every transport the probe has, and AsyncHTTPClient alone when it has that one.
    static var transports: [String] {
        ProbeTransports.names.contains("asyncHTTPClient") ? ProbeTransports.names + ["bareAHC"] : ProbeTransports.names
    }

    func run() async throws {
        guard let server = try ChildServer(command: "bulk-serve") else {
            print("the bulk server did not start")
            return
        }
        defer { server.stop() }
        let port = server.port
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).path
        print("\(BulkTable.mebibytes(bytes)) MiB each way; peak RSS of the client process (`/usr/bin/time -v`); above idle = minus its transport's idle run\n")
        print("| transport | direction | outcome | peak RSS | above idle | elapsed | MB/s | CPU |")
        print("|---|---|---|--:|--:|--:|--:|--:|")
        for transport in BulkTable.transports {
            var idle: Int?
            for direction in BulkDirection.allCases where transport != "bareAHC" || direction != .uploadMultipart {
                let (result, peak, cpu) = try measure(executable, ["bulk", transport, direction.rawValue, "\(port)", "\(bytes)"])
                let run = BulkResult(result)
                if direction == .idle { idle = peak }
                let above = direction == .idle ? "-" : idle.map { "\(BulkTable.mebibytes(($0 < peak ? peak - $0 : 0) * 1024)) MiB" } ?? "?"
                let rate = direction == .idle ? "-" : run.rate(direction.expected(bytes))
                print("| \(transport) | \(direction.rawValue) | \(run.outcome) | \(BulkTable.mebibytes(peak * 1024)) MiB | \(above) | \(run.milliseconds) ms | \(rate) | \(cpu) ms |")
            }
        }
        guard ProbeTransports.names.contains("asyncHTTPClient") else { return }
        try compareDownloads(executable, port)
        try compareMultipart(executable, port)
    }

    /// Only the download comparisons (streamed and to a file): Courier on AsyncHTTPClient,
    /// AsyncHTTPClient alone, `curl`.
    func runDownloads() async throws {
        guard ProbeTransports.names.contains("asyncHTTPClient") else {
            print("the download comparison needs the AsyncHTTPClient trait (--enable-all-traits)")
            return
        }
        guard let server = try ChildServer(command: "bulk-serve") else {
            print("the bulk server did not start")
            return
        }
        defer { server.stop() }
        try compareDownloads(URL(fileURLWithPath: CommandLine.arguments[0]).path, server.port)
    }

    /// One client in a download comparison: the command that runs one transfer, and whether it
    /// is a baseline the ratio is taken against.
    private struct Contender {
        let name: String
        let command: [String]
        var isCurl = false
        var isBaseline = false
        /// A file the command writes, removed after each run.
        var output: URL?
    }

    /// Courier on AsyncHTTPClient (its reader on another thread, and on the transport's event loop),
    /// AsyncHTTPClient alone and `curl` downloading `bytes` as a stream, with two ceilings
    /// (AsyncHTTPClient's delegate API and a bare NIO channel, both dropping what they read on
    /// the event loop); then Courier, AsyncHTTPClient alone and `curl -o` downloading to a file.
    private func compareDownloads(_ executable: String, _ port: Int) throws {
        let url = "http://127.0.0.1:\(port)/bytes/\(bytes)"
        func probe(_ client: String, _ direction: String) -> [String] { [executable, "bulk", client, direction, "\(port)", "\(bytes)"] }
        try compare("download, streamed", [
            Contender(name: "Courier + AHC", command: probe("asyncHTTPClient", "download")),
            Contender(name: "Courier + AHC, read on the loop", command: probe(ProbeTransports.onLoop, "download")),
            Contender(name: "bare AHC", command: probe("bareAHC", "download"), isBaseline: true),
            Contender(
                name: "curl", command: ["/usr/bin/env", "curl", "-s", "-o", "/dev/null", "-w", "ok %{time_total} %{size_download}", url],
                isCurl: true, isBaseline: true),
            // Ceilings, not baselines: each part dropped on the event loop, no hand-over to a reader.
            Contender(name: "AHC delegate, parts dropped", command: probe("ahcDelegate", "download")),
            Contender(name: "NIO channel, 64 KB reads dropped", command: probe("nio64k", "download")),
        ])
        let curlFile = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bulk-curl-\(UUID().uuidString)")
        try compare("download to a file", [
            Contender(name: "Courier + AHC", command: probe("asyncHTTPClient", "download-file")),
            Contender(name: "bare AHC", command: probe("bareAHC", "download-file"), isBaseline: true),
            Contender(
                name: "curl -o", command: ["/usr/bin/env", "curl", "-s", "-o", curlFile.path, "-w", "ok %{time_total} %{size_download}", url],
                isCurl: true, isBaseline: true, output: curlFile),
        ])
    }

    /// Runs `contenders` one after the other in each round, so that a busy moment hurts all alike,
    /// and prints their medians. Each run's CPU time (user + system, from `/usr/bin/time`) is
    /// printed too: it does not depend on how the scheduler happens to place the threads, which
    /// moves the elapsed times a lot on loopback.
    private func compare(_ title: String, _ contenders: [Contender]) throws {
        var times = Array(repeating: [Int](), count: contenders.count)
        var cpu = Array(repeating: [Int](), count: contenders.count)
        for _ in 0..<rounds {
            for (index, contender) in contenders.enumerated() {
                let (text, cpuMilliseconds) = try cpuTimed(contender.command)
                if let output = contender.output { try? FileManager.default.removeItem(at: output) }
                var result = BulkResult(text)
                if contender.isCurl {  // curl prints seconds: "ok <seconds> <bytes>"
                    let parts = text.split(separator: " ")
                    let seconds = parts.count == 3 ? Double(parts[1]) : nil
                    result.milliseconds = seconds.map { Int(($0 * 1000).rounded()) } ?? -1
                }
                guard result.outcome == "ok", result.bytes == bytes, result.milliseconds >= 0 else {
                    print("\n\(contender.name) failed: \(text)")
                    return
                }
                times[index].append(result.milliseconds)
                cpu[index].append(cpuMilliseconds)
            }
        }
        let medians = times.map(BulkTable.median)
        let fasterBaseline = zip(contenders, medians).filter(\.0.isBaseline).map(\.1).min() ?? 1
        let baselines = contenders.filter(\.isBaseline).map(\.name).joined(separator: " and ")
        print("\n\(BulkTable.mebibytes(bytes)) MiB \(title), \(rounds) rounds interleaved; medians; ratio = rate over the faster of \(baselines)\n")
        print("| client | rounds (ms) | median | MB/s | ratio | CPU (median) |")
        print("|---|---|--:|--:|--:|--:|")
        for (index, contender) in contenders.enumerated() {
            let median = medians[index]
            let ratio = String(format: "%.2f×", Double(fasterBaseline) / Double(max(median, 1)))
            let rounds = times[index].map(String.init).joined(separator: ", ")
            print("| \(contender.name) | \(rounds) | \(median) ms | \(BulkResult.rate(bytes, median)) | \(ratio) | \(BulkTable.median(cpu[index])) ms |")
        }
    }

    /// What `command` prints, and the CPU time it used in milliseconds (user + system).
    private func cpuTimed(_ command: [String]) throws -> (String, Int) {
        let (text, report) = try BulkTable.underTime(["-f", "cpu %U %S"] + command)
        let line = report.split(separator: "\n").last { $0.hasPrefix("cpu ") }
        let seconds = line?.split(separator: " ").dropFirst().compactMap { Double($0) }.reduce(0, +) ?? 0
        return (text, Int((seconds * 1000).rounded()))
    }

    /// Runs `/usr/bin/time` with `arguments`; what the command printed (trimmed) and time's report.
    private static func underTime(_ arguments: [String]) throws -> (output: String, report: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (text.trimmingCharacters(in: .whitespacesAndNewlines), report)
    }

    static func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }

    /// Runs one case under `/usr/bin/time -v` and `prlimit` (so that a transport that gathers
    /// the body ends as "crashed" rather than exhausting the machine); its output, peak RSS in KB
    /// and CPU time (user + system) in milliseconds.
    func measure(_ executable: String, _ arguments: [String]) throws -> (String, Int, Int) {
        let (text, report) = try BulkTable.underTime(["-v", "prlimit", "--as=\(ProbeTable.addressSpaceCap)", executable] + arguments)
        let lines = report.split(separator: "\n")
        func value(_ label: String) -> Double {
            lines.first { $0.contains(label) }.flatMap { $0.split(separator: ":").last }
                .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        }
        let cpu = Int(((value("User time (seconds)") + value("System time (seconds)")) * 1000).rounded())
        // A failed run says why on stderr, before time's report (whose lines are indented).
        let why = lines.prefix { !$0.hasPrefix("\t") && !$0.hasPrefix("Command") }.joined(separator: " ")
        return (text.hasPrefix("ok") || why.isEmpty ? text : "\(text) (\(why))", Int(value("Maximum resident set size")), cpu)
    }

    static func mebibytes(_ bytes: Int) -> Int { (bytes + (1 << 19)) >> 20 }
}

/// One run's `<outcome> <elapsed-ms> <bytes>`.
struct BulkResult {
    var milliseconds: Int
    var bytes: Int
    var outcome: String

    /// Reads a run's line; a process that printed nothing "crashed".
    init(_ line: String) {
        let parts = line.split(separator: " ")
        outcome = parts.first.map(String.init) ?? "crashed"
        milliseconds = parts.count > 1 ? Int(parts[1]) ?? -1 : -1
        bytes = parts.count > 2 ? Int(parts[2]) ?? -1 : -1
    }

    /// The rate at which `expected` bytes moved, or `-` for a run that failed.
    func rate(_ expected: Int) -> String {
        outcome == "ok" ? BulkResult.rate(expected, milliseconds) : "-"
    }

    /// `bytes` in `milliseconds` as MB/s (10⁶ bytes a second).
    static func rate(_ bytes: Int, _ milliseconds: Int) -> String {
        "\(Int((Double(bytes) / 1e3 / Double(max(milliseconds, 1))).rounded()))"
    }
}
