import Foundation

/// This executable started again as a server in a process of its own (`serve`, `bulk-serve`),
/// so that the server's memory is never counted as the client's; it stops when its stdin closes.
struct ChildServer {
    private let process: Process
    private let input: Pipe
    /// The port the server printed.
    let port: Int

    /// Starts `transport-probe <command>` and reads the port it prints; `nil` when it printed none.
    init?(command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: URL(fileURLWithPath: CommandLine.arguments[0]).path)
        process.arguments = [command]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        guard let line = ProbeTable.readLine(from: output.fileHandleForReading), let port = Int(line) else {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return nil
        }
        self.process = process
        self.input = input
        self.port = port
    }

    /// Closes the server's stdin and waits for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
