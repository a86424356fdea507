/// The types a user's own templates declare by a name written out in them (`struct Helper`,
/// `enum Toolbox`), so that a model or a service of that name can step aside or be reported
/// instead of generating a second declaration that does not compile.
///
/// Only the templates that differ from Courier's own are read: the default templates' names are
/// reserved by ``ReservedTypeNames``, from their code. A name built from tags
/// (`struct {{typeName}}Helper`) cannot be known before rendering and is not seen; neither is
/// one written with other delimiters (`{{=<% %>=}}`) around it.
enum TemplateDeclaredTypes {
    /// Declared type name → the file of the first template (by name) declaring it. The types
    /// Courier's templates declare are left out: a custom copy of a default template keeps them
    /// as the default does, and ``ReservedTypeNames`` decides about them.
    static func of(_ templates: TemplateSet) -> [String: String] {
        var found: [String: String] = [:]
        for name in templates.texts.keys.sorted() {
            guard let text = templates.texts[name], text != DefaultTemplates.texts[name] else { continue }
            for type in declared(inTemplate: text) where found[type] == nil && !declaredByDefaults.contains(type) {
                found[type] = templates.paths[name] ?? name
            }
        }
        return found
    }

    /// The types Courier's own templates declare by name.
    static let declaredByDefaults = Set(DefaultTemplates.texts.values.flatMap(declared(inTemplate:)))

    /// Keywords that declare a type named by the word after them.
    private static let declaringKeywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "typealias"]

    /// The type names `text` declares, in order: the word after `struct`, `enum`, `class`,
    /// `actor`, `protocol` or `typealias` in the Swift code outside Mustache tags, string literals
    /// and comments, when it starts with a letter or `_` and no tag touches it.
    static func declared(inTemplate text: String) -> [String] {
        var names: [String] = []
        for rawLine in text.split(separator: "\n") {
            // A tag becomes a character no identifier has, so a word a tag touches is not whole.
            let code = ReservedTypeNames.codeOnly(Substring(withoutTags(rawLine)))
            let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == marker) }
            for (keyword, name) in zip(words, words.dropFirst()) where declaringKeywords.contains(String(keyword)) {
                guard let first = name.first, first.isLetter || first == "_", !name.contains(marker),
                      !declaringKeywords.contains(String(name)), !notTypeNames.contains(String(name))
                else { continue }
                names.append(String(name))
            }
        }
        return names
    }

    /// What a tag is replaced with: joined to the words around it, so a name built from a tag
    /// is seen as one word holding it.
    private static let marker: Character = "\u{1}"

    /// Words after `class` that start a member, not a type (`class func`, `class var`).
    private static let notTypeNames: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "override", "final"]

    /// `line` with every Mustache tag replaced by ``marker``.
    private static func withoutTags(_ line: Substring) -> String {
        var result = ""
        var rest = line
        while let open = rest.range(of: "{{") {
            result += rest[..<open.lowerBound]
            result.append(marker)
            guard let close = rest[open.upperBound...].range(of: "}}") else { return result }
            rest = rest[close.upperBound...].drop { $0 == "}" }
        }
        return result + rest
    }
}
