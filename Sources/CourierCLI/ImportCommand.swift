import ArgumentParser
import Foundation

/// `courier import <openapi> --output <dir> …`: runs the `courier-import` tool with the same
/// arguments. The importer is an executable of its own so that this tool, which the build plugin
/// compiles for every user, does not carry it; `courier import` finds it next to this executable
/// (where `swift build` puts every product) or on `PATH`.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an OpenAPI 3.0 or 3.1 document into Courier specs (runs courier-import).",
        discussion: """
            Every argument is passed to `courier-import`; see `courier-import --help`. Build it with \
            `swift build --product courier-import` when it is missing.

            Example:
              courier import openapi.yaml --output Sources/PetstoreAPI --service Petstore
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "The arguments of courier-import.")
    var arguments: [String] = []

    func run() throws {
        guard let tool = Self.locate() else {
            Console.error(
                "error: courier-import was found neither next to courier nor on PATH; "
                    + "build it with `swift build --product courier-import`")
            throw ExitCode.failure
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
    }

    /// `courier-import` beside this executable, else the first on `PATH`.
    static func locate() -> String? {
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("courier-import").path)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { String($0) + "/courier-import" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
