import Foundation
import Testing

/// The planning both plugins share, driven with what each host gives it: SwiftPM a package
/// target's folder, its `sourceFiles` and Courier's `templates/`; Xcode a project target's
/// `inputFiles` only (no folder, no package to find the templates in).
@Suite struct CourierPlanTests {
    /// Courier's own `templates/`, as a package build finds it.
    static let courierTemplates: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("templates")
    }()

    @Test func aPackageTargetUsesCourierTemplatesAndItsOwnFolder() throws {
        let app = try AppFolder()
        defer { app.remove() }
        let target = CourierTargetFiles(name: "PetstoreAPI", files: app.packageSourceFiles, directory: app.root)
        let output = URL(fileURLWithPath: "/work/plugin/GeneratedSources")
        let plan = try #require(CourierPlan.generation(for: target, output: output, courierTemplates: Self.courierTemplates))

        #expect(plan.arguments == [
            "generate", app.spec.path, "--output", output.path,
            "--default-templates", Self.courierTemplates.path,
            "--templates", app.customTemplates.path,
        ])
        let courierFiles = try FileManager.default.contentsOfDirectory(atPath: Self.courierTemplates.path).filter { $0.hasSuffix(".mustache") }
        #expect(!courierFiles.isEmpty)
        for name in courierFiles {
            #expect(plan.inputFiles.contains(Self.courierTemplates.appendingPathComponent(name)), "\(name) is not an input")
        }
        #expect(plan.inputFiles.contains(app.spec))
        #expect(plan.inputFiles.contains(app.sample))
        #expect(plan.inputFiles.contains(app.customHeader))
        #expect(!plan.inputFiles.contains(app.swiftFile))
        #expect(plan.outputFiles.map(\.lastPathComponent) == [
            "petstore.Service.swift", "petstore.Models.swift", "petstore.Endpoints.swift", "petstore.Client.swift", "petstore.Samples.swift",
        ])
        #expect(plan.outputFiles.allSatisfy { $0.deletingLastPathComponent().path == output.path })
        #expect(plan.displayName == "Courier: generating PetstoreAPI from petstore.courier.yaml")
    }

    @Test func anXcodeTargetNeedsNeitherAPackageNorAFolder() throws {
        let app = try AppFolder()
        defer { app.remove() }
        let target = CourierTargetFiles(name: "PetApp", files: app.xcodeInputFiles, directory: nil)
        let output = URL(fileURLWithPath: "/DerivedData/PetApp/CourierPlugin/GeneratedSources")
        let plan = try #require(CourierPlan.generation(for: target, output: output, courierTemplates: nil))

        // No --default-templates: the tool uses the templates it carries. The target's own
        // CourierTemplates, beside the spec, is still found.
        #expect(plan.arguments == [
            "generate", app.spec.path, "--output", output.path,
            "--templates", app.customTemplates.path,
        ])
        #expect(plan.inputFiles.contains(app.spec))
        #expect(plan.inputFiles.contains(app.sample))
        #expect(plan.inputFiles.contains(app.customHeader))
        // Xcode lists every file of the app: folders (an asset catalog) and files away from the
        // specs are not inputs.
        #expect(!plan.inputFiles.contains(app.assetCatalog))
        #expect(!plan.inputFiles.contains(app.unrelated))
        #expect(!plan.inputFiles.contains { $0.path.hasPrefix(Self.courierTemplates.path) })
    }

    @Test func bothHostsPlanTheSameFilesForTheSameTarget() throws {
        let app = try AppFolder()
        defer { app.remove() }
        let output = URL(fileURLWithPath: "/out")
        let package = try #require(CourierPlan.generation(
            for: CourierTargetFiles(name: "App", files: app.packageSourceFiles, directory: app.root),
            output: output, courierTemplates: Self.courierTemplates))
        let xcode = try #require(CourierPlan.generation(
            for: CourierTargetFiles(name: "App", files: app.xcodeInputFiles, directory: nil),
            output: output, courierTemplates: nil))
        #expect(package.outputFiles == xcode.outputFiles)
        #expect(package.specs == xcode.specs)
        #expect(package.arguments.filter { $0 != "--default-templates" && $0 != Self.courierTemplates.path } == xcode.arguments)
    }

    @Test func anXcodeTargetFindsTemplatesItListsAnywhere() throws {
        let app = try AppFolder()
        defer { app.remove() }
        let elsewhere = app.root.deletingLastPathComponent().appendingPathComponent("Shared/CourierTemplates")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let header = elsewhere.appendingPathComponent("Header.mustache")
        try Data("// header\n".utf8).write(to: header)
        try FileManager.default.removeItem(at: app.customTemplates)
        let files = app.xcodeInputFiles.filter { $0 != app.customHeader } + [header]

        let plan = try #require(CourierPlan.generation(
            for: CourierTargetFiles(name: "PetApp", files: files, directory: nil), output: URL(fileURLWithPath: "/out"), courierTemplates: nil))
        let templates = try #require(plan.arguments.firstIndex(of: "--templates"))
        #expect(plan.arguments[templates + 1] == elsewhere.path)
        #expect(plan.inputFiles.contains(header))
    }

    @Test func aTargetWithoutSpecsIsLeftAlone() {
        let target = CourierTargetFiles(name: "Util", files: [URL(fileURLWithPath: "/x/Util.swift")], directory: nil)
        #expect(CourierPlan.generation(for: target, output: URL(fileURLWithPath: "/out"), courierTemplates: nil) == nil)
        #expect(CourierPlan.committedOutput(for: target) == nil)
    }

    @Test func theCommandWritesIntoTheTargetOrBesideTheSpec() throws {
        let app = try AppFolder()
        defer { app.remove() }
        let package = CourierTargetFiles(name: "PetstoreAPI", files: app.packageSourceFiles, directory: app.root)
        let xcode = CourierTargetFiles(name: "PetApp", files: app.xcodeInputFiles, directory: nil)
        let util = CourierTargetFiles(name: "Util", files: [app.swiftFile], directory: nil)

        let runs = try CourierPlan.committedGenerations(for: [package, util], requested: [], in: "Pets", courierTemplates: Self.courierTemplates)
        #expect(runs.map(\.outputDirectory.path) == [app.root.appendingPathComponent("Generated").path])
        let xcodeRuns = try CourierPlan.committedGenerations(for: [util, xcode], requested: ["PetApp"], in: "PetApp.xcodeproj", courierTemplates: nil)
        #expect(xcodeRuns.map(\.outputDirectory.path) == [app.root.appendingPathComponent("Generated").path])
        #expect(xcodeRuns.first?.outputFiles.first?.deletingLastPathComponent().path == xcodeRuns.first?.outputDirectory.path)

        #expect(throws: PluginFailure.self) {
            try CourierPlan.committedGenerations(for: [xcode], requested: ["Nope"], in: "PetApp.xcodeproj", courierTemplates: nil)
        }
    }
}

