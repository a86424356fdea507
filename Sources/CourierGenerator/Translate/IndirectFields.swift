import CourierSpec

/// Decides which fields are stored indirectly (`@Indirect`): optional fields (or `nullable` ones)
/// whose model leads back, by value, to the model holding them (`parent: Team?` in `Team`,
/// `templateRepository: Repository?`). A Swift struct cannot contain itself inline; the box
/// breaks the cycle while the property keeps its type. Cycles through required fields only are
/// rejected by validation: no value of them could be finite.
enum IndirectFields {
    /// `Model.field` keys of the fields to box.
    ///
    /// A field of `A` holding `B` leads back to `A` exactly when `A` and `B` are in the same
    /// strongly connected component of the "holds by value" graph, so the components are found
    /// once (Tarjan's algorithm), linear in models and fields. Asking each field's target what it
    /// reaches was quadratic: seconds for a chain of a few thousand models.
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
        let component = components(edges.mapValues { $0.map(\.target).filter { edges[$0] != nil } })
        var result = Set<String>()
        for (model, modelEdges) in edges {
            for edge in modelEdges where edge.field.type.value.isOptional || edge.field.nullable {
                guard let target = component[edge.target], target == component[model] else { continue }
                result.insert(model + "." + edge.field.name.value)
            }
        }
        return result
    }

    /// The strongly connected component of every node of `graph` (a number shared by the nodes
    /// of one component). Tarjan's algorithm with an explicit stack: a chain of thousands of
    /// models would overflow the call stack of a recursive walk.
    static func components(_ graph: [String: [String]]) -> [String: Int] {
        /// A node being visited, and how many of its successors were looked at.
        struct Frame {
            var node: String
            var next = 0
        }
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack = Set<String>()
        var stack: [String] = []
        var component: [String: Int] = [:]
        var componentCount = 0
        for root in graph.keys.sorted() where index[root] == nil {
            var frames = [Frame(node: root)]
            index[root] = index.count
            lowLink[root] = index[root]
            stack.append(root)
            onStack.insert(root)
            while let frame = frames.last {
                let successors = graph[frame.node] ?? []
                if frame.next < successors.count {
                    frames[frames.count - 1].next += 1
                    let successor = successors[frame.next]
                    if let seen = index[successor] {
                        if onStack.contains(successor) { lowLink[frame.node] = min(lowLink[frame.node] ?? seen, seen) }
                    } else {
                        index[successor] = index.count
                        lowLink[successor] = index[successor]
                        stack.append(successor)
                        onStack.insert(successor)
                        frames.append(Frame(node: successor))
                    }
                    continue
                }
                frames.removeLast()
                let low = lowLink[frame.node] ?? 0
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node] ?? low, low)
                }
                guard low == index[frame.node] else { continue }
                // The node roots a component: everything above it on the stack belongs to it.
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component[member] = componentCount
                    if member == frame.node { break }
                }
                componentCount += 1
            }
        }
        return component
    }
}
