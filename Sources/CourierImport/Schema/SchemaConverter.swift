import CourierSpec

/// What a schema becomes where it is used: a Courier type and what goes with it.
struct SchemaType {
    /// The type, never optional at the top (optionality is the user's: required or not).
    var type: TypeRef
    /// `null` is a value of its own.
    var nullable = false
    /// The type holds `Date`s that travel as days (`format: date`).
    var dateOnly = false
    /// Documentation from the schema (or the `$ref`'s own `description`).
    var docs = DocDraft()
    /// The `default`, if any.
    var defaultNode: DocumentNode?
    /// `readOnly: true`.
    var readOnly = false
    /// `writeOnly: true`.
    var writeOnly = false
    /// A `string` of binary content (`format: binary`): a file part in multipart bodies.
    var isBinary = false

    /// Any JSON value.
    static let json = SchemaType(type: .named("JSON"))
}

/// Turns OpenAPI schemas into Courier types and models: named schemas (`components/schemas`,
/// and whatever `$ref`s reach in other files) become models named after them, inline objects,
/// enums and unions become models named after where they are.
final class SchemaConverter {
    /// The document's files.
    let documents: DocumentSet
    /// The log.
    var log: ImportLog { documents.log }
    /// Model names handed out so far.
    var names: NameRegistry
    /// The models, in the order they were first met (a model before the models it holds).
    private(set) var models: [ModelDraft] = []
    /// Where each model is in ``models``.
    private(set) var modelIndex: [String: Int] = [:]
    /// What each model is (known before its fields are converted, for recursion).
    private(set) var modelShapes: [String: SchemaShape] = [:]
    /// The schema each field came from, by `Model.wireKey`, for reports about fields.
    var fieldSources: [String: DocumentNode] = [:]
    /// Discriminated unions' case models and the field each must have as a `String`.
    var discriminatorFields: [(model: String, field: String, source: DocumentNode)] = []
    /// Named schemas already converted, by `file#pointer`.
    private var named: [String: SchemaType] = [:]
    /// Named schemas being converted (to catch recursion through arrays and aliases).
    private var converting: Set<String> = []
    /// Schemas whose keywords were already looked at.
    private var scanned: Set<String> = []
    /// Cycles through `allOf` already reported, as their sorted schema ids.
    var reportedCycles = Set<[String]>()
    /// The models of `components/schemas`, kept even when nothing refers to them.
    private var declaredModels = Set<String>()
    /// Inline enum models by name, with their values, to share one model between equal enums.
    var inlineEnums: [String: [String]] = [:]
    /// The models of named schemas (a `$ref`'s target); the others are inline and may be merged
    /// into an identical model (see ``shareIdenticalModels()``).
    private(set) var namedModels = Set<String>()

    /// Prepares to convert schemas of `documents`; `reservedNames` are names models must not take
    /// (the service namespaces).
    init(documents: DocumentSet, reservedNames: Set<String>) {
        self.documents = documents
        self.names = NameRegistry(extra: reservedNames)
    }

    // MARK: Types

    /// The type of the schema at `node`; `hint` lists names for a model it may need, best first.
    func type(of node: DocumentNode, hint: [String]) -> SchemaType {
        guard node.yaml.pairs != nil else {
            if let scalar = node.yaml.scalar, scalar.isPlain, scalar.text == "true" || scalar.text == "false" {
                return .json  // 3.1 boolean schemas: `true` is anything; `false` nothing (not worth a type).
            }
            log.approximation("schema", node, "a schema must be a mapping, found \(node.yaml.kindDescription); read as any JSON")
            return .json
        }
        if let reference = node.reference {
            guard let target = documents.resolve(reference) else { return .json }
            var result = namedType(target, hint: hint)
            applySiblings(of: node, to: &result)
            return result
        }
        scanKeywords(node)
        var result = convert(node, shape: SchemaReading.shape(node, documents: documents), hint: hint)
        applySiblings(of: node, to: &result)
        return result
    }

    /// Converts a named schema (an entry of `components/schemas`) as if a `$ref` pointed at it,
    /// so that it becomes a model of its name (when it is an object, an enum or a union) even if
    /// no operation uses it.
    func declare(_ schema: DocumentNode) {
        if case .named(let name) = namedType(schema, hint: []).type, modelIndex[name] != nil { declaredModels.insert(name) }
    }

