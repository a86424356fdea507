import CourierSpec

/// Decides which fields are stored indirectly (`@Indirect`): optional fields (or `nullable` ones)
/// whose model leads back, by value, to the model holding them (`parent: Team?` in `Team`,
/// `templateRepository: Repository?`). A Swift struct cannot contain itself inline; the box
/// breaks the cycle while the property keeps its type. Cycles through required fields only are
/// rejected by validation: no value of them could be finite.
enum IndirectFields {
    /// `Model.field` keys of the fields to box.
    static func compute(_ specs: [Spec]) -> Set<String> {
        var edges: [String: [(field: Field, target: String)]] = [:]
        var seenModels = Set<String>()
        for model in specs.flatMap(\.models) where seenModels.insert(model.name.value).inserted {
            guard case .object(let fields) = model.kind else { continue }
            edges[model.name.value] = fields.compactMap { field in
                guard case .named(let target) = field.type.value.nonOptional else { return nil }
                return (field, target)
            }
        }
        var reachable: [String: Set<String>] = [:]
        var result = Set<String>()
        for model in edges.keys.sorted() {
            for edge in edges[model] ?? [] where edge.field.type.value.isOptional || edge.field.nullable {
                guard edges[edge.target] != nil else { continue }
                if reachable[edge.target] == nil { reachable[edge.target] = reach(from: edge.target, edges: edges) }
                if reachable[edge.target]?.contains(model) == true { result.insert(model + "." + edge.field.name.value) }
            }
        }
        return result
    }

    /// Every model `start` holds by value, directly or further down (itself included).
    private static func reach(from start: String, edges: [String: [(field: Field, target: String)]]) -> Set<String> {
        var seen: Set<String> = [start]
        var pending = [start]
        while let model = pending.popLast() {
            for edge in edges[model] ?? [] where edges[edge.target] != nil && seen.insert(edge.target).inserted {
                pending.append(edge.target)
            }
        }
        return seen
    }
}
