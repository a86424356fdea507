import CourierSpec

/// Tells whether two schemas could both accept one value: whether an `anyOf` read as `oneOf`
/// (the first case that decodes) changes what the document means.
///
/// It looks at what decides a value's kind: the JSON types (`number` includes `integer`),
/// `enum`/`const` values, and for objects the properties one schema requires that the other
/// defines with a value the first cannot take (`kind: { const: cat }` against `kind: { const: dog }`),
/// or does not allow at all (`additionalProperties: false`). `null` is left out: nullability is
/// kept apart from the union. Anything it cannot decide counts as overlapping.
struct SchemaOverlap {
    /// The document's files, to follow `$ref`s.
    let documents: DocumentSet

    /// How deep properties of properties are compared before answering "may overlap".
    static let maximumDepth = 6

    /// Whether some value other than `null` could be valid against both `first` and `second`.
    func canOverlap(_ first: DocumentNode, _ second: DocumentNode, depth: Int = 0) -> Bool {
        guard depth < Self.maximumDepth, let left = resolved(first), let right = resolved(second) else { return true }
        let shared: Set<String>
        switch (jsonTypes(left, depth: depth), jsonTypes(right, depth: depth)) {
        case (nil, nil): return true
        case (let types?, nil), (nil, let types?): shared = types
        case (let leftTypes?, let rightTypes?): shared = leftTypes.intersection(rightTypes)
        }
        guard !shared.isEmpty else { return false }
        if let leftValues = values(left), let rightValues = values(right), leftValues.isDisjoint(with: rightValues) {
            return false
        }
        if shared == ["object"] { return objectsCanOverlap(left, right, depth: depth) }
        return true
    }

    /// The schema a node is, following `$ref`s silently (a broken one is reported where it is converted).
    private func resolved(_ node: DocumentNode) -> DocumentNode? {
        node.isReference ? documents.deref(node) : node
    }

    /// The JSON types a schema admits besides `null` (`integer` listed with `number`); `nil` when
    /// it does not say.
    func jsonTypes(_ schema: DocumentNode, depth: Int) -> Set<String>? {
        if let scalar = schema.yaml.scalar, scalar.isPlain {
            return scalar.text == "false" ? [] : nil
        }
        guard depth < Self.maximumDepth, schema.yaml.pairs != nil else { return nil }
        var types: Set<String>? = nil
        func narrow(_ more: Set<String>?) {
            guard let more else { return }
            types = types.map { $0.intersection(more) } ?? more
        }
        let declared = SchemaReading.nonNullTypes(schema)
        if !declared.isEmpty {
            narrow(Self.widened(Set(declared)))
        } else if SchemaReading.types(schema).contains("null") {
            narrow([])
        } else if let enumValues = schema["enum"]?.items {
            narrow(Set(enumValues.compactMap(Self.valueType)))
        } else if let constant = schema["const"] {
            narrow(Self.valueType(constant).map { [$0] } ?? [])
        } else if schema.has("properties") || schema.has("additionalProperties") {
            narrow(["object"])
        } else if schema.has("items") {
            narrow(["array"])
        } else if let format = schema.string("format") {
            narrow(["int32", "int64"].contains(format) ? ["integer"] : ["float", "double"].contains(format) ? ["number", "integer"] : ["string"])
        }
        for part in schema["allOf"]?.items ?? [] {
            guard let target = resolved(part) else { continue }
            narrow(jsonTypes(target, depth: depth + 1))
        }
        if let (alternatives, _) = SchemaReading.alternatives(schema) {
            var union: Set<String> = []
            var known = true
            for alternative in alternatives {
                guard let target = resolved(alternative), let types = jsonTypes(target, depth: depth + 1) else {
                    known = false
                    break
                }
                union.formUnion(types)
            }
            if known { narrow(union) }
        }
        return types
    }

    /// `number` admits integers too.
    private static func widened(_ types: Set<String>) -> Set<String> {
        types.contains("number") ? types.union(["integer"]) : types
    }

    /// The JSON type of a value written in an `enum` or `const`; `nil` for `null`.
    private static func valueType(_ value: DocumentNode) -> String? {
        if value.yaml.pairs != nil { return "object" }
        if value.yaml.items != nil { return "array" }
        guard let scalar = value.yaml.scalar, !scalar.isNull else { return nil }
        guard scalar.isPlain else { return "string" }
        if SpecValueText.isInteger(scalar.text) { return "integer" }
        if SpecValueText.isNumber(scalar.text) { return "number" }
        if SpecValueText.bool(scalar.text) != nil { return "boolean" }
        return "string"
    }

    /// The scalar values a schema allows (`enum`, `const`), as text; `nil` when it allows any.
    private func values(_ schema: DocumentNode) -> Set<String>? {
        if let items = schema["enum"]?.items {
            return Set(items.filter { !$0.yaml.isNull }.compactMap(\.text))
        }
        if let constant = schema["const"], let text = constant.text { return [text] }
        return nil
    }

    /// Whether two object schemas could both accept one object: no property that one requires is
    /// defined by the other with values the first cannot take, or refused by the other's
    /// `additionalProperties: false`.
    private func objectsCanOverlap(_ left: DocumentNode, _ right: DocumentNode, depth: Int) -> Bool {
        let first = objectKeys(left, depth: depth)
        let second = objectKeys(right, depth: depth)
        for (required, other) in [(first, second), (second, first)] {
            for key in required.required {
                if let own = required.properties[key], let theirs = other.properties[key] {
                    if !canOverlap(own, theirs, depth: depth + 1) { return false }
                } else if other.properties[key] == nil, other.closed {
                    return false
                }
            }
        }
        return true
    }

    /// The properties (by key), the required keys and whether other keys are refused, of an object
    /// schema with its `allOf` parts.
    private func objectKeys(_ schema: DocumentNode, depth: Int) -> (properties: [String: DocumentNode], required: Set<String>, closed: Bool) {
        var properties: [String: DocumentNode] = [:]
        var required: Set<String> = []
        var closed = false
        var queue = [(schema, depth)]
        var seen = Set<String>()
        while let (node, level) = queue.popLast() {
            guard level < Self.maximumDepth, let node = resolved(node), seen.insert(node.id).inserted else { continue }
            for (key, _, property) in node["properties"]?.pairs ?? [] where properties[key] == nil { properties[key] = property }
            for name in node["required"]?.items ?? [] { if let text = name.text { required.insert(text) } }
            if node.bool("additionalProperties") == false, node.id == schema.id { closed = true }
            for part in node["allOf"]?.items ?? [] { queue.append((part, level + 1)) }
        }
        return (properties, required, closed)
    }
}
