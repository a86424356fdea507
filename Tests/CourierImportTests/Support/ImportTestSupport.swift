import CourierGenerator
import CourierSpec
import Foundation
import Testing
@testable import CourierImport

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "courier-import-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    func write(_ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// What importing a small document produced, after the checks every import must pass.
struct Imported {
    /// The run's outcome.
    var outcome: ImportRunOutcome
    /// Each written spec's text by file name.
    var specs: [String: String]
    /// Each written sample's text by path.
    var samples: [String: String]

    /// The one spec's text (the main file when split).
    var spec: String { specs.sorted { $0.key.count < $1.key.count }.first?.value ?? "" }

    /// The approximations, as `[kind] pointer: message`.
    var approximations: [String] {
        outcome.report.approximations.map { "[\($0.kind)] \($0.pointer): \($0.message)" }
    }

    /// Whether some approximation of `kind` has `pointer` and mentions `text`.
    func noted(_ kind: String, at pointer: String, _ text: String = "") -> Bool {
        outcome.report.notes.contains { $0.kind == kind && $0.pointer == pointer && (text.isEmpty || $0.message.contains(text)) }
    }
}

/// Imports `files` (the first one, or `root`, is the root document) into a temporary directory
/// and checks that the import succeeded and that the specs pass Courier's own loader and
/// validator (CourierSpec) and the generator's translation with no diagnostic at all.
func importing(
    _ files: [(name: String, text: String)], root: String? = nil, options: ImportOptions = ImportOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Imported {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for file in files { try directory.write("input/" + file.name, file.text) }
    let output = directory.path + "/out"
    let outcome = ImportRun.run(
        input: directory.path + "/input/" + (root ?? files[0].name), output: output, options: options, strict: false)
    #expect(outcome.errors.map(\.description) == [], sourceLocation: sourceLocation)
    #expect(outcome.lintDiagnostics.map(\.description) == [], sourceLocation: sourceLocation)
    var specs: [String: String] = [:]
    var samples: [String: String] = [:]
    for path in outcome.written {
        let text = directory.read("out/" + path) ?? ""
        if path.hasSuffix(".courier.yaml") { specs[path] = text } else { samples[path] = text }
    }
    let loaded = SpecLoader().load(files: outcome.written.filter { $0.hasSuffix(".courier.yaml") }.map { output + "/" + $0 })
    #expect(loaded.diagnostics.map(\.description) == [], "CourierSpec's loader and validator", sourceLocation: sourceLocation)
    for (name, text) in specs {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.count >= 120 {
            Issue.record("\(name):\(number + 1) is \(line.count) columns: \(line)", sourceLocation: sourceLocation)
        }
    }
    return Imported(outcome: outcome, specs: specs, samples: samples)
}

/// Imports one document.
func importing(
    _ text: String, name: String = "openapi.yaml", options: ImportOptions = ImportOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Imported {
    try importing([(name, text)], options: options, sourceLocation: sourceLocation)
}

/// Converts files without writing or checking anything, for inputs that must fail.
func converting(_ files: [(name: String, text: String)]) -> ImportResult {
    let contents = Dictionary(uniqueKeysWithValues: files.map { ("/input/" + $0.name, Array($0.text.utf8)) })
    return OpenAPIImporter().convert(path: "/input/" + files[0].name, readFile: { contents[DocumentSet.standardized($0)] })
}

/// A 3.0 document with `body` (its `paths`, `components`, …) after the `openapi`, `info` and `servers` lines.
func document(_ body: String) -> String {
    document("3.0.3", body)
}

/// A document of `version` with `body` (its `paths`, `components`, …) after the `openapi`, `info` and `servers` lines.
func document(_ version: String, _ body: String) -> String {
    """
    openapi: \(version)
    info: { title: Test API, version: '1' }
    servers: [{ url: 'https://api.example.com/v1' }]
    \(body)
    """
}

/// The lines of `text` from the line that is or starts with `start` (trimmed of its indentation)
/// through the lines indented deeper than it.
func block(_ text: String, startingWith start: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed == start || trimmed.hasPrefix(start + " ")
    }) else { return "" }
    let indent = lines[first].prefix { $0 == " " }.count
    var result = [String(lines[first].dropFirst(indent))]
    for line in lines[(first + 1)...] {
        guard line.isEmpty || line.prefix(while: { $0 == " " }).count > indent else { break }
        result.append(String(line.dropFirst(indent)))
    }
    while result.last == "" { result.removeLast() }
    return result.joined(separator: "\n")
}

/// Loads a spec's text with CourierSpec's loader.
enum CourierSpecLoader {
    static func load(_ text: String) -> SpecLoadResult {
        SpecLoader().load(source: text, file: "/nonexistent/import-test.courier.yaml")
    }
}
