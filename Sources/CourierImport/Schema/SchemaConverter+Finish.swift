import CourierSpec

extension SchemaConverter {
    /// Final touches once every schema is converted: the case models of discriminated unions get
    /// their discriminator as a required `String` field, and cycles of required fields (which no
    /// value could end) are broken by making one field optional.
    func finish() {
        fixDiscriminatorFields()
        breakRequiredCycles()
    }

    private func fixDiscriminatorFields() {
        var done = Set<String>()
        for (model, property, source) in discriminatorFields where done.insert(model + "." + property).inserted {
            guard var fields = fields(of: model) else { continue }
            if let index = fields.firstIndex(where: { $0.wireKey == property }) {
                let field = fields[index]
                guard field.type != .named("String") || field.nullable || field.defaultValue != nil else { continue }
                let was = field.type.description + (field.nullable ? " (nullable)" : "")
                fields[index].type = .named("String")
                fields[index].nullable = false
                fields[index].defaultValue = nil
                fields[index].format = nil
                log.approximation(
                    "discriminator", fieldSources[model + "." + property] ?? source,
                    "'\(property)' of \(model) is a union's discriminator: a required String (was \(was))")
            } else {
                fields.insert(FieldDraft(name: property, type: .named("String")), at: 0)
                fields = Self.namingFields(fields)
                log.approximation(
                    "discriminator", source,
                    "\(model) has no '\(property)' property, which a union discriminates by; added as a String field")
            }
            setFields(model, fields)
        }
    }

    /// Finds a cycle of models holding each other through required, non-nullable fields (as the
    /// validator does) and makes its closing field optional, until there is none.
    private func breakRequiredCycles() {
        while let (model, fieldIndex, path) = firstRequiredCycle() {
            guard var fields = fields(of: model) else { return }
            let field = fields[fieldIndex]
            fields[fieldIndex].type = .optional(field.type)
            setFields(model, fields)
            if let source = fieldSources[model + "." + field.wireKey] {
                log.approximation(
                    "cycle", source,
                    "required fields contain each other (\(path.joined(separator: " -> "))), which no value could end; "
                        + "'\(field.wireKey)' of \(model) made optional")
            }
        }
    }

    private func firstRequiredCycle() -> (model: String, field: Int, path: [String])? {
        var finished = Set<String>()
        for start in models.map(\.name) where !finished.contains(start) {
            var stack: [(model: String, edges: [(target: String, field: Int)], next: Int)] = [(start, edges(of: start), 0)]
            var onStack: [String: Int] = [start: 0]
            while let top = stack.last {
                guard top.next < top.edges.count else {
                    finished.insert(top.model)
                    onStack[top.model] = nil
                    stack.removeLast()
                    continue
                }
                let edge = top.edges[top.next]
                stack[stack.count - 1].next += 1
                if let position = onStack[edge.target] {
                    let path = stack[position...].map(\.model) + [edge.target]
                    return (top.model, edge.field, path)
                }
                if !finished.contains(edge.target) {
                    onStack[edge.target] = stack.count
                    stack.append((edge.target, edges(of: edge.target), 0))
                }
            }
        }
        return nil
    }

    private func edges(of model: String) -> [(target: String, field: Int)] {
        guard let fields = fields(of: model) else { return [] }
        return fields.enumerated().compactMap { index, field in
            guard !field.nullable, case .named(let target) = field.type, self.fields(of: target) != nil
            else { return nil }
            return (target, index)
        }
    }
}