    /// Removes models nothing refers to (enums a discriminator replaced with `String`, say),
    /// except the document's own `components/schemas`; `used` are the names endpoints and
    /// `errors:` refer to.
    func prune(keeping used: Set<String>) {
        var referenced = used.union(declaredModels)
        var queue = Array(referenced)
        while let name = queue.popLast() {
            guard let index = modelIndex[name] else { continue }
            for next in Self.names(in: models[index]) where referenced.insert(next).inserted { queue.append(next) }
        }
        let kept = models.filter { referenced.contains($0.name) }
        guard kept.count != models.count else { return }
        replaceModels(kept)
    }

    /// Replaces the models (some left out, types renamed), keeping their order.
    func replaceModels(_ kept: [ModelDraft]) {
        models = kept
        modelIndex = Dictionary(uniqueKeysWithValues: models.enumerated().map { ($1.name, $0) })
    }

    /// The type names a model mentions.
    static func names(in model: ModelDraft) -> [String] {
        switch model.kind {
        case .object(let fields): fields.flatMap(\.type.names)
        case .union(let union): union.cases.flatMap(\.type.names)
        case .enumeration: []
        }
    }

    /// The shape of a schema, following `$ref`s; `nil` when a reference is broken.
    func shape(of node: DocumentNode) -> SchemaShape? {
        guard let schema = documents.deref(node) else { return nil }
        return SchemaReading.shape(schema, documents: documents)
    }

    /// Documentation, `nullable`, `default`, `readOnly`, `writeOnly` and `deprecated` written on
    /// the schema itself (next to a `$ref` too: 3.1 allows it, and 3.0 documents do it anyway).
    private func applySiblings(of node: DocumentNode, to result: inout SchemaType) {
        let description = node.string("description")
        let deprecated = node.bool("deprecated") == true
        if description != nil || deprecated {
            let own = DocDraft.from(description: description, deprecated: deprecated)
            if description != nil { result.docs = own }
            result.docs.deprecated = result.docs.deprecated || deprecated
        }
        if SchemaReading.allowsNull(node) { result.nullable = true }
        if let value = node["default"] { result.defaultNode = value }
        if node.bool("readOnly") == true { result.readOnly = true }
        if node.bool("writeOnly") == true { result.writeOnly = true }
    }

    /// The type of a schema a `$ref` points at: a model named after it when it is an object, an
    /// enum or a union; else its type (`DOB: { type: string, format: date }` is a `Date`).
    private func namedType(_ target: DocumentNode, hint: [String]) -> SchemaType {
        if let known = named[target.id] { return known }
        let base = referenceName(target)
        guard target.yaml.pairs != nil, !target.isReference else {
            guard converting.insert(target.id).inserted else {
                log.error("`$ref` cycle: '\(log.pointerText(target))' refers to itself without reaching a schema", at: target.location)
                return .json
            }
            let result = type(of: target, hint: [base] + hint)
            converting.remove(target.id)
            named[target.id] = result
            return result
        }
        scanKeywords(target)
        let shape = SchemaReading.shape(target, documents: documents)
        guard shape.isModel else {
            guard converting.insert(target.id).inserted else {
                log.approximation(
                    "cycle", target, "a type that contains itself without an object around it (an array of itself); read as any JSON")
                return .json
            }
            var result = convert(target, shape: shape, hint: [base] + hint)
            applySiblings(of: target, to: &result)
            converting.remove(target.id)
            // A field of this type takes the schema's documentation (`region: { $ref: region_slug.yml }`),
            // unless the field has its own.
            named[target.id] = result
            return result
        }
        let name = reserveModel(candidates: modelCandidates(for: target, base: base), shape: shape)
        namedModels.insert(name)
        var placeholder = SchemaType(type: .named(name))
        placeholder.nullable = SchemaReading.allowsNull(target)
        named[target.id] = placeholder
        buildModel(name, node: target, shape: shape)
        return placeholder
    }

