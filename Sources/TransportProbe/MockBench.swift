import CourierTestServer
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `transport-probe mock-bench`: courier-mock (built next to this executable, release build
/// with the MockServer trait) serving the Petstore spec. Requests per second for one sample on
/// loopback, over one keep-alive connection and over 50 at once, and start-up time: from
/// launching the process to the first successful response, median of several runs.
///
/// The client is a plain blocking HTTP/1.1 one on POSIX sockets, one thread per connection, so
/// that what is measured is the server.
struct MockBench {
    static let rounds = 5
    static let sequential = 5000
    static let connections = 50
    static let perConnection = 200
    static let startRuns = 9

    let executable: URL
    let spec: String
    let target = "/v1/pets/1"

    func run() throws {
        print("courier-mock \(executable.path)")
        print("spec \(spec); GET \(target) (samples/pet.json, \(try sampleSize()) bytes); medians of \(Self.rounds) rounds")
        for logging in [false, true] {
            let server = try Launched(executable: executable, spec: spec, quiet: !logging)
            defer { server.stop() }
            guard server.waitUntilAnswering(target: target) != nil else { throw BenchFailure("courier-mock did not answer") }
            var sequentialRates: [Double] = []
            var concurrentRates: [Double] = []
            for _ in 0..<Self.rounds {
                sequentialRates.append(try rate(port: server.port, connections: 1, each: Self.sequential))
                concurrentRates.append(try rate(port: server.port, connections: Self.connections, each: Self.perConnection))
            }
            let label = logging ? "log on (stdout to /dev/null)" : "--quiet"
            print("\(label.padding(toLength: 30, withPad: " ", startingAt: 0)) sequential: \(Int(median(sequentialRates))) req/s"
                + "   \(Self.connections) concurrent: \(Int(median(concurrentRates))) req/s")
        }
        var startTimes: [Double] = []
        for _ in 0..<Self.startRuns {
            let launched = ContinuousClock.now
            let server = try Launched(executable: executable, spec: spec, quiet: true)
            guard let answered = server.waitUntilAnswering(target: target) else {
                server.stop()
                throw BenchFailure("courier-mock did not answer")
            }
            startTimes.append(milliseconds(answered - launched))
            server.stop()
        }
        let sorted = startTimes.sorted()
        print("start-up (launch to first 200), \(Self.startRuns) runs: median \(format(median(startTimes))) ms, "
            + "min \(format(sorted.first ?? 0)) ms, max \(format(sorted.last ?? 0)) ms")
    }

    private func sampleSize() throws -> Int {
        let directory = URL(fileURLWithPath: spec).deletingLastPathComponent()
        return try Data(contentsOf: directory.appendingPathComponent("samples/pet.json")).count
    }

    /// Requests per second: `connections` threads, each sending `each` requests one after another
    /// on its own keep-alive connection.
    private func rate(port: Int, connections: Int, each: Int) throws -> Double {
        let failures = BenchCounter()
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for _ in 0..<connections {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let connection = try HTTPConnection(port: port)
                    defer { connection.disconnect() }
                    for _ in 0..<each where try connection.get(target) != 200 { failures.add() }
                } catch {
                    failures.add()
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
        let elapsed = ContinuousClock.now - start
        guard failures.value == 0 else { throw BenchFailure("\(failures.value) requests failed") }
        return Double(connections * each) / (milliseconds(elapsed) / 1000)
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private func format(_ value: Double) -> String { String(format: "%.0f", value) }
}

/// A failed benchmark step.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A count several threads add to.
final class BenchCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// courier-mock started as a process on a free port.
struct Launched {
    let process: Process
    let port: Int

    init(executable: URL, spec: String, quiet: Bool) throws {
        port = try Self.freePort()
        process = Process()
        process.executableURL = executable
        process.arguments = [spec, "--port", String(port)] + (quiet ? ["--quiet"] : [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// When a `GET target` first answered 200, trying every 2 ms for up to 20 s.
    func waitUntilAnswering(target: String) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while ContinuousClock.now < deadline {
            if let connection = try? HTTPConnection(port: port) {
                defer { connection.disconnect() }
                if (try? connection.get(target)) == 200 { return ContinuousClock.now }
            }
            usleep(2000)
        }
        return nil
    }

    /// SIGINT, then waits for the exit.
    func stop() {
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let descriptor = SocketPlatform.streamSocket()
        guard descriptor >= 0 else { throw BenchFailure("socket failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw BenchFailure("bind failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// One blocking keep-alive HTTP/1.1 connection to 127.0.0.1.
final class HTTPConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        descriptor = SocketPlatform.streamSocket()
        guard descriptor >= 0 else { throw BenchFailure("socket failed") }
        SocketPlatform.keepSIGPIPEAway(descriptor)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            disconnect()
            throw BenchFailure("connect failed")
        }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    func disconnect() { _ = close(descriptor) }

    /// Sends `GET target` and reads the whole response; its status.
    func get(_ target: String) throws -> Int {
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, SocketPlatform.sendFlags) }
            guard written > 0 else { throw BenchFailure("send failed") }
            sent += written
        }
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = buffer.firstRange(of: separator)?.upperBound
            if headerEnd == nil { try fill() }
        }
        guard let end = headerEnd else { throw BenchFailure("no header") }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        var length = 0
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0
        }
        while buffer.count < end + length { try fill() }
        buffer.removeFirst(end + length)
        return status
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16384)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw BenchFailure("connection closed") }
        buffer.append(contentsOf: chunk[..<count])
    }
}
