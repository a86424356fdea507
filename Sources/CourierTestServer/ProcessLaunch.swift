import Foundation

/// Starts child processes one at a time, for the tests that run Python, the mock server's
/// executable, a crash probe or a nested `swift build`.
///
/// corelibs Foundation's `Process.run()` is not safe to call from several threads at once: a
/// full run crashed inside it (a bad pointer in `memmove`) while two multipart servers started
/// together. Every launch in the test targets goes through ``run(_:)``, which holds one lock for
/// the launch only; the processes themselves still run side by side.
///
/// ```swift
/// let python = Process()
/// python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
/// python.arguments = ["python3", script.path]
/// try ProcessLaunch.run(python)
/// ```
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `process` (`Process.run()`) while no other launch is under way.
    public static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