    /// A type for a schema of a known shape (not a `$ref`).
    private func convert(_ node: DocumentNode, shape: SchemaShape, hint: [String]) -> SchemaType {
        switch shape {
        case .alias(let inner):
            var result = type(of: inner, hint: hint)
            if let (alternatives, _) = SchemaReading.alternatives(node),
               alternatives.contains(where: { SchemaReading.isNullOnly($0, documents: documents) }) {
                result.nullable = true
            }
            return result
        case .object, .union, .multiType:
            let name = reserveModel(candidates: hint.isEmpty ? ["Model"] : hint, shape: shape)
            buildModel(name, node: node, shape: shape)
            return SchemaType(type: .named(name))
        case .enumeration:
            return enumerationType(node, hint: hint)
        case .dictionary(let additional):
            guard let additional else { return SchemaType(type: .dictionary(.named("JSON"))) }
            let value = type(of: additional, hint: hint.map { $0 + "Value" })
            var result = SchemaType(type: .dictionary(value.nullable ? .optional(value.type) : value.type))
            result.dateOnly = value.dateOnly
            return result
        case .array(let items):
            guard let items else { return SchemaType(type: .array(.named("JSON"))) }
            if items.yaml.items != nil {
                log.approximation("keyword", items, "tuple `items` (a list of schemas): read as a list of any JSON")
                return SchemaType(type: .array(.named("JSON")))
            }
            let element = type(of: items, hint: hint.map { $0 + "Item" })
            var result = SchemaType(type: .array(element.nullable && element.type != .named("JSON") ? .optional(element.type) : element.type))
            result.dateOnly = element.dateOnly
            return result
        case .scalar(let type):
            if node.has("enum") {
                log.approximation("enum", node["enum"] ?? node, "an enum of \(type) values: \(scalarType(type, node).type) without its cases")
            }
            return scalarType(type, node)
        case .any:
            return .json
        }
    }

    /// `string` + `format` → `String`, `Date`, `Data`, `UUID`, `URL`; `integer` → `Int`/`Int32`/`Int64`;
    /// `number` → `Double`/`Float`; `boolean` → `Bool`.
    func scalarType(_ type: String, _ node: DocumentNode) -> SchemaType {
        let format = node.string("format")
        switch type {
        case "string":
            let encoding = node.string("contentEncoding")
            switch format {
            case "date-time": return SchemaType(type: .named("Date"))
            case "date":
                var result = SchemaType(type: .named("Date"))
                result.dateOnly = true
                return result
            case "byte": return SchemaType(type: .named("Data"))
            case "binary":
                var result = SchemaType(type: .named("Data"))
                result.isBinary = true
                return result
            case "uuid": return SchemaType(type: .named("UUID"))
            case "uri", "url": return SchemaType(type: .named("URL"))
            default:
                if encoding == "base64" { return SchemaType(type: .named("Data")) }
                if encoding == "binary" || (encoding == nil && node.has("contentMediaType")) {
                    var result = SchemaType(type: .named("Data"))
                    result.isBinary = true
                    return result
                }
                return SchemaType(type: .named("String"))
            }
        case "integer":
            switch format {
            case "int32": return SchemaType(type: .named("Int32"))
            case "int64": return SchemaType(type: .named("Int64"))
            default: return SchemaType(type: .named("Int"))
            }
        case "number":
            return SchemaType(type: .named(format == "float" ? "Float" : "Double"))
        case "boolean":
            return SchemaType(type: .named("Bool"))
        default:
            return .json
        }
    }

    // MARK: Models

    /// Claims a name and a place in ``models`` for a model of `shape`, before its fields are
    /// converted (so that a model comes before the models it holds, and recursion finds it).
    func reserveModel(candidates: [String], shape: SchemaShape) -> String {
        let name = names.claim(candidates)
        modelIndex[name] = models.count
        modelShapes[name] = shape
        models.append(ModelDraft(name: name, kind: .object([])))
        return name
    }

    /// Replaces a reserved model's kind and documentation.
    func setModel(_ name: String, kind: ModelDraft.Kind, docs: DocDraft) {
        guard let index = modelIndex[name] else { return }
        models[index].kind = kind
        models[index].docs = docs
    }

    /// Replaces the fields of an object model.
    func setFields(_ name: String, _ fields: [FieldDraft]) {
        guard let index = modelIndex[name] else { return }
        models[index].kind = .object(fields)
    }

    /// The fields of the object model `name`.
    func fields(of name: String) -> [FieldDraft]? {
        guard let index = modelIndex[name] else { return nil }
        return models[index].fields
    }

