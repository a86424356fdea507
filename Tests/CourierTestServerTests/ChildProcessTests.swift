import CourierTestServer
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test(
        "a child started while the tests hold thousands of descriptors open gets only its standard three",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc (Linux)"))
    func manyDescriptorsOpen() async throws {
        // Foundation's Process.run() crashed the whole test run past ~1,350 open descriptors.
        let limit = sysconf(Int32(_SC_OPEN_MAX))  // the soft RLIMIT_NOFILE
        let count = min(2_500, limit - 2_500)  // room left for the tests running beside this one
        try #require(count > 1_500, "the descriptor limit \(limit) is too low for this test")
        // Without close-on-exec, so that only the launch's own closing keeps them from the child.
        let held = (0..<count).map { _ in open("/dev/null", O_RDONLY) }
        defer { for descriptor in held where descriptor >= 0 { close(descriptor) } }
        #expect(held.allSatisfy { $0 >= 0 })

        let listing = try ChildProcess(executable: "/bin/ls", arguments: ["/proc/self/fd"], output: .pipe)
        let text = String(decoding: try #require(listing.output).readDataToEndOfFile(), as: UTF8.self)
        #expect(await listing.terminated() == .exited(0))
        let listed = Set(text.split(separator: "\n").map(String.init))
        // 0–2 are the standard streams; 3 is the directory ls reads.
        #expect(listed.isSubset(of: ["0", "1", "2", "3"]), "\(listed.sorted())")
        #expect(listed.isSuperset(of: ["0", "1", "2"]))
    }

    @Test("an exit status and a signal come back as they happened")
    func termination() async throws {
        let exiting = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 7"])
        #expect(await exiting.terminated() == .exited(7))
        #expect(exiting.termination == .exited(7))

        let sleeping = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
        #expect(sleeping.termination == nil)
        sleeping.send(SIGTERM)
        #expect(await sleeping.terminated() == .signalled(SIGTERM))
        sleeping.send(SIGKILL)  // after the end: nothing, no error
    }

    @Test("standard input and output pipes carry the bytes, and standard error can join the output")
    func pipes() async throws {
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "cat; echo oops >&2"], input: .pipe, output: .pipe, errors: .pipe,
            errorsToOutput: true)
        let input = try #require(child.input)
        try input.write(contentsOf: Data("hello\n".utf8))
        try input.close()
        let text = String(decoding: try #require(child.output).readDataToEndOfFile(), as: UTF8.self)
        #expect(text == "hello\noops\n")
        #expect(child.errors == nil, "errorsToOutput wins over errors: .pipe")
        #expect(await child.terminated() == .exited(0))
    }

    @Test("a missing executable is a launch failure that names it")
    func missingExecutable() {
        #expect {
            try ChildProcess(executable: "/nonexistent/courier-tool", arguments: [], output: .pipe)
        } throws: { error in
            "\(error)".contains("/nonexistent/courier-tool") && "\(error)".contains("No such file")
        }
    }

    @Test("children started at once each report their own status")
    func concurrentChildren() async throws {
        let statuses = try await withThrowingTaskGroup(of: (Int32, ChildProcess.Termination).self) { group in
            for status in Int32(1)...12 {
                group.addTask {
                    let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "sleep 0.1; exit \(status)"])
                    return (status, await child.terminated())
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(statuses.count == 12)
        for (status, termination) in statuses { #expect(termination == .exited(status)) }
    }
}
