import CourierTestServer
import Foundation
import Testing

/// The DocC tutorial shows only code the project builds. Its code files live in
/// `Sources/Courier/Courier.docc/Tutorials/Resources`; each kind is held to that as follows.
///
/// - **Swift sources** are byte-identical to a source of the Todo targets of
///   `Tests/Fixtures/PluginConsumer`, which `PluginConsumerTests` builds against this checkout
///   through the build plugin, tests included, and whose tests it runs. Each `main.swift` the
///   tutorial shows is the whole file of an executable target there (`TodoFirstCall`, then
///   `TodoCLI`), so an intermediate step is compiled code too, not a prefix that only looks so.
/// - **Manifests** (`@Code(name: "Package.swift")`) are loaded by `swift package dump-package`,
///   which compiles them against PackageDescription without resolving the placeholder URL. The
///   last is byte-identical to the fixture's `Tutorial/Package.swift`, whose target declarations
///   stand line for line in the fixture's own manifest, the one that is built (only the
///   dependency differs: a path there, the URL here).
/// - **Specs** load with no diagnostic through `SpecLoader`: `TutorialSpecStepsTests` in
///   `CourierSpecTests` does that (this target cannot import `CourierSpec`). Here, the last spec
///   step is byte-identical to the fixture's spec, the one the plugin generates the client from.
/// - **JSON** files are byte-identical to a fixture file (the build checks samples against the
///   response type).
/// - **Console transcripts** (`.txt`) are not checked; keep them few and true.
///
/// Every file the tutorial names exists, and every file in `Resources` is named by a tutorial.
@Suite struct TutorialFilesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let tutorials = root.appendingPathComponent("Sources/Courier/Courier.docc/Tutorials")
    static let resources = tutorials.appendingPathComponent("Resources")
    static let fixture = root.appendingPathComponent("Tests/Fixtures/PluginConsumer")

    /// A file a tutorial step shows: the name the page gives it and the resource holding it.
    struct Step: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var testDescription: String { "\(file) (\(name))" }
    }

    /// Every `@Code` of FirstClient.tutorial, in order.
    static let steps: [Step] = {
        let text = (try? String(contentsOf: tutorials.appendingPathComponent("FirstClient.tutorial"), encoding: .utf8)) ?? ""
        return text.matches(of: #/@Code\(name: "([^"]+)", file: "([^"]+)"/#).map { Step(name: String($0.1), file: String($0.2)) }
    }()

    static func contents(_ url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    /// The Swift sources and samples of the fixture's Todo targets, by path.
    static func fixtureFiles() -> [URL] {
        ["Sources/TodoAPI", "Sources/TodoFirstCall", "Sources/TodoCLI", "Tests/TodoAPITests"].flatMap { folder -> [URL] in
            let base = fixture.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            return paths.map { base.appendingPathComponent($0) }
        }
    }

    @Test func theTutorialShowsEveryKindOfFile() {
        #expect(Self.steps.count >= 10, "found \(Self.steps.count) @Code steps")
        for ext in ["swift", "yaml", "json"] {
            #expect(Self.steps.contains { $0.file.hasSuffix(".\(ext)") }, "no .\(ext) step")
        }
    }

    @Test func everyResourceIsShownAndEveryStepExists() throws {
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: Self.resources.path))
        let named = Set(Self.steps.map(\.file))
        let images = try String(contentsOf: Self.tutorials.appendingPathComponent("Courier.tutorial"), encoding: .utf8)
            .matches(of: #/@Image\(source: "([^"]+)"/#).map { String($0.1) }
        #expect(named.subtracting(present).sorted() == [], "steps naming files that are not in Resources")
        #expect(present.subtracting(named).subtracting(images).sorted() == [], "files in Resources that no tutorial shows")
    }

    @Test(arguments: steps.filter { $0.file.hasSuffix(".swift") && $0.name != "Package.swift" })
    func swiftStepIsAFixtureSource(_ step: Step) throws {
        let shown = try Self.contents(Self.resources.appendingPathComponent(step.file))
        let twins = Self.fixtureFiles().filter { $0.pathExtension == "swift" && (try? Self.contents($0)) == shown }
        #expect(twins.count == 1, "\(step.file) should be the whole of one Swift file of the fixture's Todo targets; found \(twins.map(\.lastPathComponent))")
        #expect(twins.allSatisfy { $0.lastPathComponent == step.name }, "\(step.file) is shown as \(step.name) but is \(twins.map(\.lastPathComponent))")
    }

    @Test(arguments: steps.filter { $0.file.hasSuffix(".json") })
    func jsonStepIsAFixtureFile(_ step: Step) throws {
        let shown = try Self.contents(Self.resources.appendingPathComponent(step.file))
        let twins = Self.fixtureFiles().filter { $0.lastPathComponent == step.name && (try? Self.contents($0)) == shown }
        #expect(twins.count == 1, "\(step.file) should be the fixture's \(step.name)")
    }

    @Test func theLastSpecStepIsTheFixtureSpec() throws {
        let last = try #require(Self.steps.last { $0.file.hasSuffix(".yaml") })
        let shown = try Self.contents(Self.resources.appendingPathComponent(last.file))
        let spec = try Self.contents(Self.fixture.appendingPathComponent("Sources/TodoAPI/todos.courier.yaml"))
        #expect(shown == spec, "\(last.file) should be Tests/Fixtures/PluginConsumer/Sources/TodoAPI/todos.courier.yaml")
        #expect(last.name == "todos.courier.yaml")
    }

    @Test func theLastManifestIsTheOneTheFixtureBuilds() throws {
        let last = try #require(Self.steps.last { $0.name == "Package.swift" })
        let shown = try String(contentsOf: Self.resources.appendingPathComponent(last.file), encoding: .utf8)
        let tutorialManifest = try String(contentsOf: Self.fixture.appendingPathComponent("Tutorial/Package.swift"), encoding: .utf8)
        #expect(shown == tutorialManifest, "\(last.file) should be Tests/Fixtures/PluginConsumer/Tutorial/Package.swift")

        // The lines inside `targets: [ … ]` stand, in order and next to each other, in the manifest
        // PluginConsumerTests builds.
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let open = try #require(lines.firstIndex(of: "    targets: ["))
        let close = try #require(lines[open...].firstIndex(of: "    ]"))
        let targets = Array(lines[(open + 1)..<close])
        #expect(targets.count > 10)
        let built = try String(contentsOf: Self.fixture.appendingPathComponent("Package.swift"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let found = built.indices.contains { start in
            start + targets.count <= built.count && Array(built[start..<(start + targets.count)]) == targets
        }
        #expect(found, "the tutorial's target declarations are not line for line in Tests/Fixtures/PluginConsumer/Package.swift")
    }

    @Test(arguments: steps.filter { $0.name == "Package.swift" })
    func manifestStepLoads(_ step: Step) async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-tutorial-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.resources.appendingPathComponent(step.file),
                                         to: directory.appendingPathComponent("Package.swift"))
        let (status, output) = try await swiftPackage(["dump-package"], at: directory)
        #expect(status == 0, "\(step.file) does not load as a manifest:\n\(output)")
        #expect(output.contains(#""name" : "Todos""#), "unexpected dump of \(step.file):\n\(output.prefix(2_000))")
    }
}

/// Runs `swift package --package-path <directory> <arguments…>` to its end (off the cooperative
/// pool, as `runProcess` does for the consumer's builds) and returns its exit status and output.
private func swiftPackage(_ arguments: [String], at directory: URL) async throws -> (Int32, String) {
    try await runProcess("/usr/bin/env", ["swift", "package", "--package-path", directory.path] + arguments)
}
