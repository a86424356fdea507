import CourierGenerator
import CourierSpec
import Foundation
import FuzzSupport

// Spec bytes through the whole generator, as `courier generate` runs it but in memory: load
// (libyaml, node tree, spec, validation), translate, render. Whatever the bytes, the outcome is
// diagnostics pointing into the file, or generated files: no trap, no hang, nothing written (the
// translator's sample files are answered from memory).
//
// Input that is not UTF-8 is handed to the loader as a file's bytes, as the CLI reads them.

private let templatesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("templates").path

private let renderer: TemplateRenderer = {
    do {
        return try TemplateRenderer(templates: TemplateSet.load(custom: nil, defaults: templatesDirectory))
    } catch {
        fatalError("the templates in \(templatesDirectory) do not load: \(error)")
    }
}()

private let translator = Translator(readFile: { path in
    guard path.hasSuffix(".json") else { throw CocoaError(.fileReadNoSuchFile) }
    return Data(#"{"id": 1, "name": "Rex", "tags": ["a"], "next": null}"#.utf8)
})

private let scratch: String = {
    let path = NSTemporaryDirectory() + "courier-fuzz-spec-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let file: String
    let loaded: SpecLoadResult
    if let text = String(validating: input.bytes, as: UTF8.self) {
        file = "/fuzz/api.courier.yaml"
        loaded = SpecLoader().load(source: text, file: file)
    } else {
        file = scratch + "/api.courier.yaml"
        _ = FileManager.default.createFile(atPath: file, contents: Data(input.bytes))
        loaded = SpecLoader().load(files: [file])
    }
    check(loaded.diagnostics, file: file)
    guard !loaded.hasErrors else { return 0 }
    let translated = translator.translate(loaded.specs)
    check(translated.diagnostics, file: file)
    guard !translated.diagnostics.contains(where: { $0.severity == .error }) else { return 0 }
    for model in translated.models {
        do {
            let files = try renderer.render(model)
            fuzzCheck(files.allSatisfy { !$0.name.contains("/") && !$0.name.hasPrefix(".") }, "an output file outside its folder: \(files.map(\.name))")
        } catch {
            fuzzCheck(false, "a spec that loaded and translated without errors does not render: \(error)")
        }
    }
    return 0
}

private func check(_ diagnostics: [Diagnostic], file: String) {
    for diagnostic in diagnostics {
        fuzzCheck(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "a diagnostic at no line: \(diagnostic)")
        fuzzCheck(!diagnostic.message.isEmpty, "an empty diagnostic at \(diagnostic.location)")
    }
}
