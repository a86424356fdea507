#if MockServer
@testable import CourierMock
import Courier
import CourierTestServer
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `courier-mock` as a process: it prints where it listens, answers, logs the request,
/// and stops with exit status 0 on SIGINT and SIGTERM.
@Suite struct CourierMockProcessTests {
    /// The executable, next to the test bundle (or a few folders up); `nil` when not built.
    static let executable: URL? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            for name in ["courier-mock", "CourierMockCLI"] {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    @Test(
        .enabled(if: executable != nil, "courier-mock is not in the build products next to the test bundle"),
        .timeLimit(.minutes(4)),
        arguments: [SIGINT, SIGTERM])
    func theExecutableListensAnswersAndStopsCleanlyOnASignal(_ signal: Int32) async throws {
        let executable = try #require(Self.executable)
        let process = try ChildProcess(
            executable: executable.path, arguments: [MockHarness.petstoreSpec, "--port", "0", "--latency", "5ms"],
            output: .pipe, errors: .null)
        let received = Locked(Data())
        // Read on a thread of its own with read(2), retried when interrupted: corelibs'
        // `availableData` traps on EINTR, and `read(upToCount:)` waits for the whole count.
        // A copy of its own, closed at the end of the output: the process's may close first.
        let descriptor = dup(try #require(process.output).fileDescriptor)
        Thread {
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                received.withLock { $0.append(contentsOf: buffer[0..<count]) }
            }
        }.start()
        defer { process.send(SIGKILL) }

        let text = { String(decoding: received.withLock { $0 }, as: UTF8.self) }
        let listening = try #require(await waitFor(seconds: 30) { Self.port(in: text()) }, "no listening line: \(text())")
        let url = try #require(URL(string: "http://127.0.0.1:\(listening)/v1/pets/1"))
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"Rex\""))
        #expect(await waitFor(seconds: 30) { text().contains("GET /v1/pets/1 200 getPet samples/pet.json ") ? true : nil } == true, "\(text())")

        process.send(signal)
        let ended = await waitFor(seconds: 90) { process.termination }
        guard let ended else {
            Issue.record("still running 90 s after the signal: \(text())")
            return
        }
        #expect(ended == .exited(0))
        #expect(text().contains("stopping (\(signal == SIGINT ? "SIGINT" : "SIGTERM"))"), "\(text())")
    }

    @Test(
        .enabled(if: executable != nil, "courier-mock is not in the build products next to the test bundle"),
        .timeLimit(.minutes(2)),
        arguments: [["--latency", "9999999999999h"], ["--stream-interval", "9999999999999h"], ["--latency", "-1s"]])
    func aDurationOutOfRangeIsAUsageError(_ option: [String]) async throws {
        let executable = try #require(Self.executable)
        let process = try ChildProcess(
            executable: executable.path, arguments: [MockHarness.petstoreSpec, "--port", "0"] + option,
            output: .null, errors: .pipe)
        let message = String(decoding: try #require(process.errors).readDataToEndOfFile(), as: UTF8.self)
        #expect(await process.terminated() == .exited(64), "a usage error, not a crash: \(message)")
        #expect(message.contains(option[0]), "\(message)")
    }

    /// The port of the `listening on http://127.0.0.1:<port>` line.
    static func port(in text: String) -> Int? {
        guard let range = text.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// `condition`'s first non-nil value, checked every 20 ms for up to `seconds`.
    private func waitFor<Value>(seconds: Int, _ condition: () -> Value?) async -> Value? {
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        while ContinuousClock.now < deadline {
            if let value = condition() { return value }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
#endif
