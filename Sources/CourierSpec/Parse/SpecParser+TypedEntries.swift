/// A name with a type, as fields, parameters and form fields are written: short form
/// `name: Type`, `name: Type = default`, or long form `name: { type: …, default: …, … }`.
struct TypedEntry {
    /// The name as written (the mapping key).
    var name: Located<String>
    /// The type.
    var type: Located<TypeRef>
    /// `key:`, the wire name when it differs.
    var key: String?
    /// `= value` or `default:`.
    var defaultValue: Located<SpecValue>?
    /// `format:` (fields and parameters holding dates).
    var format: Located<DateFormat>?
    /// `summary:`, `description:`, `deprecated:`.
    var documentation: Documentation
    /// `sensitive: true`: the value is a secret, never printed.
    var sensitive = false
    /// `nullable: true` (fields only): `null` is a value of its own, kept apart from a missing key.
    var nullable: Located<Bool>?
    /// `contentType:` (multipart parts only).
    var contentType: Located<String>?
}

extension SpecParser {
    /// Keys of the long form of a field.
    static let fieldKeys: Set<String> = [
        "type", "format", "key", "default", "summary", "description", "deprecated", "sensitive", "nullable",
    ]
    /// Keys of the long form of a parameter.
    static let parameterKeys: Set<String> = [
        "type", "format", "key", "default", "summary", "description", "deprecated", "sensitive",
    ]
    /// Keys of the long form of a multipart part.
    static let partKeys = parameterKeys.union(["contentType"])

    /// Reads every entry of a mapping of typed entries, such as a model's fields or `query:`.
    mutating func typedEntries(_ node: YAMLNode, kind: String, known: Set<String>) -> [TypedEntry] {
        guard let pairs = node.pairs else {
            if !node.isNull {
                log.error("\(kind)s must be a mapping of name: Type, found \(node.kindDescription)", at: node.location)
            }
            return []
        }
        return pairs.compactMap { typedEntry($0, kind: kind, known: known) }
    }

    /// Reads one entry; `kind` ("field", "query parameter", …) names it in messages.
    mutating func typedEntry(_ pair: YAMLPair, kind: String, known: Set<String>) -> TypedEntry? {
        let name = Located(pair.key, at: pair.keyLocation)
        let what = "\(kind) '\(pair.key)'"
        if pair.value.pairs != nil {
            return longTypedEntry(pair.value, name: name, what: what, known: known)
        }
        if let scalar = pair.value.scalar, !scalar.isNull {
            return shortTypedEntry(scalar.text, node: pair.value, name: name, what: what)
        }
        guard let type = typeRef(pair.value, what: what) else { return nil }
        return TypedEntry(name: name, type: type, documentation: Documentation())
    }

    /// `Type` or `Type = default`.
    private mutating func shortTypedEntry(_ text: String, node: YAMLNode, name: Located<String>, what: String) -> TypedEntry? {
        guard let equals = text.firstIndex(of: "=") else {
            guard let type = typeRef(text: text, in: node, offset: 0, what: what) else { return nil }
            return TypedEntry(name: name, type: type, documentation: Documentation())
        }
        let typeText = String(text[..<equals])
        guard let type = typeRef(text: typeText, in: node, offset: 0, what: what) else { return nil }
        let afterEquals = text[text.index(after: equals)...]
        let defaultText = String(afterEquals).trimmingWhitespace()
        let defaultOffset = text.distance(from: text.startIndex, to: equals) + 1
            + afterEquals.prefix { $0 == " " || $0 == "\t" }.count
        let location = Self.location(in: node, offset: defaultOffset)
        guard !defaultText.isEmpty else {
            log.error("\(what) has '=' but no default value after it", at: location)
            return nil
        }
        guard let value = defaultValue(text: defaultText, file: location.file) else {
            log.error("cannot read the default '\(defaultText)' of \(what)", at: location)
            return nil
        }
        return TypedEntry(name: name, type: type, defaultValue: Located(value, at: location), documentation: Documentation())
    }

    /// `{ type: …, key: …, default: …, format: …, summary: …, description: …, deprecated: … }`.
    private mutating func longTypedEntry(
        _ node: YAMLNode, name: Located<String>, what: String, known: Set<String>
    ) -> TypedEntry? {
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: known, in: what, log: &log)
        guard let typeNode = mapping.value("type") else {
            log.error("\(what) needs `type:` (its long form is { type: …, default: …, … })", at: node.location)
            return nil
        }
        guard let type = typeRef(typeNode, what: what) else { return nil }
        var entry = TypedEntry(name: name, type: type, documentation: documentation(in: mapping, of: what))
        if let key = mapping.value("key") { entry.key = text(key, what: "`key` of \(what)")?.value }
        if let format = mapping.value("format") { entry.format = word(format, what: "`format` of \(what)") }
        if known.contains("contentType"), let value = mapping.value("contentType") {
            entry.contentType = text(value, what: "`contentType` of \(what)")
        }
        if let value = mapping.value("default") { entry.defaultValue = Located(Self.specValue(value), at: value.location) }
        if let value = mapping.value("nullable") {
            if let flag = value.scalar, flag.isPlain, flag.text == "true" || flag.text == "false" {
                entry.nullable = Located(flag.text == "true", at: value.location)
            } else {
                log.error("`nullable` of \(what) must be true or false", at: value.location)
            }
        }
        if let value = mapping.value("sensitive") {
            if let flag = value.scalar, flag.isPlain, flag.text == "true" || flag.text == "false" {
                entry.sensitive = flag.text == "true"
            } else {
                log.error("`sensitive` of \(what) must be true or false", at: value.location)
            }
        }
        return entry
    }

    /// The value of default text in the short form: quoted text, `[…]` and `{…}` are read as
    /// YAML (so escapes and nesting work as elsewhere); anything else is plain text.
    private func defaultValue(text: String, file: String) -> SpecValue? {
        guard let first = text.first, "\"'[{".contains(first) else {
            return YAMLScalar.nullSpellings.contains(text) ? .null : .scalar(text, quoted: false)
        }
        var scratch = DiagnosticLog()
        guard let node = YAMLDocumentReader.readValue(Array(text.utf8), file: file, log: &scratch) else { return nil }
        return Self.specValue(node)
    }
}
