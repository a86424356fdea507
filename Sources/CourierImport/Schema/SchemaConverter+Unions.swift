import CourierGenerator
import CourierSpec

extension SchemaConverter {
    /// A union from `oneOf`/`anyOf`: one case per alternative, told apart by the discriminator
    /// (with its mapping, or each case's single `enum`/`const` value of the field, or the schema
    /// names) when there is one, else tried in order.
    func unionModel(_ name: String, node: DocumentNode, alternatives: [DocumentNode], isAnyOf: Bool) -> UnionDraft {
        struct Candidate {
            var type: TypeRef
            var source: DocumentNode
            var target: DocumentNode?
        }
        var candidates: [Candidate] = []
        var seenTypes = Set<TypeRef>()
        for (index, alternative) in alternatives.enumerated() {
            let target = alternative.isReference ? alternative.reference.flatMap { documents.resolve($0) } : nil
            let hint = caseHint(union: name, alternative: target ?? alternative, index: index, discriminator: discriminatorName(node))
            let schema = type(of: alternative, hint: [hint])
            var type = schema.type
            if schema.dateOnly { type = Self.replacingDate(in: type) }
            if type == .named(name) {
                log.approximation("union", alternative, "a case that is the union itself would never finish decoding; left out")
                continue
            }
            guard seenTypes.insert(type).inserted else {
                log.approximation("union", alternative, "a second case holding \(type) could never be decoded; left out")
                continue
            }
            candidates.append(Candidate(type: type, source: alternative, target: target))
        }
        if let discriminator = node["discriminator"], let property = discriminator.string("propertyName") {
            var values: [String] = []
            var problem: String?
            for candidate in candidates {
                guard case .named(let model) = candidate.type, isObjectModel(model) else {
                    problem = "its case \(candidate.type) is not an object model"
                    break
                }
                guard let value = discriminatorValue(for: candidate.target ?? candidate.source, property: property, mapping: discriminator["mapping"])
                else {
                    problem = "no value of '\(property)' is known for case \(model) (no mapping entry, no single enum value)"
                    break
                }
                values.append(value)
            }
            if problem == nil {
                var caseNames = Set<String>()
                for value in values where !caseNames.insert(SwiftName.caseName(ofValue: value)).inserted || SwiftName.caseName(ofValue: value).isEmpty {
                    problem = "the value '\(value)' does not make a case name of its own"
                }
            }
            if let problem {
                log.approximation("discriminator", discriminator, "discriminator '\(property)' dropped: \(problem); the cases are tried in order")
            } else {
                for (candidate, _) in zip(candidates, values) {
                    if case .named(let model) = candidate.type {
                        discriminatorFields.append((model, property, candidate.source))
                    }
                }
                return UnionDraft(discriminator: property, cases: zip(values, candidates).map { ($0, $1.type) })
            }
        }
        if isAnyOf { noteOverlappingCases(candidates.map { ($0.type, $0.target ?? $0.source) }, of: node) }
        var used = Set<String>()
        var cases: [(value: String, type: TypeRef)] = []
        for candidate in candidates {
            let base = Self.caseKey(candidate.type)
            var key = base
            var number = 2
            while !used.insert(SwiftName.caseName(ofValue: key)).inserted {
                key = base + String(number)
                number += 1
            }
            cases.append((key, candidate.type))
        }
        if cases.isEmpty { cases = [("json", .named("JSON"))] }
        return UnionDraft(discriminator: nil, cases: cases)
    }

    /// Reports an `anyOf` read as `oneOf` when that changes its meaning: when two of its cases
    /// could both accept one value (which `anyOf` allows, and the first case that decodes then
    /// takes alone). Cases told apart by their JSON types, values or a required property are exclusive.
    private func noteOverlappingCases(_ cases: [(type: TypeRef, schema: DocumentNode)], of node: DocumentNode) {
        let overlap = SchemaOverlap(documents: documents)
        for (index, first) in cases.enumerated() {
            for second in cases[(index + 1)...] where overlap.canOverlap(first.schema, second.schema) {
                log.approximation(
                    "anyOf", node["anyOf"] ?? node,
                    "anyOf read as oneOf: a value that fits both \(first.type) and \(second.type) decodes as the first case "
                        + "that fits (\(first.type)) only")
                return
            }
        }
    }

    /// A union for a 3.1 type list such as `[string, integer]`: one case per type.
    func multiTypeUnion(_ name: String, node: DocumentNode, types: [String]) -> UnionDraft {
        var cases: [(value: String, type: TypeRef)] = []
        for type in types {
            let caseType: TypeRef
            switch type {
            case "array":
                caseType = .array(node["items"].map { self.type(of: $0, hint: [name + "Item"]).type } ?? .named("JSON"))
            case "object":
                caseType = .dictionary(.named("JSON"))
            default:
                caseType = scalarType(type, node).type
            }
            guard !cases.contains(where: { $0.type == caseType }) else { continue }
            cases.append((Self.caseKey(caseType), caseType))
        }
        return UnionDraft(discriminator: nil, cases: cases)
    }

