import CourierGenerator
import CourierSpec

/// The properties of an object schema with its `allOf` parts merged in.
struct ObjectParts {
    /// Properties in order (a later part's property replaces an earlier one of the same name, in place).
    var properties: [(key: String, node: DocumentNode)] = []
    /// Required property names.
    var required: Set<String> = []

    /// Adds a property, replacing one of the same name.
    mutating func add(_ key: String, _ node: DocumentNode) {
        if let index = properties.firstIndex(where: { $0.key == key }) {
            properties[index].node = node
        } else {
            properties.append((key, node))
        }
    }
}

extension SchemaConverter {
    /// The properties of `node` with every `allOf` part merged (following `$ref`s); a cycle of
    /// `allOf`s is an error at the `$ref` that closes it.
    func objectParts(_ node: DocumentNode) -> ObjectParts {
        var parts = ObjectParts()
        collect(node, into: &parts, chain: [node.id])
        return parts
    }

    private func collect(_ node: DocumentNode, into parts: inout ObjectParts, chain: [String]) {
        // `properties: { $ref: … }` (a file holding the properties) is not OpenAPI, but documents do it.
        let properties = node["properties"].flatMap { $0.isReference ? documents.deref($0) : $0 }
        for (key, _, property) in properties?.pairs ?? [] { parts.add(key, property) }
        for name in node["required"]?.items ?? [] { if let text = name.text { parts.required.insert(text) } }
        if let additional = node["additionalProperties"], additional.yaml.pairs != nil, node.has("properties") {
            log.approximation(
                "additionalProperties", additional,
                "additionalProperties with a schema next to properties: the extra keys are not kept (only the properties are fields)")
        }
        for part in node["allOf"]?.items ?? [] {
            var target = part
            var closed = false
            while let reference = target.reference {
                guard let next = documents.resolve(reference) else { closed = true; break }
                if let start = chain.firstIndex(of: next.id) {
                    let cycle = Array(chain[start...])
                    closed = true
                    // Each schema of the cycle meets it; one error (at the first `$ref` met) is enough.
                    guard reportedCycles.insert(cycle.sorted()).inserted else { break }
                    let names = (cycle + [next.id]).compactMap { id in id.split(separator: "#", maxSplits: 1).last.map { "#" + $0 } }
                    log.error(
                        "allOf cycle: '\(reference.text ?? "")' includes a schema that includes it (\(names.joined(separator: " -> ")))",
                        at: reference.location)
                    break
                }
                target = next
            }
            if closed { continue }
            scanKeywords(target)
            if SchemaReading.alternatives(target) != nil, !(SchemaReading.alternatives(target)?.0.allSatisfy(SchemaReading.constrainsOnly) ?? true) {
                log.approximation(
                    "allOf", part, "a oneOf/anyOf part of allOf cannot be merged into fields; its alternatives are left out")
                continue
            }
            if !SchemaReading.isObjectLike(target, documents: documents, depth: 0), !SchemaReading.constrainsOnly(target),
               !SchemaReading.isNullOnly(target, documents: documents) {
                log.approximation("allOf", part, "a part of allOf that is not an object is left out of the merged fields")
                continue
            }
            collect(target, into: &parts, chain: chain + [target.id])
        }
    }

    /// The fields of an object model named `name`.
    func objectFields(_ name: String, node: DocumentNode) -> [FieldDraft] {
        let parts = objectParts(node)
        var fields: [FieldDraft] = []
        for (key, property) in parts.properties {
            let schema = type(of: property, hint: [name + NameRegistry.typeName(key)])
            fields.append(field(key: key, schema: schema, required: parts.required.contains(key), source: property, model: name))
        }
        return Self.namingFields(fields)
    }

