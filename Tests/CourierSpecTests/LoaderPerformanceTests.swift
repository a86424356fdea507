import Testing
@testable import CourierSpec

/// Guards against quadratic behaviour: the benchmark spec size must load well within the
/// budget of a whole `courier generate` (0.5 s, debug build).
@Suite struct LoaderPerformanceTests {
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

    @Test func benchmarkSizedSpecLoadsQuickly() {
        let source = Self.largeSpec(models: 200, endpoints: 300)
        let clock = ContinuousClock()
        var result: SpecLoadResult?
        let elapsed = clock.measure { result = load(source) }
        #expect(result?.diagnostics.map(\.brief) == [])
        #expect(result?.specs.first?.endpoints.count == 300)
        #expect(elapsed < .milliseconds(400))
    }
}
