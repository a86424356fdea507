import Foundation

/// Finds Courier's default `templates/` directory: the first ancestor of the executable (or of
/// the current directory) that has a `templates/Service.mustache` file. In a SwiftPM checkout the
/// executable lives in `<package>/.build/<triple>/debug/`, so walking up reaches the package root.
enum TemplateLocator {
    static func defaultDirectory() -> String? {
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL { starts.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        starts.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        for start in starts {
            var directory = start.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent("templates")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Service.mustache").path) {
                    return candidate.path
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return nil
    }
}
