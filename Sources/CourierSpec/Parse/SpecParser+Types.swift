extension SpecParser {
    /// Reads a type from text (`"[Pet]?"`) or from the list / mapping YAML makes of brackets
    /// (`[Pet]` is a one-item list, `[String: Int]` a list holding a one-pair mapping).
    mutating func typeRef(_ node: YAMLNode, what: String) -> Located<TypeRef>? {
        switch node.content {
        case .scalar(let scalar):
            guard !scalar.isNull else {
                log.error("\(what) needs a type", at: node.location)
                return nil
            }
            return typeRef(text: scalar.text, in: node, offset: 0, what: what)
        case .sequence(let items):
            guard items.count == 1, let item = items.first else {
                log.error(
                    "\(what): a list type names one element type, such as [Pet], found \(items.count) items",
                    at: node.location)
                return nil
            }
            if let pairs = item.pairs {
                return dictionaryType(pairs, at: item, in: node, what: what)
            }
            return typeRef(item, what: what).map { Located(.array($0.value), at: node.location) }
        case .mapping:
            log.error("\(what) must be a type, found a mapping; write dictionaries as [String: T]", at: node.location)
            return nil
        }
    }

    /// Reads type text found at character `offset` of a scalar `node`.
    mutating func typeRef(text: String, in node: YAMLNode, offset: Int, what: String) -> Located<TypeRef>? {
        let leadingBlanks = text.prefix { $0 == " " || $0 == "\t" }.count
        let start = Self.location(in: node, offset: offset + leadingBlanks)
        switch TypeTextParser.parse(text) {
        case .success(let type):
            return Located(type, at: start)
        case .failure(let failure):
            log.error(
                "cannot read the type '\(text.trimmingWhitespace())' of \(what): \(failure.message)",
                at: Self.location(in: node, offset: offset + failure.offset))
            return nil
        }
    }

    /// `[String: T]` as YAML reads it: a list holding the one-pair mapping `{String: T}`.
    private mutating func dictionaryType(
        _ pairs: [YAMLPair], at item: YAMLNode, in node: YAMLNode, what: String
    ) -> Located<TypeRef>? {
        guard pairs.count == 1, let pair = pairs.first else {
            log.error("\(what): a dictionary type is written [String: T]", at: item.location)
            return nil
        }
        guard pair.key.trimmingWhitespace() == "String" else {
            log.error("\(what): dictionary keys must be String, found '\(pair.key)'", at: pair.keyLocation)
            return nil
        }
        return typeRef(pair.value, what: what).map { Located(.dictionary($0.value), at: node.location) }
    }
}
