/// Finds models that contain themselves through required fields (`Pet -> Owner -> Pet`): no
/// value of them can be finite, so no representation is possible.
///
/// A cycle through an optional field (`parent: Team?`, or a `nullable` one) is fine: the
/// generator stores that field indirectly (`@Indirect`). `[B]` and `[String: B]` store their
/// elements on the heap and so break a cycle too.
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
            guard !field.type.value.isOptional, !field.nullable, case .named(let target) = field.type.value,
                  models.fields(of: target) != nil
            else { return nil }
            return Edge(target: target, field: field)
        }
    }

    private static func report(_ path: [Visit], closingAt target: String, log: inout DiagnosticLog) {
        guard let first = path.first, first.next > 0 else { return }
        let names = path.map(\.model) + [target]
        let field = first.edges[first.next - 1].field
        log.error(
            "models contain themselves through required fields: " + names.joined(separator: " -> ")
                + "; a value of \(names[0]) would never end. Make one of these fields optional "
                + "(such as `\(field.name.value): \(names[1])?`, stored indirectly) or a list (such as [\(names[1])])",
            at: field.name.location)
    }
}