    /// The discriminator value of one case: its mapping key, else the single `enum` or `const`
    /// value of the property in its schema, else its schema name (OpenAPI's default).
    private func discriminatorValue(for alternative: DocumentNode, property: String, mapping: DocumentNode?) -> String? {
        for (key, _, value) in mapping?.pairs ?? [] {
            guard let text = value.text else { continue }
            let reference = text.contains("/") || text.contains("#") ? text : "#/components/schemas/" + text
            if let target = resolveMapping(reference, from: value), target.id == alternative.id { return key }
        }
        if let schema = documents.deref(alternative) {
            let parts = objectParts(schema)
            if let propertyNode = parts.properties.first(where: { $0.key == property })?.node,
               let propertySchema = documents.deref(propertyNode) {
                if let values = propertySchema["enum"]?.items, values.count == 1, let text = values[0].text { return text }
                if let text = propertySchema.string("const") { return text }
            }
        }
        guard alternative.pointer.hasPrefix("/components/schemas/") || alternative.pointer.isEmpty else { return nil }
        return referenceName(alternative)
    }

    /// Resolves a mapping value as if it were a `$ref` written at `node`.
    private func resolveMapping(_ reference: String, from node: DocumentNode) -> DocumentNode? {
        documents.resolve(text: reference, inFile: node.file, at: node.location)
    }

    private func discriminatorName(_ node: DocumentNode) -> String? {
        node["discriminator"]?.string("propertyName")
    }

    /// A name for the model of an inline alternative: the union's name and the alternative's
    /// discriminator value or title, else its position (`OneOfAnyOption4`).
    private func caseHint(union: String, alternative: DocumentNode, index: Int, discriminator: String?) -> String {
        if let title = alternative.string("title") { return union + NameRegistry.typeName(title) }
        if let discriminator, let values = alternative["properties"]?[discriminator]?["enum"]?.items, values.count == 1,
           let text = values[0].text {
            return union + NameRegistry.typeName(text)
        }
        return union + "Option" + String(index + 1)
    }

    /// The case key of a union case without a discriminator, from its type: `pet`, `string`,
    /// `dateList`, `jsonMap`.
    static func caseKey(_ type: TypeRef) -> String {
        switch type {
        case .named(let name):
            let builtins = [
                "String": "string", "Int": "int", "Int32": "int32", "Int64": "int64", "Double": "double", "Float": "float",
                "Bool": "bool", "Date": "date", "URL": "url", "UUID": "uuid", "Data": "data", "JSON": "json",
            ]
            return builtins[name] ?? NameRegistry.memberName(name)
        case .optional(let inner): return caseKey(inner)
        case .array(let element): return caseKey(element) + "List"
        case .dictionary(let value): return caseKey(value) + "Map"
        }
    }

    // MARK: Enums

    /// The type of an inline `enum`: a model named from `hint`, shared with an earlier inline enum
    /// of the same name and values.
    func enumerationType(_ node: DocumentNode, hint: [String]) -> SchemaType {
        let draft = enumeration(node)
        let signature = (draft.isInteger ? ["#int"] : []) + draft.cases.map(\.value)
        let preferred = NameRegistry.typeName(hint.first ?? "Enum")
        if let existing = inlineEnums[preferred], existing == signature { return SchemaType(type: .named(preferred)) }
        let name = reserveModel(candidates: hint.isEmpty ? ["Enum"] : hint, shape: .enumeration)
        if inlineEnums[name] == nil { inlineEnums[name] = signature }
        setModel(name, kind: .enumeration(draft), docs: DocDraft.from(description: node.string("description")))
        var result = SchemaType(type: .named(name))
        result.docs = DocDraft()
        return result
    }

    /// The cases of a string or integer `enum`, each named where its value makes no name Courier
    /// accepts or another value makes the same one.
    func enumeration(_ node: DocumentNode) -> EnumDraft {
        let values = (node["enum"]?.items ?? []).filter { !$0.yaml.isNull }
        let types = SchemaReading.nonNullTypes(node)
        let isInteger = (types == ["integer"] || types.isEmpty)
            && values.allSatisfy { $0.yaml.scalar?.isPlain == true && SpecValueText.isInteger($0.yaml.scalar?.text ?? "") }
        var used = Set<String>()
        var seenValues = Set<String>()
        var cases: [(value: String, name: String?)] = []
        for (index, value) in values.enumerated() {
            guard let text = value.text, seenValues.insert(text).inserted else { continue }
            let automatic = SwiftName.caseName(ofValue: text)
            let generated = SwiftIdentifier.plain(SwiftIdentifier.enumCase(text))
            if !automatic.isEmpty, generated != "none", used.insert(automatic).inserted {
                cases.append((text, nil))
                continue
            }
            var base = automatic.isEmpty ? Self.symbolName(text, index: index) : automatic
            if generated == "none" { base = "noneValue" }
            var name = base
            var number = 2
            while !used.insert(SwiftName.lowerCamelCase(name)).inserted {
                name = base + String(number)
                number += 1
            }
            cases.append((text, name))
        }
        return EnumDraft(isInteger: isInteger, cases: cases)
    }

    /// A case name for a value without letters or digits.
    static func symbolName(_ value: String, index: Int) -> String {
        let names: [String: String] = [
            "": "empty", "+": "plus", "-": "minus", "*": "asterisk", "/": "slash", ".": "dot", "_": "underscore",
            "=": "equals", "<": "lessThan", ">": "greaterThan", "<=": "lessThanOrEqual", ">=": "greaterThanOrEqual",
            "!=": "notEqual", "==": "equal", "?": "questionMark", "!": "exclamationMark", "#": "hash", "@": "at", "&": "and",
            "|": "or", "~": "tilde", "%": "percent", "$": "dollar", " ": "space",
        ]
        return names[value] ?? "value\(index + 1)"
    }
}
