import Foundation
import Testing
@testable import CourierSpec

/// The example specs under `specs/` that no target compiles load without a single diagnostic,
/// as the documentation's whole-spec examples do.
@Suite struct ExampleSpecsTests {
    @Test(arguments: ["streams.courier.yaml"])
    func exampleSpecLoadsCleanly(name: String) throws {
        let path = DocumentationBlock.root.appendingPathComponent("specs").appendingPathComponent(name).path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let result = SpecLoader().load(source: source, file: path)
        #expect(result.diagnostics.map(\.description) == [], "specs/\(name)")
        #expect(result.specs.first?.endpoints.compactMap(\.stream).count == 4)
    }
}
