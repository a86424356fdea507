import Foundation

/// Runs every transport × scenario in a process of its own, under `/usr/bin/time -v`, against a
/// server in another process, and prints one line each: outcome, overshoot past the timeout,
/// peak resident memory.
struct ProbeTable {
    static let transports = ProbeTransports.names
    static let timeoutMilliseconds = 3000
    static let limit = 64 << 20

    func run() async throws {
        guard let server = try ChildServer(command: "serve") else {
            print("the probe server did not start")
            return
        }
        defer { server.stop() }
        let port = server.port
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).path
        print("timeout \(ProbeTable.timeoutMilliseconds) ms, limit \(ProbeTable.limit >> 20) MB")
        print("transport        scenario      outcome            elapsed  overshoot  peak RSS")
        for transport in ProbeTable.transports {
            for scenario in Scenario.allCases {
                let (result, peak) = try measure(executable, transport, scenario, port)
                let parts = result.split(separator: " ")
                let outcome = parts.first.map(String.init) ?? "crashed"
                let elapsed = parts.count > 1 ? Int(parts[1]) ?? -1 : -1
                let overshoot = scenario.endsAtTimeout && elapsed >= 0 ? "\(elapsed - ProbeTable.timeoutMilliseconds) ms" : "-"
                print(
                    transport.padding(toLength: 17, withPad: " ", startingAt: 0)
                        + scenario.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                        + outcome.padding(toLength: 19, withPad: " ", startingAt: 0)
                        + "\(elapsed) ms".padding(toLength: 9, withPad: " ", startingAt: 0)
                        + overshoot.padding(toLength: 11, withPad: " ", startingAt: 0)
                        + "\(peak / 1024) MB")
            }
        }
    }

    /// The address space a case may use: enough for any transport that keeps near the 64 MB
    /// limit, small enough that one that does not (URLSession on Linux under a flood) ends as
    /// "crashed" instead of exhausting the machine.
    static let addressSpaceCap = 6 << 30

    /// Runs one case under `/usr/bin/time -v` and `prlimit`; its output line and peak RSS in KB.
    private func measure(_ executable: String, _ transport: String, _ scenario: Scenario, _ port: Int) throws -> (String, Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = [
            "-v", "prlimit", "--as=\(ProbeTable.addressSpaceCap)", executable, "run", transport, scenario.rawValue, "\(port)",
            "\(ProbeTable.timeoutMilliseconds)", "\(ProbeTable.limit)",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let peak = report.split(separator: "\n").first { $0.contains("Maximum resident set size") }
            .flatMap { $0.split(separator: ":").last }
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return (text.trimmingCharacters(in: .whitespacesAndNewlines), peak)
    }

    /// The first line `handle` gives (a child's port), without its newline.
    static func readLine(from handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first {
            if first == UInt8(ascii: "\n") { break }
            bytes.append(first)
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