/// An app's folder on disk: a spec, a sample beside it, custom templates, a Swift file, an asset
/// catalog, and a file elsewhere in the project.
private struct AppFolder {
    let root: URL
    var spec: URL { root.appendingPathComponent("petstore.courier.yaml") }
    var sample: URL { root.appendingPathComponent("samples/pets.json") }
    var customTemplates: URL { root.appendingPathComponent("CourierTemplates") }
    var customHeader: URL { customTemplates.appendingPathComponent("Header.mustache") }
    var swiftFile: URL { root.appendingPathComponent("App.swift") }
    var assetCatalog: URL { root.appendingPathComponent("Assets.xcassets") }
    var unrelated: URL { root.deletingLastPathComponent().appendingPathComponent("Other/notes.txt") }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-plan-\(UUID().uuidString)/App")
        for folder in [root.appendingPathComponent("samples"), customTemplates, assetCatalog, unrelated.deletingLastPathComponent()] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data("courier: 1\nservice: Petstore\nbaseURL: https://example.com\n".utf8).write(to: spec)
        for file in [sample, customHeader, swiftFile, unrelated] { try Data("x\n".utf8).write(to: file) }
    }

    /// What SwiftPM lists for a target in this folder.
    var packageSourceFiles: [URL] { [swiftFile, spec, sample, customHeader] }
    /// What Xcode lists for an app target: everything, a folder and a file elsewhere included.
    var xcodeInputFiles: [URL] { [swiftFile, spec, sample, customHeader, assetCatalog, unrelated] }

    func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
}
