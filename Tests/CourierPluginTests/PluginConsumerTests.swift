import CourierTestServer
import Foundation
import Testing

/// Builds a separate package that depends on Courier by path, the way an app would, and checks
/// that the plugin finds Courier's templates, regenerates only when a spec changes, and reports
/// spec mistakes as compiler diagnostics that fail the build.
@Suite(.serialized, .timeLimit(.minutes(20)))
struct PluginConsumerTests {
    @Test func consumerPackageBuildsRegeneratesAndReportsDiagnostics() async throws {
        let package = try ConsumerPackage()
        defer { package.remove() }

        let first = try await package.swift(["build"])
        #expect(first.status == 0, "first build failed:\n\(first.output)")
        try #require(first.status == 0)

        let client = try #require(package.generatedFile(named: "weather.Client.swift"))
        #expect(try String(contentsOf: client, encoding: .utf8).contains("comes from the target's CourierTemplates folder"),
                "the target's own Header.mustache should replace Courier's")

        let run = try await package.runProduct("WeatherCheck")
        #expect(run.output.contains("forecast Oslo -3.5"), "unexpected output: \(run.output)")

        // The DocC tutorial's package is the fixture's Todo targets (see TutorialFilesTests): the
        // build above compiled each main.swift it shows; its tests, answered by stubs, pass.
        let tutorialTests = try await package.swift(["test", "--filter", "TodoAPITests"])
        #expect(tutorialTests.status == 0, "the tutorial's tests failed:\n\(tutorialTests.output)")
        #expect(tutorialTests.output.contains("getTodoDecodesTheSample"), "the tutorial's tests did not run:\n\(tutorialTests.output)")

        // SwiftPM relinks the plugin's tool once on the build after a package's first build,
        // which reruns the generator (its files stay untouched); from then on a no-op build is one.
        let settle = try await package.swift(["build"])
        #expect(settle.status == 0)
        // A spec this small (two declarations) gets the compact layout with one models file: five
        // files, samples included.
        let models = try #require(package.generatedFile(named: "weather.Models.swift"))
        for name in ["weather.Service.swift", "weather.Endpoints.swift", "weather.Samples.swift"] {
            #expect(package.generatedFile(named: name) != nil, "missing \(name)")
        }
        for name in ["weather.01.Models.swift", "weather.Models.Forecast.swift"] {
            #expect(package.generatedFile(named: name) == nil, "a tiny spec makes one models file, not \(name)")
        }
        let stamp = try modificationDate(of: models)
        let noop = try await package.swift(["build"])
        #expect(noop.status == 0)
        #expect(try modificationDate(of: models) == stamp, "a no-op build regenerated the sources")
        #expect(!noop.output.contains("Courier: generating"), "a no-op build ran the generator:\n\(noop.output)")

        // Templates are declared inputs: touching one reruns the generator, which rewrites nothing.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: package.customHeaderTemplate.path)
        let touched = try await package.swift(["build"])
        #expect(touched.output.contains("Courier: generating"), "a changed template must rerun the generator:\n\(touched.output)")
        #expect(try modificationDate(of: models) == stamp)

        try package.editSpec { $0.replacingOccurrences(of: "    celsius: Double\n", with: "    celsius: Double\n    humidity: Int?\n") }
        let edited = try await package.swift(["build"])
        #expect(edited.status == 0, "build after editing the spec failed:\n\(edited.output)")
        #expect(try String(contentsOf: models, encoding: .utf8).contains("humidity"))

        try package.editSpec { $0.replacingOccurrences(of: "response: Forecast", with: "response: Forcast") }
        let broken = try await package.swift(["build"])
        #expect(broken.status != 0, "a spec with an unknown type must fail the build")
        #expect(broken.output.contains("weather.courier.yaml:13:15: error:"), "diagnostic not at the YAML line:\n\(broken.output)")
        #expect(broken.output.contains("Forcast"))
        #expect(broken.output.contains("Forecast"), "the diagnostic should suggest the declared model")

