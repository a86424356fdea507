import CourierSpec

/// A large spec for performance tests: `models` models (every fourth an enum) and `endpoints`
/// endpoints using them.
enum SyntheticSpec {
    static func make(models modelCount: Int = 200, endpoints endpointCount: Int = 300) -> Spec {
        var models: [Model] = []
        for index in 0..<modelCount {
            if index % 4 == 3 {
                models.append(Build.enumeration("Kind\(index)", [("first_value", nil), ("second-value", nil), ("third", nil)]))
            } else {
                models.append(Build.object("Model\(index)", summary: "Model number \(index).", [
                    Build.field("id", "Int64"),
                    Build.field("display_name", "String"),
                    Build.field("note", "String?"),
                    Build.field("created_at", "Date", format: .iso8601),
                    Build.field("tags", "[String]", default: .sequence([])),
                    Build.field("kind", "Kind\(index - index % 4 + 3)?"),
                    Build.field("score", "Double", default: Build.scalar("0.5")),
                ]))
            }
        }
        var endpoints: [Endpoint] = []
        for index in 0..<endpointCount {
            let model = "Model\(index % modelCount - (index % modelCount) % 4)"
            endpoints.append(Build.endpoint(
                "operation\(index)", index % 2 == 0 ? "GET" : "POST", "/items/{id}/op\(index)",
                pathParameters: [Build.parameter("id", "Int64")],
                query: [Build.parameter("limit", "Int?"), Build.parameter("page_token", "String?", summary: "Where to resume.")],
                headers: [Build.parameter("X-Trace", "String?")],
                body: index % 2 == 0 ? nil : .json(Build.located(.named(model))),
                response: index % 3 == 0 ? "[\(model)]" : model,
                timeout: 15, summary: "Operation \(index)."))
        }
        return Build.spec(service: "Synthetic", file: "specs/synthetic.courier.yaml", models: models, endpoints: endpoints)
    }
}
