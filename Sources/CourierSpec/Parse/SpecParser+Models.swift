extension SpecParser {
    /// Keys of a model's long form.
    static let objectModelKeys: Set<String> = ["fields", "hashable", "summary", "description", "deprecated"]
    /// Keys of an enum model.
    static let enumModelKeys: Set<String> = ["enum", "type", "hashable", "summary", "description", "deprecated"]
    /// Keys of a union model.
    static let unionModelKeys: Set<String> = ["union", "hashable", "summary", "description", "deprecated"]
    /// Keys of `union:`.
    static let unionKeys: Set<String> = ["discriminator", "cases"]
    /// Keys of an enum case's long form.
    static let enumCaseKeys: Set<String> = ["value", "name", "summary", "description", "deprecated"]

    /// Reads `models:`.
    mutating func models(_ node: YAMLNode) -> [Model] {
        guard let mapping = KeyedMapping(node, what: "`models`", log: &log) else { return [] }
        return mapping.pairs.compactMap { model($0) }
    }

    /// Reads one model: an enum (`enum:` holding a list), the long form (`fields:` holding a
    /// mapping, next to `summary:` and friends), or the short form (a mapping of fields).
    private mutating func model(_ pair: YAMLPair) -> Model? {
        let name = Located(pair.key, at: pair.keyLocation)
        let what = "model '\(pair.key)'"
        guard pair.value.pairs != nil else {
            log.error(
                "\(what) must be a mapping of fields (`{}` for none) or `{ enum: [a, b] }`, found \(pair.value.kindDescription)",
                at: pair.value.location)
            return nil
        }
        guard let mapping = KeyedMapping(pair.value, what: what, log: &log) else { return nil }
        if let cases = mapping.value("enum"), cases.items != nil {
            if let node = mapping.value("hashable") {
                log.warning("`hashable` of \(what) changes nothing: enums are always Hashable", at: node.location)
            }
            return enumModel(name: name, mapping: mapping, cases: cases, what: what)
        }
        if let union = mapping.value("union"), union.pairs != nil {
            return unionModel(name: name, mapping: mapping, union: union, what: what).map { hashable($0, mapping, what) }
        }
        if let fields = mapping.value("fields"), fields.pairs != nil || fields.isNull {
            mapping.warnAboutUnknownKeys(known: Self.objectModelKeys, in: what, log: &log)
            let entries = typedEntries(fields, kind: "field", known: Self.fieldKeys)
            let model = Model(name: name, kind: .object(entries.map(Self.field)), documentation: documentation(in: mapping, of: what))
            return hashable(model, mapping, what)
        }
        var isHashable = false
        let entries = mapping.pairs.compactMap { pair -> TypedEntry? in
            if isDocumentationInShortForm(pair, of: what) { return nil }
            // `hashable: true` among the fields: no field has `true` or `false` for a type.
            if pair.key == "hashable", let flag = pair.value.scalar, flag.isPlain, ["true", "false"].contains(flag.text) {
                isHashable = flag.text == "true"
                return nil
            }
            return typedEntry(pair, kind: "field", known: Self.fieldKeys)
        }
        var model = Model(name: name, kind: .object(entries.map(Self.field)))
        model.hashable = isHashable
        return model
    }

    /// `model` with `hashable:` of its long form read (`true` or `false`, or an error).
    private mutating func hashable(_ model: Model, _ mapping: KeyedMapping, _ what: String) -> Model {
        guard let node = mapping.value("hashable") else { return model }
        var marked = model
        marked.hashable = boolean(node, what: "`hashable` of \(what)")?.value ?? false
        return marked
    }

    /// Reports `summary:`, `description:` or `deprecated:` written among the fields of a short-form
    /// model with a value that is no type (`summary: A pet in the store.`): documentation needs the
    /// long form. A field of that name with a type (`summary: String`) is a field.
    private mutating func isDocumentationInShortForm(_ pair: YAMLPair, of what: String) -> Bool {
        guard ["summary", "description", "deprecated"].contains(pair.key) else { return false }
        if let scalar = pair.value.scalar {
            let text = scalar.text
            let looksLikeType: Bool
            switch TypeTextParser.parse(text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text) {
            case .success(let type): looksLikeType = !(pair.key == "deprecated" && ["true", "false"].contains(text))
                && type.names.allSatisfy { $0.first?.isUppercase == true }
            case .failure: looksLikeType = false
            }
            if looksLikeType { return false }
        } else if pair.value.pairs != nil {
            return false  // a long-form field
        }
        log.error(
            "`\(pair.key):` among the fields of \(what) reads as a field named '\(pair.key)'; to document the model, "
                + "use the long form and put its fields under `fields:`, next to `\(pair.key):`",
            at: pair.keyLocation)
        return true
    }

    /// `union: { discriminator: type, cases: { user: User, bot: Bot } }`.
    private mutating func unionModel(name: Located<String>, mapping: KeyedMapping, union: YAMLNode, what: String) -> Model? {
        mapping.warnAboutUnknownKeys(known: Self.unionModelKeys, in: what, log: &log)
        guard let definition = KeyedMapping(union, what: "`union` of \(what)", log: &log) else { return nil }
        definition.warnAboutUnknownKeys(known: Self.unionKeys, in: "`union` of \(what)", log: &log)
        let discriminator = definition.value("discriminator").flatMap { text($0, what: "`discriminator` of \(what)") }
        guard let casesNode = definition.value("cases") else {
            log.error("`union` of \(what) needs `cases:`, a mapping such as { user: User, bot: Bot }", at: union.location)
            return nil
        }
        guard let pairs = KeyedMapping(casesNode, what: "`cases` of \(what)", log: &log)?.pairs else { return nil }
        if pairs.isEmpty { log.error("`cases` of \(what) needs at least one case", at: casesNode.location) }
        let cases = pairs.compactMap { pair -> UnionCase? in
            guard let type = typeRef(pair.value, what: "case '\(pair.key)' of \(what)") else { return nil }
            return UnionCase(value: Located(pair.key, at: pair.keyLocation), type: type)
        }
        let model = UnionDefinition(discriminator: discriminator, cases: cases)
        return Model(name: name, kind: .union(model), documentation: documentation(in: mapping, of: what))
    }

    private static func field(_ entry: TypedEntry) -> Field {
        var field = Field(
            name: entry.name, type: entry.type, key: entry.key, defaultValue: entry.defaultValue,
            format: entry.format, documentation: entry.documentation)
        field.sensitive = entry.sensitive
        field.nullable = entry.nullable?.value ?? false
        return field
    }

    private mutating func enumModel(name: Located<String>, mapping: KeyedMapping, cases node: YAMLNode, what: String) -> Model? {
        mapping.warnAboutUnknownKeys(known: Self.enumModelKeys, in: what, log: &log)
        var cases: [(enumCase: EnumCase, isInteger: Bool)] = []
        var firstLine: [String: Int] = [:]
        for item in node.items ?? [] {
            guard let (enumCase, isInteger) = enumCase(item, of: what) else { continue }
            if let line = firstLine[enumCase.value.value] {
                log.error("duplicate value '\(enumCase.value.value)' in \(what) (first at line \(line))", at: enumCase.value.location)
                continue
            }
            firstLine[enumCase.value.value] = enumCase.value.location.line
            cases.append((enumCase, isInteger))
        }
        if cases.isEmpty, node.items?.isEmpty ?? true {
            log.error("\(what) needs at least one case in `enum:`", at: node.location)
        }
        var rawType: EnumDefinition.RawType = cases.allSatisfy(\.isInteger) && !cases.isEmpty ? .integer : .string
        if let typeNode = mapping.value("type"), let type = text(typeNode, what: "`type` of \(what)") {
            if let declared = EnumDefinition.RawType(rawValue: type.value) {
                rawType = declared
            } else {
                log.error("the `type` of \(what) must be String or Int, found '\(type.value)'", at: type.location)
            }
        }
        if rawType == .integer {
            for (enumCase, isInteger) in cases where !isInteger {
                log.error("\(what) has integer values, but '\(enumCase.value.value)' is not an integer", at: enumCase.value.location)
            }
        }
        let definition = EnumDefinition(rawType: rawType, cases: cases.map(\.enumCase))
        return Model(name: name, kind: .enumeration(definition), documentation: documentation(in: mapping, of: what))
    }

    /// A case: a bare value, or `{ value: …, name: …, summary: … }`.
    private mutating func enumCase(_ item: YAMLNode, of what: String) -> (EnumCase, isInteger: Bool)? {
        if let scalar = item.scalar {
            guard let value = text(item, what: "each value of \(what)") else { return nil }
            return (EnumCase(value: value), scalar.isPlain && Self.isInteger(value.value))
        }
        guard let mapping = KeyedMapping(item, what: "each value of \(what)", log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.enumCaseKeys, in: "a case of \(what)", log: &log)
        guard let valueNode = mapping.value("value") else {
            log.error("a case of \(what) written as a mapping needs `value:`", at: item.location)
            return nil
        }
        guard let value = text(valueNode, what: "the `value` of a case of \(what)") else { return nil }
        let caseWhat = "case '\(value.value)' of \(what)"
        let name = mapping.value("name").flatMap { text($0, what: "the `name` of \(caseWhat)")?.value }
        let enumCase = EnumCase(value: value, name: name, documentation: documentation(in: mapping, of: caseWhat))
        return (enumCase, valueNode.scalar?.isPlain == true && Self.isInteger(value.value))
    }

    /// Whether `text` is a decimal integer, optionally signed.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
