import CourierGenerator
import CourierSpec
import Foundation

/// The outcome of ``ImportRun/run(input:output:options:strict:)``.
public struct ImportRunOutcome: Sendable {
    /// Errors that stopped the import: bad input, `--strict` approximations, files that could not
    /// be written. Nothing is written when there are any (except by a failed write).
    public var errors: [Diagnostic] = []
    /// What `courier lint` says about the written specs (empty when they are clean).
    public var lintDiagnostics: [Diagnostic] = []
    /// What was approximated.
    public var report = ImportReport(notes: [])
    /// Counts.
    public var statistics = ImportStatistics()
    /// The files written, relative to the output directory.
    public var written: [String] = []
    /// Where the report was written, if it was.
    public var reportPath: String?
    /// Whether the input was read and converted (the errors, if any, are `--strict`'s or the output's).
    public var converted = false
    /// Seconds spent converting (reading the description and building the specs).
    public var convertSeconds: Double = 0
    /// Seconds spent writing the files.
    public var writeSeconds: Double = 0
    /// Seconds spent checking the result with Courier's loader, validator and translator.
    public var lintSeconds: Double = 0

    /// Whether the run failed: errors, or specs that do not lint.
    public var failed: Bool { !errors.isEmpty || lintDiagnostics.contains { $0.severity == .error } }
}

/// Imports a description and writes the specs and samples into a directory, then checks them with
/// Courier's own loader, validator and translator (what `courier lint` runs): an example that does
/// not fit the model it was imported into is taken out and reported, and anything else the check
/// finds is returned (it would be a bug of the importer).
public enum ImportRun {
    /// Imports `input` into `output`, and writes the report to `reportPath` (when given) once the
    /// input could be read. With `strict`, approximations are errors and no spec is written.
    public static func run(
        input: String, output: String, options: ImportOptions, strict: Bool, reportPath: String? = nil
    ) -> ImportRunOutcome {
        var outcome = convertAndWrite(input: input, output: output, options: options, strict: strict)
        if let reportPath, outcome.converted {
            do {
                let file = ImportedFile(path: (reportPath as NSString).lastPathComponent, contents: outcome.report.rendered(input: input))
                _ = try write([file], to: (reportPath as NSString).deletingLastPathComponent)
                outcome.reportPath = reportPath
            } catch {
                outcome.errors.append(Diagnostic(
                    .error, "cannot write the report: \(error)", at: SourceLocation(file: reportPath, line: 1, column: 1)))
            }
        }
        return outcome
    }

    private static func convertAndWrite(input: String, output: String, options: ImportOptions, strict: Bool) -> ImportRunOutcome {
        var outcome = ImportRunOutcome()
        let start = DispatchTime.now()
        var result = OpenAPIImporter(options: options).convert(path: input)
        outcome.convertSeconds = seconds(since: start)
        outcome.statistics = result.statistics
        outcome.report = result.report
        outcome.errors = result.errors
        guard result.errors.isEmpty else { return outcome }
        outcome.converted = true
        if strict, !result.report.approximations.isEmpty {
            outcome.errors = result.report.approximations.map { note in
                Diagnostic(.error, "[\(note.kind)] \(note.pointer): \(note.message)", at: note.location)
            }
            return outcome
        }
        for attempt in 0..<3 {
            let writeStart = DispatchTime.now()
            do {
                outcome.written = try write(result.files, to: output)
                outcome.writeSeconds += seconds(since: writeStart)
            } catch {
                outcome.errors = [Diagnostic(.error, "cannot write the specs: \(error)", at: SourceLocation(file: output, line: 1, column: 1))]
                return outcome
            }
            let specs = result.specFileNames.map { (output as NSString).appendingPathComponent($0) }
            let lintStart = DispatchTime.now()
            defer { outcome.lintSeconds += seconds(since: lintStart) }
            let lint = Generator(loader: SpecLoader(), translator: Translator(), renderer: NoRendering(), writer: FileWriter())
                .lint(specFiles: specs)
            outcome.lintDiagnostics = lint.diagnostics + lint.failures.map { Diagnostic(.error, $0, at: SourceLocation(file: output, line: 1, column: 1)) }
            guard attempt < 2, dropSamplesThatDoNotFit(lint.diagnostics, result: &result, output: output) else { break }
        }
        outcome.report = result.report
        outcome.statistics = result.statistics
        return outcome
    }

    /// Takes out every sample an error points at (its line in a spec), with a note in the report;
    /// returns whether any was taken out.
    static func dropSamplesThatDoNotFit(_ diagnostics: [Diagnostic], result: inout ImportResult, output: String) -> Bool {
        var dropped = false
        for (fileIndex, rendered) in result.rendered.enumerated() {
            let path = (output as NSString).appendingPathComponent(rendered.fileName)
            for diagnostic in diagnostics where diagnostic.severity != .note && diagnostic.location.file == path {
                guard let (endpointName, status) = rendered.sampleLines[diagnostic.location.line],
                      let endpointIndex = result.drafts[fileIndex].endpoints.firstIndex(where: { $0.name == endpointName }),
                      let sampleIndex = result.drafts[fileIndex].endpoints[endpointIndex].samples.firstIndex(where: { $0.status == status })
                else { continue }
                let sample = result.drafts[fileIndex].endpoints[endpointIndex].samples.remove(at: sampleIndex)
                try? FileManager.default.removeItem(atPath: (output as NSString).appendingPathComponent(sample.file))
                let message = diagnostic.message.range(of: "does not fit").map { String(diagnostic.message[$0.lowerBound...]) }
                    ?? diagnostic.message.range(of: ": at ").map { "does not match its model" + String(diagnostic.message[$0.lowerBound...]) }
                    ?? diagnostic.message
                let note = ImportNote(
                    severity: .approximation, kind: "example", pointer: sample.pointer,
                    location: sample.source.location, message: "the example \(message); no sample from it")
                if !result.report.notes.contains(note) { result.report.notes.append(note) }
                dropped = true
            }
        }
        if dropped {
            result.report.notes.sort { $0.location < $1.location }
            result.render()
        }
        return dropped
    }

    /// Writes `files` under `directory`, creating folders; returns their relative paths.
    static func write(_ files: [ImportedFile], to directory: String) throws -> [String] {
        let manager = FileManager.default
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file.path)
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let data = Data(file.contents.utf8)
            // Unchanged files are left alone (a build that depends on them stays up to date); the
            // others are written in place, which is much faster than atomically for thousands of samples.
            if manager.contents(atPath: path) != data {
                try data.write(to: URL(fileURLWithPath: path))
            }
        }
        return files.map(\.path)
    }

    private static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

/// Lint renders nothing.
private struct NoRendering: FileRendering {
    func render(_ model: SpecRenderModel) throws(RenderError) -> [GeneratedFile] { [] }
}