        // The command plugin, for teams that commit generated code, writes into the target.
        try package.editSpec { $0.replacingOccurrences(of: "response: Forcast", with: "response: Forecast") }
        let command = try await package.swift(["package", "--allow-writing-to-package-directory", "courier-generate", "--target", "WeatherAPI"])
        #expect(command.status == 0, "courier-generate failed:\n\(command.output)")
        // The compact layout's factories sit in the Endpoints file.
        let committed = package.directory.appendingPathComponent("Sources/WeatherAPI/Generated/weather.Endpoints.swift")
        let endpoints = try String(contentsOf: committed, encoding: .utf8)
        #expect(endpoints.contains("public static func forecast(city: String) -> Request<Forecast>"))
    }
}

private func modificationDate(of url: URL) throws -> Date {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.modificationDate] as? Date)
}

/// A temporary copy of `Tests/Fixtures/PluginConsumer` pointing at this checkout of Courier.
private struct ConsumerPackage {
    let directory: URL

    init() throws {
        let courierRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fixture = courierRoot.appendingPathComponent("Tests/Fixtures/PluginConsumer")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-plugin-consumer-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixture, to: directory)
        let manifest = directory.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(of: "COURIER_PATH", with: courierRoot.path)
        try text.write(to: manifest, atomically: true, encoding: .utf8)
    }

    var spec: URL { directory.appendingPathComponent("Sources/WeatherAPI/weather.courier.yaml") }
    var customHeaderTemplate: URL { directory.appendingPathComponent("Sources/WeatherAPI/CourierTemplates/Header.mustache") }

    func editSpec(_ change: (String) -> String) throws {
        let text = try String(contentsOf: spec, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit did not apply")
        try changed.write(to: spec, atomically: true, encoding: .utf8)
    }

    /// Runs `swift <subcommand> --package-path <copy> <rest…>`: the path goes right after the
    /// subcommand so that `swift package <plugin verb>` does not pass it on to the plugin.
    /// Runs `swift <arguments>` on the package. A run the toolchain itself crashed in (the Swift
    /// runtime's "Program crashed" report; seen once in SwiftPM's own Dispatch event loop) is run
    /// again, once: a crash of ours would crash again and still fail the test.
    ///
    /// The build runs under `nice -n 10`: it is a whole SwiftPM build of a package on two cores,
    /// and at full priority it starved the rest of the suite, whose loopback tests running beside
    /// it then missed their time limits (a full run showed them at 20-40 s while this test ran).
    func swift(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let command = ["nice", "-n", "10", "swift"] + Array(arguments.prefix(1)) + ["--package-path", directory.path] + arguments.dropFirst()
        let first = try await runProcess("/usr/bin/env", command)
        guard first.status != 0, first.output.contains("*** Program crashed") else { return first }
        return try await runProcess("/usr/bin/env", command)
    }

    func runProduct(_ name: String) async throws -> (status: Int32, output: String) {
        try await runProcess(directory.appendingPathComponent(".build/debug/\(name)").path, [])
    }

    func generatedFile(named name: String) -> URL? {
        let build = directory.appendingPathComponent(".build")
        guard let walker = FileManager.default.enumerator(at: build, includingPropertiesForKeys: nil) else { return nil }
        for case let url as URL in walker where url.lastPathComponent == name && url.path.contains("/plugins/outputs/") {
            return url
        }
        return nil
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs a process to its end on a thread of its own, so that the wait (a build takes half a
/// minute) holds no thread of the two-thread cooperative pool the other tests run on (on Linux,
/// Dispatch's global queue shares its threads with that pool).
func runProcess(_ executable: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await OwnThread.run { try runProcessBlocking(executable, arguments) }
}

private func runProcessBlocking(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = try ChildProcess(executable: executable, arguments: arguments, output: .pipe, errorsToOutput: true)
    // Read before waiting so a chatty build cannot fill the pipe and deadlock.
    let data = readToEnd(process.output?.fileDescriptor ?? -1)
    switch process.waitUntilEnded() {
    case .exited(let status): return (status, String(decoding: data, as: UTF8.self))
    case .signalled(let signal): return (128 + signal, String(decoding: data, as: UTF8.self))
    }
}

/// Reads a pipe to its end, reading again when a signal interrupts a read: corelibs'
/// `readDataToEndOfFile()` traps on `EINTR` (seen with several child processes running at once).
private func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}
