import Foundation

/// Courier's multipart uploads (a file part and two fields) on each transport against `curl -F`
/// sending the same form (and AsyncHTTPClient alone sending the file as a plain body), each run in a process of its own under `/usr/bin/time -v`,
/// interleaved over rounds: time, rate, peak memory above the transport's idle run, and how
/// many progress reports the caller received.
extension BulkTable {
    /// Only the multipart comparison, against a bulk server of its own.
    func runMultipart() async throws {
        guard let server = try ChildServer(command: "bulk-serve") else {
            print("the bulk server did not start")
            return
        }
        defer { server.stop() }
        try compareMultipart(URL(fileURLWithPath: CommandLine.arguments[0]).path, server.port)
    }

    func compareMultipart(_ executable: String, _ port: Int) throws {
        // One file for every contender, read once before the rounds: a fresh sparse file costs
        // the kernel a page of zeros for every page read, which would be timed for whoever read
        // it first.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bulk-upload-\(UUID().uuidString)")
        let timeout = "600000"
        _ = try BulkFiles.sparse(bytes, at: file)
        defer { BulkFiles.remove(file) }
        try BulkFiles.warm(file)
        var idle: [String: Int] = [:]
        for transport in BulkTable.transports {
            idle[transport] = try measure(executable, ["bulk", transport, "idle", "\(port)", "\(bytes)"]).1
        }
        let fields = BulkDirection.multipartFields.flatMap { ["-F", "\($0.0)=\($0.1)"] }
        let curl = ["/usr/bin/env", "curl", "-s", "-H", "Expect:", "-o", "/dev/null", "-w", "ok %{time_total} %{size_upload}"]
            + fields + ["-F", "file=@\(file.path);filename=bulk.bin;type=application/octet-stream", "http://127.0.0.1:\(port)/sink"]
        var contenders: [(name: String, executable: String, arguments: [String], idle: Int?)] = ProbeTransports.names.map {
            ("Courier + \($0)", executable, ["bulk", $0, BulkDirection.uploadMultipart.rawValue, "\(port)", "\(bytes)", timeout, file.path], idle[$0])
        }
        if ProbeTransports.names.contains("asyncHTTPClient") {
            // Not multipart: AsyncHTTPClient alone sending the file as the whole body, the most
            // its transport could do.
            contenders.append(("bare AHC (file PUT)", executable, ["bulk", "bareAHC", "upload-file", "\(port)", "\(bytes)", timeout, file.path], idle["bareAHC"]))
        }
        contenders.append(("curl -F", curl[0], Array(curl.dropFirst()), nil))
        var times = Array(repeating: [Int](), count: contenders.count)
        var peaks = Array(repeating: [Int](), count: contenders.count)
        var reports = Array(repeating: "-", count: contenders.count)
        for _ in 0..<rounds {
            for (index, contender) in contenders.enumerated() {
                let (text, peak, _) = try measure(contender.executable, contender.arguments)
                var result = BulkResult(text)
                let parts = text.split(separator: " ")
                if contender.name.hasPrefix("curl") {  // "ok <seconds> <bytes uploaded>"
                    result.milliseconds = parts.count == 3 ? Double(parts[1]).map { Int(($0 * 1000).rounded()) } ?? -1 : -1
                } else if parts.count == 4 {
                    reports[index] = String(parts[3])
                }
                guard result.outcome == "ok", result.bytes >= bytes, result.milliseconds >= 0 else {
                    print("\n\(contender.name) failed: \(text)")
                    return
                }
                times[index].append(result.milliseconds)
                peaks[index].append(peak)
            }
        }
        let curlMedian = BulkTable.median(times[contenders.count - 1])
        print("\n\(BulkTable.mebibytes(bytes)) MiB multipart upload (one file part, two fields), \(rounds) rounds interleaved; medians; ratio = rate over curl's\n")
        print("| client | rounds (ms) | median | MB/s | ratio | peak RSS | above idle | progress reports |")
        print("|---|---|--:|--:|--:|--:|--:|--:|")
        for (index, contender) in contenders.enumerated() {
            let median = BulkTable.median(times[index])
            let peak = peaks[index].max() ?? 0
            let above = contender.idle.map { "\(BulkTable.mebibytes(max(0, peak - $0) * 1024)) MiB" } ?? "-"
            let ratio = String(format: "%.2f×", Double(curlMedian) / Double(max(median, 1)))
            let rounds = times[index].map(String.init).joined(separator: ", ")
            print("| \(contender.name) | \(rounds) | \(median) ms | \(BulkResult.rate(bytes, median)) | \(ratio) | \(BulkTable.mebibytes(peak * 1024)) MiB | \(above) | \(reports[index]) |")
        }
    }
}
