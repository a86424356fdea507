import CourierSpec
import CourierTestServer
import Foundation
import Testing
@testable import CourierImport

/// Public OpenAPI descriptions from `../shared/fixtures/openapi` (never copied into the
/// repository): each imports without errors into specs that lint clean. Skipped when the shared
/// folder is not beside the checkout.
@Suite struct RealDocumentTests {
    /// `shared/fixtures/openapi`, found by walking up from the package root; `nil` when absent.
    static let fixtures: String? = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Pipeline
        for _ in 0..<3 { directory.deleteLastPathComponent() }  // → package root
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("shared/fixtures/openapi")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    static let documents = [
        ("digitalocean/DigitalOcean-public.v2.yaml", "DigitalOcean", 400),
        ("github-ghes-3.6/openapi.json", "GitHub", 150),
        ("petstore-swift-openapi/openapi.yaml", "Petstore", 10),
    ]

    @Test(
        .enabled(if: fixtures != nil, "../shared/fixtures/openapi is not beside the checkout"),
        arguments: documents)
    func importsAndLintsClean(document: (path: String, service: String, operations: Int)) async throws {
        let fixtures = try #require(Self.fixtures)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Seconds of computing in a debug build: on a thread of its own, not the tests' pool.
        let input = fixtures + "/" + document.path
        let output = directory.path
        let outcome = try await OwnThread.run {
            ImportRun.run(input: input, output: output, options: ImportOptions(), strict: false)
        }
        #expect(outcome.errors.map(\.description) == [])
        #expect(outcome.lintDiagnostics.map(\.description) == [])
        #expect(outcome.statistics.operations >= document.operations)
        let specs = outcome.written.filter { $0.hasSuffix(".courier.yaml") }
        #expect(specs.contains(document.service.lowercased() + ".courier.yaml"))
        for spec in specs {
            let text = directory.read(spec) ?? ""
            let long: [String] = text.split(separator: "\n").map(String.init).filter { $0.count >= 120 }
            #expect(long == [], "\(spec)")
        }
    }
}
