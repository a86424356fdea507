import Testing
@testable import CourierSpec

/// A spec of the benchmark's size loads cleanly. Speed is measured by the generator benchmark
/// (Benchmarks/generator/run.py), not here: a timed unit test is noise on a shared machine.
@Suite struct LargeSpecTests {
    static func largeSpec(models: Int, endpoints: Int) -> String {
        var lines = ["courier: 1", "service: Big", "baseURL: https://api.example.com", "models:"]
        for index in 0..<models {
            lines += [
                "  Model\(index):", "    id: Int", "    name: String = x", "    tags: [String]",
                "    next: \"[Model\((index + 1) % models)]?\"", "    created: { type: Date, format: iso8601 }",
            ]
        }
        lines.append("endpoints:")
        for index in 0..<endpoints {
            lines += [
                "  endpoint\(index):", "    summary: Endpoint \(index).", "    get: /items/{id}/sub\(index)",
                "    path: { id: Int }", "    query:", "      limit: Int? = 20", "      after: String?",
                "    response: [Model\(index % models)]", "    cache: { policy: localThenRemote, ttl: 5m }",
            ]
        }
        return lines.joined(separator: "\n")
    }

    @Test func benchmarkSizedSpecLoadsWithoutDiagnostics() {
        let result = load(Self.largeSpec(models: 200, endpoints: 300))
        #expect(result.diagnostics.map(\.brief) == [])
        #expect(result.specs.first?.endpoints.count == 300)
        #expect(result.specs.first?.models.count == 200)
    }
}
