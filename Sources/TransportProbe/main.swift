import Courier
import CourierTestServer
import Foundation

// transport-probe serve                         a hostile server; prints its port, runs until stdin closes
// transport-probe run <transport> <scenario> <port> [timeout-ms] [limit-bytes]
//                                               one call; prints "<outcome> <elapsed-ms>"
// transport-probe throughput                    loopback GETs per second, both transports side by side
// transport-probe real-socket [rounds] [only [case]]
//                                               Courier over each transport beside the bare client, against
//                                               a server in its own process: req/s and client CPU per request
//                                               (1 KB sequential and 50 at a time, 1 MB, a 304 revalidation);
//                                               `only` naming "AHC" or "delegate" or "transport alone" adds
//                                               AHC's delegate API alone and the transport without a Client
// transport-probe socket-serve                  that server; prints its port, runs until stdin closes
// transport-probe bulk-serve                    a bulk server (GET /bytes/<n>, PUT /sink); prints its port,
//                                               runs until stdin closes
// transport-probe bulk <transport> <direction> <port> <bytes> [timeout-ms] [upload-file]
//                                               one bulk transfer (transport: urlSession, asyncHTTPClient,
//                                               asyncHTTPClientOnLoop (Courier on AHC, the transfer run on
//                                               the transport's event loop executor), bareAHC; direction:
//                                               idle, download, download-slow,
//                                               download-file, upload-stream, upload-chunked,
//                                               upload-file, upload-multipart; the ceilings
//                                               ahcDelegate, nio64k and nio256k download only);
//                                               prints "<outcome> <elapsed-ms> <bytes>"; an upload sends
//                                               upload-file when given (kept), else a fresh sparse file
// transport-probe bulk-table [bytes]            every transport × direction (1 GiB by default), each in its
//                                               own process under /usr/bin/time -v: peak memory, rate;
//                                               then Courier+AHC against bare AHC and curl downloading,
//                                               and Courier's multipart uploads against `curl -F`
// transport-probe bulk-multipart [bytes] [rounds]
//                                               only the multipart comparison (1 GiB, 5 rounds by default)
// transport-probe bulk-downloads [bytes] [rounds]
//                                               only the download comparisons, streamed and to a file
//                                               (1 GiB, 5 rounds by default)
// transport-probe stream-latency [rounds]      server-sent events: time to the first event through Courier
//                                               (each transport) and bare AsyncHTTPClient, and from breaking
//                                               out of the loop to the server seeing the close
// transport-probe mock-bench [spec]            courier-mock (built next to this executable) serving the
//                                               Petstore: requests per second, sequential and 50
//                                               concurrent, and start-up time (launch to first answer)
// transport-probe                               every transport × scenario, each in its own process
//                                               under /usr/bin/time -v: outcome, overshoot, peak memory

/// Serves with a test server whose routes `install` adds: prints the port, runs until stdin closes.
func serveUntilStdinCloses(_ install: (TestServer) -> Void) throws {
    let server = try TestServer()
    install(server)
    server.start()
    FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    server.stop()
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "serve":
    try serveUntilStdinCloses(Scenario.install(on:))
case "run":
    let values = Array(arguments.dropFirst())
    guard values.count >= 3, let scenario = Scenario(rawValue: values[1]), let port = Int(values[2]) else {
        print("usage: transport-probe run <urlSession|asyncHTTPClient> <scenario> <port> [timeout-ms] [limit-bytes]")
        exit(2)
    }
    let timeout = Duration.milliseconds(values.count > 3 ? Int(values[3]) ?? 3000 : 3000)
    let limit = values.count > 4 ? Int(values[4]) ?? (64 << 20) : (64 << 20)
    print(await ProbeRun(transport: values[0], scenario: scenario, port: port, timeout: timeout, limit: limit).run())
case "bulk-serve":
    let server = try BulkServer()
    server.start()
    FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    server.stop()
case "bulk":
    let values = Array(arguments.dropFirst())
    guard (4...6).contains(values.count), (BulkTable.transports + ["nio64k", "nio256k", "ahcDelegate", ProbeTransports.onLoop]).contains(values[0]), let direction = BulkDirection(rawValue: values[1]),
          let port = Int(values[2]), let bytes = Int(values[3]), bytes >= 0
    else {
        let transports = (BulkTable.transports + [ProbeTransports.onLoop]).joined(separator: "|")
        let directions = BulkDirection.allCases.map(\.rawValue).joined(separator: "|")
        print("usage: transport-probe bulk <\(transports)> <\(directions)> <port> <bytes> [timeout-ms] [upload-file]")
        exit(2)
    }
    let uploadFile = values.count > 5 ? URL(fileURLWithPath: values[5]) : nil
    #if AsyncHTTPClient
    if values[0] == "bareAHC" {
        print(await BareRun(direction: direction, port: port, bytes: bytes, uploadFile: uploadFile).run())
        exit(0)
    }
    if values[0] == "ahcDelegate" {
        print(await DelegateCountRun(port: port, bytes: bytes).run())
        exit(0)
    }
    if values[0] == "nio64k" || values[0] == "nio256k", direction == .download {
        print(await NIORun(readSize: values[0] == "nio64k" ? 64 << 10 : 256 << 10, port: port, bytes: bytes).run())
        exit(0)
    }
    #endif
    let timeout = Duration.milliseconds(values.count > 4 ? Int(values[4]) ?? 600_000 : 600_000)
    print(await BulkRun(transport: values[0], direction: direction, port: port, bytes: bytes, timeout: timeout, uploadFile: uploadFile).run())
case "bulk-table":
    let bytes = arguments.dropFirst().first.flatMap { Int($0) } ?? BulkTable.defaultBytes
    try await BulkTable(bytes: bytes).run()
case "bulk-multipart":
    try await BulkTable(arguments: arguments.dropFirst()).runMultipart()
case "bulk-downloads":
    try await BulkTable(arguments: arguments.dropFirst()).runDownloads()
case "throughput":
    try await Throughput().run()
case "socket-serve":
    try serveUntilStdinCloses(RealSocket.install(on:))
case "real-socket":
    var benchmark = RealSocket()
    benchmark.rounds = arguments.dropFirst().first.flatMap { Int($0) }.map { max(1, $0) } ?? benchmark.rounds
    benchmark.only = arguments.dropFirst(2).first
    if let name = arguments.dropFirst(3).first, let test = RealSocket.Case(rawValue: name) { benchmark.onlyCase = test }
    try await benchmark.run()
case "stream-latency":
    var latency = StreamLatency()
    latency.rounds = arguments.dropFirst().first.flatMap { Int($0) }.map { max(1, $0) } ?? latency.rounds
    try await latency.run()
case "mock-bench":
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let spec = arguments.dropFirst().first ?? "Sources/PetstoreAPI/petstore.courier.yaml"
    try MockBench(executable: directory.appendingPathComponent("courier-mock"), spec: spec).run()
default:
    try await ProbeTable().run()
}
