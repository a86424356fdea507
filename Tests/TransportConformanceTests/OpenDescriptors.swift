import Foundation

/// The process's open descriptors, read from `/proc/self/fd` (Linux): for tests that a call let
/// go of the files it opened, whichever way it ended.
enum OpenDescriptors {
    /// Whether descriptors can be listed here.
    static let canList = FileManager.default.fileExists(atPath: "/proc/self/fd")

    /// How many open descriptors refer to a path containing `fragment` (a file's name, or a
    /// directory's path for everything in it); a removed file's link ends in " (deleted)" and
    /// still counts. Always 0 where descriptors cannot be listed.
    static func count(containing fragment: String) -> Int {
        let directory = "/proc/self/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        return entries.count { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(entry)") else { return false }
            return target.contains(fragment)
        }
    }

    /// Waits up to 3 seconds (a transport may close a file from its event loop just after a call
    /// ends) for no descriptor to refer to a path containing `fragment`; returns how many still do.
    static func awaitNone(containing fragment: String) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(3)
        while count(containing: fragment) > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return count(containing: fragment)
    }
}
