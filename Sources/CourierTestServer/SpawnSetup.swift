// The posix_spawn(3) calls behind ``ChildProcess``; what differs on Apple platforms is in
// SpawnPlatform+Darwin.swift.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The file actions and attributes of one launch, and the pipe ends it made.
struct SpawnSetup {
    private let executable: String
    private var actions = SpawnPlatform.blankActions()
    private var attributes = SpawnPlatform.blankAttributes()
    /// The child's ends of the pipes: the parent closes them once the child has its copies.
    private var childEnds: [Int32] = []
    /// The parent's ends: closed too when the launch fails.
    private var parentEnds: [Int32] = []
    private var launched = false

    init(executable: String) throws {
        self.executable = executable
        guard posix_spawn_file_actions_init(&actions) == 0 else {
            throw ChildProcess.LaunchFailure(description: "cannot start \(executable): no memory for its file actions")
        }
        guard posix_spawnattr_init(&attributes) == 0 else {
            posix_spawn_file_actions_destroy(&actions)
            throw ChildProcess.LaunchFailure(description: "cannot start \(executable): no memory for its attributes")
        }
    }

    /// Points the child's descriptor `target` (0, 1 or 2) at `channel`; returns the parent's
    /// end of a new pipe, if `channel` asks for one.
    mutating func connect(_ channel: ChildProcess.Channel, to target: Int32, childReads: Bool) throws -> Int32? {
        switch channel {
        case .inherit:
            SpawnPlatform.inherit(target, in: &actions)
            return nil
        case .null:
            guard posix_spawn_file_actions_addopen(&actions, target, "/dev/null", childReads ? O_RDONLY : O_WRONLY, 0) == 0 else {
                throw ChildProcess.LaunchFailure(description: "cannot start \(executable): no memory for its file actions")
            }
            return nil
        case .descriptor(let descriptor):
            try duplicate(descriptor, to: target)
            return nil
        case .pipe:
            guard let ends = closeOnExecPipe() else {
                throw ChildProcess.LaunchFailure(description: "cannot start \(executable): no pipe (errno \(errno))")
            }
            let (child, parent) = childReads ? (ends.read, ends.write) : (ends.write, ends.read)
            childEnds.append(child)
            parentEnds.append(parent)
            try duplicate(child, to: target)
            return parent
        }
    }

    /// Makes the child's `target` a copy of `descriptor` (which loses close-on-exec in the copy).
    private mutating func duplicate(_ descriptor: Int32, to target: Int32) throws {
        guard posix_spawn_file_actions_adddup2(&actions, descriptor, target) == 0 else {
            throw ChildProcess.LaunchFailure(description: "cannot start \(executable): descriptor \(descriptor) is not open")
        }
    }

    /// Starts the child with every descriptor above the standard three closed in it, no signal
    /// blocked and every signal's action the default, whatever the spawning thread had (a test
    /// process can block or ignore SIGTERM, and a child inherits both: `sleep` then outlives it).
    mutating func launch(arguments: [String]) throws -> pid_t {
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        if let reason = SpawnPlatform.closeAllButStandard(in: &actions, flags: &flags) {
            throw ChildProcess.LaunchFailure(description: "cannot start \(executable): \(reason)")
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&defaults, Int32(signal)) }
        guard posix_spawnattr_setsigmask(&attributes, &unblocked) == 0, posix_spawnattr_setsigdefault(&attributes, &defaults) == 0,
              posix_spawnattr_setflags(&attributes, Int16(flags)) == 0
        else {
            throw ChildProcess.LaunchFailure(description: "cannot start \(executable): its signal attributes were refused")
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw ChildProcess.LaunchFailure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        launched = true
        return pid
    }

    /// Frees the actions and attributes and closes the pipe ends the parent no longer needs.
    mutating func release() {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        for end in childEnds + (launched ? [] : parentEnds) { _ = close(end) }
    }
}
