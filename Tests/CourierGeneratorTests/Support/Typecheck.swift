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
    ) async throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        try await sources([SpecSource(file: file, text: yaml)], sourceLocation: sourceLocation)
    }

    /// Like ``yaml(_:file:sourceLocation:)`` for several specs loaded together; `templates`, when
    /// given, replaces the repository's templates for both the translator and the renderer.
    @discardableResult
    static func sources(
        _ sources: [SpecSource], templates: TemplateSet? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> (files: [String: String], diagnostics: [Diagnostic]) {
        let loaded = SpecLoader().load(sources: sources)
        #expect(!loaded.hasErrors, "\(loaded.diagnostics)", sourceLocation: sourceLocation)
        let translated = Translator(templates: templates).translate(loaded.specs)
        let renderer = try templates.map { try TemplateRenderer(templates: $0) } ?? Rendering.renderer()
        var files: [String: String] = [:]
        for model in translated.models {
            for rendered in try renderer.render(model) { files[rendered.name] = rendered.contents }
        }
        let output = try await compile(files)
        #expect(output.isEmpty, "the generated code does not compile:\n\(output)", sourceLocation: sourceLocation)
        return (files, translated.diagnostics)
    }

    /// One `swiftc` at a time: each takes a core for seconds, and tests beside these (timed
    /// against their deadlines on the loopback server) must still get the other.
    private static let oneAtATime = OneAtATime()

    /// The compiler's errors for `files` (empty when they typecheck). The compiler is waited for
    /// without holding a thread of the test pool.
    static func compile(_ files: [String: String]) async throws -> String {
        guard FileManager.default.fileExists(atPath: modules + "/Courier.swiftmodule") else {
            return "no Courier module at \(modules): build the tests first (swift build --build-tests)"
        }
        await oneAtATime.acquire()
        defer { oneAtATime.release() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, text) in files { try directory.write(name, text) }
        let arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-module-name", "Generated", "-I", modules]
            + files.keys.sorted().map { directory.path + "/" + $0 }
        // A file, not a pipe: nothing to drain while waiting, and no read to interrupt.
        let log = directory.path + "/swiftc.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)  // opening it below reports a failure
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let process = try ChildProcess(
            executable: "/usr/bin/env", arguments: arguments,
            output: .descriptor(handle.fileDescriptor), errors: .descriptor(handle.fileDescriptor))
        let ended = await process.terminated()
        try handle.close()
        let text = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        if ended == .exited(0) { return "" }
        return text.isEmpty ? "swiftc ended: \(ended)" : text
    }
}

/// An async lock: callers wait their turn without holding a thread.
final class OneAtATime: @unchecked Sendable {
    // @unchecked: `busy` and `waiting` are only touched under `lock`.
    private let lock = NSLock()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits until no one else holds the lock, then holds it.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                guard busy else {
                    busy = true
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Hands the lock to the next waiter, or frees it.
    func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard !waiting.isEmpty else {
                busy = false
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
