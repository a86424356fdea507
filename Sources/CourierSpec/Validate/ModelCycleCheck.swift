/// Finds models that contain themselves by value (`Pet -> Owner -> Pet`), which Swift structs
/// cannot do.
///
/// A field of type `B` or `B?` puts a `B` inside the struct (an optional is stored inline);
/// `[B]` and `[String: B]` store their elements on the heap and so break a cycle.
enum ModelCycleCheck {
    private struct Edge {
        var target: String
        var field: Field
    }

    private struct Visit {
        var model: String
        var edges: [Edge]
        var next = 0
    }

    /// Reports each cycle once, at the field through which its first model contains the next.
    /// Models are visited in declaration order with an explicit stack (no recursion), so the
    /// check is linear in models and fields and deterministic.
    static func check(_ specs: [Spec], models: ModelTable, log: inout DiagnosticLog) {
        var finished = Set<String>()
        for model in specs.flatMap(\.models) where models[model.name.value]?.name == model.name {
            let name = model.name.value
            guard !finished.contains(name) else { continue }
            var stack = [Visit(model: name, edges: edges(of: name, models: models))]
            var onStack: [String: Int] = [name: 0]
            while let top = stack.last {
                guard top.next < top.edges.count else {
                    finished.insert(top.model)
                    onStack[top.model] = nil
                    stack.removeLast()
                    continue
                }
                let edge = top.edges[top.next]
                stack[stack.count - 1].next += 1
                if let start = onStack[edge.target] {
                    report(Array(stack[start...]), closingAt: edge.target, log: &log)
                } else if !finished.contains(edge.target) {
                    onStack[edge.target] = stack.count
                    stack.append(Visit(model: edge.target, edges: edges(of: edge.target, models: models)))
                }
            }
        }
    }

    private static func edges(of name: String, models: ModelTable) -> [Edge] {
        (models.fields(of: name) ?? []).compactMap { field in
            guard case .named(let target) = field.type.value.nonOptional, models.fields(of: target) != nil else { return nil }
            return Edge(target: target, field: field)
        }
    }

    private static func report(_ path: [Visit], closingAt target: String, log: inout DiagnosticLog) {
        guard let first = path.first, first.next > 0 else { return }
        let names = path.map(\.model) + [target]
        let field = first.edges[first.next - 1].field
        log.error(
            "models contain themselves: " + names.joined(separator: " -> ")
                + "; a Swift struct cannot contain itself, not even through an optional. "
                + "Break the cycle with a list (such as [\(names[1])]) or by removing a field",
            at: field.name.location)
    }
}
