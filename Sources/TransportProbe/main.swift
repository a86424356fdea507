import Courier
import CourierTestServer
import Foundation

// transport-probe serve                         a hostile server; prints its port, runs until stdin closes
// transport-probe run <transport> <scenario> <port> [timeout-ms] [limit-bytes]
//                                               one call; prints "<outcome> <elapsed-ms>"
// transport-probe throughput                    loopback GETs per second, both transports side by side
// transport-probe                               every transport × scenario, each in its own process
//                                               under /usr/bin/time -v: outcome, overshoot, peak memory

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "serve":
    let server = try TestServer()
    Scenario.install(on: server)
    server.start()
    FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    server.stop()
case "run":
    let values = Array(arguments.dropFirst())
    guard values.count >= 3, let scenario = Scenario(rawValue: values[1]), let port = Int(values[2]) else {
        print("usage: transport-probe run <urlSession|asyncHTTPClient> <scenario> <port> [timeout-ms] [limit-bytes]")
        exit(2)
    }
    let timeout = Duration.milliseconds(values.count > 3 ? Int(values[3]) ?? 3000 : 3000)
    let limit = values.count > 4 ? Int(values[4]) ?? (64 << 20) : (64 << 20)
    print(await ProbeRun(transport: values[0], scenario: scenario, port: port, timeout: timeout, limit: limit).run())
case "throughput":
    try await Throughput().run()
default:
    try await ProbeTable().run()
}
