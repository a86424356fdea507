import ArgumentParser
import CourierImport
import CourierSpec
import Foundation

/// `courier-import openapi.yaml --output Specs/ [--service Name] [--split auto|tags|none] [--strict]`.
@main
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier-import",
        abstract: "Import an OpenAPI 3.0 or 3.1 description into Courier specs.",
        discussion: """
            Reads the description (YAML or JSON, one file or many joined by relative `$ref`s) and writes \
            `<service>.courier.yaml` into the output directory (with one `<service>-<tag>.courier.yaml` per tag \
            for large descriptions), sample files under `samples/` from the examples, and a report of \
            everything that could not be said exactly, each with its JSON pointer and what was done. The \
            specs are then checked the way `courier lint` checks them.

            Errors in the input (not OpenAPI, a broken `$ref`, a missing file, a cycle through `allOf`) are \
            printed as `file:line:column: error: message` and nothing is written. With `--strict`, every \
            approximation is such an error too (validation keywords the client does not check, such as \
            `maxLength`, are listed but do not fail).

            Examples:
              courier-import openapi.yaml --output Sources/PetstoreAPI
              courier-import api/root.yaml --output Specs --service Shop --split tags
              courier-import openapi.json --output Specs --strict
            """,
        version: "0.1.0"
    )

    @Argument(help: "The OpenAPI document (the root file of a description split over several files).")
    var input: String

    @Option(name: .shortAndLong, help: "Directory to write the specs, samples and report into.")
    var output: String

    @Option(help: "The service name (a Swift type name); from the document's title when absent.")
    var service: String?

    @Option(help: "Split into one spec file per tag: auto (at \(ImportOptions.splitThreshold) operations or more), tags, none.")
    var split: ImportOptions.Split = .auto

    @Option(help: "Where to write the report (default: courier-import-report.txt in the output directory).")
    var report: String?

    @Flag(help: "Fail (and write nothing) when anything had to be approximated.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print every note, the unchecked validation keywords too.")
    var verbose = false

    func run() throws {
        let reportPath = report ?? (output as NSString).appendingPathComponent("courier-import-report.txt")
        let options = ImportOptions(service: service, split: split, reportName: NSString(string: reportPath).lastPathComponent)
        let outcome = ImportRun.run(input: input, output: output, options: options, strict: strict, reportPath: reportPath)
        var text = ""
        for error in outcome.errors { text += error.description + "\n" }
        if outcome.errors.isEmpty {
            for note in outcome.report.notes where verbose || note.severity == .approximation { text += note.description + "\n" }
        }
        for diagnostic in outcome.lintDiagnostics { text += diagnostic.description + "\n" }
        if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
        let statistics = outcome.statistics
        if outcome.errors.isEmpty {
            print(
                "imported \(statistics.operations) operations and \(statistics.models) models from \(statistics.documentsRead) "
                    + "file\(statistics.documentsRead == 1 ? "" : "s") into \(statistics.specFiles) spec file"
                    + "\(statistics.specFiles == 1 ? "" : "s") and \(statistics.samples) samples in \(output) "
                    + String(
                        format: "(converted in %.2f s, written in %.2f s, checked in %.2f s)",
                        outcome.convertSeconds, outcome.writeSeconds, outcome.lintSeconds))
            print(outcome.report.summary + "; report: \(reportPath)")
        }
        if outcome.lintDiagnostics.contains(where: { $0.severity == .error }) {
            FileHandle.standardError.write(Data(
                "error: the imported specs do not pass Courier's checks (above); this is a courier-import bug, please report it\n".utf8))
        }
        if outcome.failed { throw ExitCode.failure }
    }
}

extension ImportOptions.Split: ExpressibleByArgument {}
