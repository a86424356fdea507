#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process started by a test: Python, the mock server's executable, a crash probe,
/// `swiftc` or a nested `swift build`.
///
/// Foundation's `Process` is not used for these on purpose. On Linux, corelibs Foundation 6.3's
/// `Process.run()` lists `/proc/self/fd` to close every inherited descriptor in the child and
/// copies each directory entry's whole 256-byte name field. With more than about 1,350
/// descriptors open (a full test run peaks near 1,800) an entry can sit at the end of glibc's
/// directory buffer, the copy reads past it, and the whole test run dies with a segmentation
/// fault (swift-corelibs-foundation#5472, fixed after 6.3.1). Two CI runs ended that way.
///
/// Here `posix_spawn` starts the child and, on Linux, glibc's
/// `posix_spawn_file_actions_addclosefrom_np` closes every descriptor above the standard three
/// in the child, with nothing listed by the parent. A thread of the child's own waits for it
/// to end, so no zombie is left and ``terminated()`` holds no thread of the cooperative pool.
///
/// ```swift
/// let python = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", "-V"], output: .pipe)
/// let text = String(decoding: python.output!.readDataToEndOfFile(), as: UTF8.self)
/// #expect(await python.terminated() == .exited(0))
/// ```
public final class ChildProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Channel: Sendable, Equatable {
        /// The test process's own stream.
        case inherit
        /// `/dev/null`.
        case null
        /// A new pipe; the test's end is ``ChildProcess/input``, ``ChildProcess/output`` or
        /// ``ChildProcess/errors``.
        case pipe
        /// An open descriptor of the test's, such as a log file's (the test keeps and closes it).
        case descriptor(Int32)
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal with this number ended it.
        case signalled(Int32)
    }

    /// Why a child could not be started.
    public struct LaunchFailure: Error, CustomStringConvertible {
        /// What went wrong, with the executable's path.
        public let description: String
    }

    /// The child's process identifier.
    public let pid: pid_t
    /// The writing end of the child's standard input, when it is a ``Channel/pipe``.
    public let input: FileHandle?
    /// The reading end of the child's standard output, when it is a ``Channel/pipe``.
    public let output: FileHandle?
    /// The reading end of the child's standard error, when it is a ``Channel/pipe`` of its own.
    public let errors: FileHandle?
    private let ending = Termination.Latch()

    /// Starts `executable` (an absolute path) with `arguments` and the test process's
    /// environment.
    ///
    /// - Parameter errorsToOutput: sends standard error wherever standard output goes; `errors`
    ///   is then ignored.
    /// - Throws: ``LaunchFailure`` when a pipe cannot be made or the executable cannot be run.
    public init(
        executable: String, arguments: [String], input: Channel = .null, output: Channel = .inherit,
        errors: Channel = .inherit, errorsToOutput: Bool = false
    ) throws {
        var spawn = try SpawnSetup(executable: executable)
        defer { spawn.release() }
        let inputEnd = try spawn.connect(input, to: 0, childReads: true)
        let outputEnd = try spawn.connect(output, to: 1, childReads: false)
        // The child's 1, as actions run in order: wherever its output was pointed just above.
        let errorsEnd = try spawn.connect(errorsToOutput ? .descriptor(1) : errors, to: 2, childReads: false)
        pid = try spawn.launch(arguments: [executable] + arguments)
        self.input = inputEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.output = outputEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.errors = errorsEnd.map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        let pid = pid, ending = ending
        Thread { ending.finish(Termination.waiting(for: pid)) }.start()
    }

    /// How the child ended, or `nil` while it runs.
    public var termination: Termination? { ending.value }

    /// Waits, without holding a thread, until the child has ended.
    public func terminated() async -> Termination { await ending.wait() }

    /// Blocks the calling thread until the child has ended: only on a thread of the test's own
    /// (see ``OwnThread``), never in a task.
    public func waitUntilEnded() -> Termination { ending.waitBlocking() }

    /// Sends `signal` (`SIGTERM`, `SIGKILL`, …) to the child; nothing once it has ended.
    public func send(_ signal: Int32) {
        guard termination == nil else { return }
        _ = kill(pid, signal)
    }
}

extension ChildProcess.Termination {
    /// Blocks until `pid` has ended and reaps it.
    static func waiting(for pid: pid_t) -> Self {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    /// The termination once known, and the tasks waiting for it.
    final class Latch: @unchecked Sendable {
        // @unchecked: `ended` and `waiting` are only touched under `lock`.
        private let lock = NSCondition()
        private var ended: ChildProcess.Termination?
        private var waiting: [CheckedContinuation<ChildProcess.Termination, Never>] = []

        var value: ChildProcess.Termination? { lock.withLock { ended } }

        func finish(_ termination: ChildProcess.Termination) {
            let waiters = lock.withLock {
                ended = termination
                lock.broadcast()
                defer { waiting = [] }
                return waiting
            }
            for waiter in waiters { waiter.resume(returning: termination) }
        }

        func waitBlocking() -> ChildProcess.Termination {
            lock.withLock {
                while true {
                    if let ended { return ended }
                    lock.wait()
                }
            }
        }

        func wait() async -> ChildProcess.Termination {
            await withCheckedContinuation { continuation in
                let known = lock.withLock {
                    if ended == nil { waiting.append(continuation) }
                    return ended
                }
                if let known { continuation.resume(returning: known) }
            }
        }
    }
}
