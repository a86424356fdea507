import CourierGenerator
import CourierSpec
import CourierTestServer
import Foundation
import Testing

/// Proves that generated code compiles: YAML through the real loader, translator and templates,
/// then `swiftc -typecheck` (Swift 6 mode) against the `Courier` module of this package's build
/// (`.build/debug/Modules`, there after `swift build --build-tests`).
enum Typecheck {
    static let modules = Rendering.packageRoot + "/.build/debug/Modules"

    /// Loads `yaml`, expects no errors, renders it and typechecks the files; returns the generated
    /// files and the translator's diagnostics (warnings). Records an issue with the compiler's
    /// output when the generated code does not compile.
    @discardableResult
    static func yaml(
        _ yaml: String, file: String = "specs/snippet.courier.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        try sources([SpecSource(file: file, text: yaml)], sourceLocation: sourceLocation)
    }

    /// Like ``yaml(_:file:sourceLocation:)`` for several specs loaded together.
    @discardableResult
    static func sources(
        _ sources: [SpecSource], sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let loaded = SpecLoader().load(sources: sources)
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)", sourceLocation: sourceLocation)
        let translated = Translator().translate(loaded.specs)
        var files: [String: String] = [:]
        for model in translated.models {
            for rendered in try Rendering.renderer().render(model) { files[rendered.name] = rendered.contents }
        }
        let output = try compile(files)
        #expect(output.isEmpty, "the generated code does not compile:\n\(output)", sourceLocation: sourceLocation)
        return (files, translated.diagnostics)
    }

    /// The compiler's errors for `files` (empty when they typecheck).
    static func compile(_ files: [String: String]) throws -> String {
        guard FileManager.default.fileExists(atPath: modules + "/Courier.swiftmodule") else {
            return "no Courier module at \(modules): build the tests first (swift build --build-tests)"
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, text) in files { try directory.write(name, text) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Generated", "-I", modules]
            + files.keys.sorted().map { directory.path + "/" + $0 }
        // A file, not a pipe: nothing to drain while waiting, and no read to interrupt.
        let log = directory.path + "/swiftc.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)  // opening it below reports a failure
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        try handle.close()
        let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        if process.terminationStatus == 0 { return "" }
        return text.isEmpty ? "swiftc exited with \(process.terminationStatus)" : text
    }
}