    /// One field: required or optional, nullable or not, a default when it fits, `format: date`.
    func field(key: String, schema: SchemaType, required: Bool, source: DocumentNode, model: String) -> FieldDraft {
        var type = schema.type
        var isRequired = required
        // Courier's language has no readOnly/writeOnly: each one met is reported with what was done.
        if schema.readOnly {
            log.approximation(
                "readOnly", source,
                isRequired
                    ? "required and readOnly: optional, since requests leave it out (Courier has no readOnly)"
                    : "readOnly has no Courier equivalent: an ordinary optional field, which requests send too when it is set")
            isRequired = false
        }
        if schema.writeOnly {
            log.approximation(
                "writeOnly", source,
                isRequired
                    ? "required and writeOnly: optional, since responses leave it out (Courier has no writeOnly)"
                    : "writeOnly has no Courier equivalent: an ordinary optional field, decoded from responses too when present")
            isRequired = false
        }
        let nullable = schema.nullable && type != .named("JSON")
        var format: String?
        if schema.dateOnly {
            // A format applies to a single date, nullable or not; dates in a list or map stay text.
            if type == .named("Date") {
                format = "date"
            } else {
                log.approximation("format", source, "dates (format: date) in \(type): String, as a date format applies to a single Date")
                type = Self.replacingDate(in: type)
            }
        }
        var fieldDefault: ValueDraft?
        if let node = schema.defaultNode {
            if nullable {
                log.approximation("default", node, "the default of a nullable field is left out (nullable fields take none)")
            } else if let value = defaultValue(node, for: type) {
                fieldDefault = value
            } else if !(node.yaml.isNull && !isRequired) {
                log.approximation("default", node, "the default \(Self.shown(node)) does not fit \(type); left out")
            }
        }
        var draft = FieldDraft(
            name: key, type: fieldDefault != nil || isRequired ? type : .optional(type), nullable: nullable,
            defaultValue: fieldDefault, format: format, docs: schema.docs)
        if draft.docs.isEmpty, schema.readOnly { draft.docs.summary = "Read-only: set by the server." }
        fieldSources[model + "." + key] = source
        return draft
    }

    /// Gives every field a name Courier accepts and no other field of the model shares once
    /// camel-cased; the JSON key moves to `key:` where the name differs (`+1` → `plus1`).
    static func namingFields(_ fields: [FieldDraft]) -> [FieldDraft] {
        var used = Set<String>()
        var named = fields
        for index in named.indices {
            let key = named[index].name
            let camel = SwiftName.lowerCamelCase(key)
            if SwiftName.becomesIdentifier(key), used.insert(camel).inserted { continue }
            var candidate = SwiftIdentifier.plain(SwiftIdentifier.enumCase(key))
            if NameRegistry.keywords.contains(candidate) { candidate += "Value" }
            if !SwiftName.becomesIdentifier(candidate) { candidate = "field" + candidate }
            var number = 2
            var chosen = candidate
            while used.contains(SwiftName.lowerCamelCase(chosen)) {
                chosen = candidate + String(number)
                number += 1
            }
            used.insert(SwiftName.lowerCamelCase(chosen))
            named[index].name = chosen
            named[index].key = key
        }
        return named
    }

    /// `Date` → `String` inside a type (`[Date]` → `[String]`).
    static func replacingDate(in type: TypeRef) -> TypeRef {
        switch type {
        case .named(let name): name == "Date" ? .named("String") : type
        case .optional(let inner): .optional(replacingDate(in: inner))
        case .array(let inner): .array(replacingDate(in: inner))
        case .dictionary(let inner): .dictionary(replacingDate(in: inner))
        }
    }

    /// A default value that fits `type` (scalars, enums and lists of them), or `nil`.
    func defaultValue(_ node: DocumentNode, for type: TypeRef) -> ValueDraft? {
        switch type {
        case .optional(let inner):
            return defaultValue(node, for: inner)
        case .array(let element):
            guard let items = node.items else { return nil }
            var values: [ValueDraft] = []
            for item in items {
                guard let value = defaultValue(item, for: element) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .dictionary:
            return nil
        case .named(let name):
            guard let scalar = node.yaml.scalar, !scalar.isNull else { return nil }
            let text = scalar.text
            switch name {
            case "String":
                return .scalar(text, isText: true)
            case "Int", "Int64":
                return scalar.isPlain && Int64(text) != nil ? .scalar(text, isText: false) : nil
            case "Int32":
                return scalar.isPlain && Int32(text) != nil ? .scalar(text, isText: false) : nil
            case "Double", "Float":
                return scalar.isPlain && SpecValueText.isNumber(text) && Double(text) != nil ? .scalar(text, isText: false) : nil
            case "Bool":
                return scalar.isPlain ? SpecValueText.bool(text).map { .scalar($0 ? "true" : "false", isText: false) } : nil
            case "UUID":
                return text.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] ? .scalar(text, isText: true) : nil
            case "URL":
                return text.contains(":") || text.hasPrefix("/") ? .scalar(text, isText: true) : nil
            default:
                guard let index = modelIndex[name], case .enumeration(let enumeration) = models[index].kind,
                      enumeration.cases.contains(where: { $0.value == text })
                else { return nil }
                return .scalar(text, isText: !enumeration.isInteger)
            }
        }
    }

    /// A value as shown in a message.
    static func shown(_ node: DocumentNode) -> String {
        if let text = node.text { return "'\(text)'" }
        return node.yaml.kindDescription
    }
}