    /// Whether `name` is an object model (decided when it was reserved).
    func isObjectModel(_ name: String) -> Bool {
        if case .object? = modelShapes[name] { return true }
        return false
    }

    /// A reserved model's kind and documentation, from its schema.
    private func buildModel(_ name: String, node: DocumentNode, shape: SchemaShape) {
        let docs = DocDraft.from(description: node.string("description"), deprecated: node.bool("deprecated") == true)
        switch shape {
        case .union(let alternatives, let isAnyOf):
            setModel(name, kind: .union(unionModel(name, node: node, alternatives: alternatives, isAnyOf: isAnyOf)), docs: docs)
        case .multiType(let types):
            setModel(name, kind: .union(multiTypeUnion(name, node: node, types: types)), docs: docs)
        case .enumeration:
            setModel(name, kind: .enumeration(enumeration(node)), docs: docs)
        default:
            setModel(name, kind: .object([]), docs: docs)
            setFields(name, objectFields(name, node: node))
        }
    }

    /// The name a `$ref` target suggests: the last pointer token (`#/components/schemas/Pet` →
    /// `Pet`), or the file's name for a whole file (`models/droplet.yml` → `droplet`).
    func referenceName(_ target: DocumentNode) -> String {
        if let last = target.pointer.split(separator: "/").last {
            let token = JSONPointer.tokens("/" + last)?.first ?? String(last)
            if Int(token) == nil { return token }
        }
        let file = NSStringPath(path: target.file).lastComponent
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    /// Names to try for the model of a named schema: its own name, then with the names of the
    /// folders around its file (`apps` + `Error` → `AppsError`) for a clash.
    private func modelCandidates(for target: DocumentNode, base: String) -> [String] {
        var candidates = [base]
        if target.pointer.isEmpty || !target.pointer.hasPrefix("/components/") {
            let folders = NSStringPath(path: documents.displayPath(target.file)).folders.reversed()
                .filter { !Self.genericFolders.contains($0.lowercased()) }
            for folder in folders.prefix(2) {
                candidates.append(NameRegistry.typeName(folder) + NameRegistry.typeName(base))
            }
        }
        return candidates
    }

    /// Folder names that say nothing about what is in them.
    static let genericFolders: Set<String> = [
        "models", "model", "schemas", "schema", "components", "shared", "resources", "definitions", "common", "responses",
        "parameters", "requestbodies", "examples", ".", "..",
    ]

    // MARK: Keywords

    /// Validation keywords a client does not check.
    static let validationKeywords: Set<String> = [
        "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "const",
    ]
    /// Keywords Courier has no way to say.
    static let unsupportedKeywords: Set<String> = [
        "patternProperties", "if", "then", "else", "dependentSchemas", "dependentRequired", "prefixItems", "contains",
        "minContains", "maxContains", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "$dynamicRef",
        "$dynamicAnchor", "contentSchema", "dependencies", "additionalItems",
    ]

    /// Notes the keywords of a schema that the import does not carry over (once per schema).
    func scanKeywords(_ node: DocumentNode) {
        guard scanned.insert(node.id).inserted, let pairs = node.yaml.pairs else { return }
        for pair in pairs {
            let key = pair.key
            if Self.validationKeywords.contains(key) {
                let value = pair.value.scalar.map { " \($0.text)" } ?? ""
                log.unchecked(key, node[key] ?? node, "\(key)\(value) is not checked by the client")
            } else if Self.unsupportedKeywords.contains(key) {
                log.approximation("keyword", node[key] ?? node, "`\(key)` has no Courier equivalent; left out")
            } else if key == "not" {
                log.approximation("not", node[key] ?? node, "`not` has no Courier equivalent; left out (the value is not checked against it)")
            } else if key == "xml" {
                log.approximation("xml", node[key] ?? node, "XML naming is not carried over (Courier speaks JSON)")
            }
        }
        if node.has("discriminator"), SchemaReading.alternatives(node) == nil, let discriminator = node["discriminator"] {
            log.approximation(
                "discriminator", discriminator,
                "a discriminator without oneOf/anyOf (inheritance through allOf): each model is decoded as itself, "
                    + "a value of this type keeps only its own fields")
        }
    }
}
