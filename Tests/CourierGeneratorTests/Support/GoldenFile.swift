import Foundation
import Testing

/// Compares generated text with golden files under `Tests/CourierGeneratorTests/Golden/`.
///
/// Run with `COURIER_UPDATE_GOLDEN=1` to rewrite the golden files from the current output.
enum GoldenFile {
    static let directory = Rendering.packageRoot + "/Tests/CourierGeneratorTests/Golden"

    static var updating: Bool { ProcessInfo.processInfo.environment["COURIER_UPDATE_GOLDEN"] == "1" }

    /// Checks (or, when updating, writes) `Golden/<name>/<file>` for every file.
    static func check(_ files: [String: String], name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = directory + "/" + name
        if updating {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (file, text) in files {
                try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file))
            }
        }
        let existing = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        #expect(existing == Set(files.keys), "golden files of \(name) differ from the generated file set", sourceLocation: sourceLocation)
        for (file, text) in files.sorted(by: { $0.key < $1.key }) {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file) else {
                Issue.record("missing golden file \(name)/\(file); run with COURIER_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
                continue
            }
            let golden = String(decoding: data, as: UTF8.self)
            if golden != text {
                let message = "\(name)/\(file) differs from its golden file (COURIER_UPDATE_GOLDEN=1 rewrites it):\n"
                    + diff(expected: golden, actual: text)
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
    }

    /// A unified-style excerpt around the first differing line: three lines of context, then up to
    /// ten lines of each side.
    static func diff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var first = 0
        while first < old.count, first < new.count, old[first] == new[first] { first += 1 }
        let start = max(0, first - 3)
        var lines = ["@@ line \(first + 1) @@"]
        for index in start..<first { lines.append("  \(old[index])") }
        for index in first..<min(old.count, first + 10) { lines.append("- \(old[index])") }
        for index in first..<min(new.count, first + 10) { lines.append("+ \(new[index])") }
        return lines.joined(separator: "\n")
    }
}
