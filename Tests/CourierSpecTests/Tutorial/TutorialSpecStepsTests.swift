import Foundation
import Testing
@testable import CourierSpec

/// Every spec the DocC tutorial shows (`Sources/Courier/Courier.docc/Tutorials/Resources/*.yaml`,
/// each step's whole file) loads with no diagnostic at all. Each is read as if it were the
/// tutorial's spec in `Tests/Fixtures/PluginConsumer/Sources/TodoAPI`, so a `sample:` path finds
/// the fixture's sample file. `TutorialFilesTests` (CourierPluginTests) checks the rest of the
/// tutorial's files.
@Suite struct TutorialSpecStepsTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let resources = root.appendingPathComponent("Sources/Courier/Courier.docc/Tutorials/Resources")
    static let steps: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? [])
        .filter { $0.hasSuffix(".yaml") }.sorted()

    @Test func theTutorialHasSpecSteps() {
        #expect(Self.steps.count >= 3, "found \(Self.steps)")
    }

    @Test(arguments: steps)
    func specStepLoadsCleanly(_ step: String) throws {
        let text = try String(contentsOf: Self.resources.appendingPathComponent(step), encoding: .utf8)
        let file = Self.root.appendingPathComponent("Tests/Fixtures/PluginConsumer/Sources/TodoAPI/todos.courier.yaml").path
        let result = SpecLoader().load(source: text, file: file)
        #expect(result.diagnostics.map(\.description) == [], "\(step)")
        #expect(result.specs.count == 1, "\(step)")
    }
}
