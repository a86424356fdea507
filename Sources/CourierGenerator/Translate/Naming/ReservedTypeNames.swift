import CourierSpec

/// Type names that generated code spells without a module prefix; a model declared inside the
/// namespace under one of them would shadow it (`Zoo.Void` turns every `Request<Void>` into a
/// request decoding JSON), so such a model is renamed (see ``Translator``).
///
/// Most are read from the carried templates (``DefaultTemplates``), so a name a template starts
/// using is reserved without anyone remembering to list it; the rest are the names the translator
/// spells itself.
enum ReservedTypeNames {
    /// The names reserved in the namespace of `spec`.
    static func of(_ spec: Spec) -> Set<String> {
        spec.errors == nil ? always : always.union(errorEnvelopeOnly)
    }

    /// The names reserved in every namespace.
    static let always: Set<String> = spelledByTranslator.union(
        DefaultTemplates.texts.filter { !outsideNamespace.contains($0.key) }.values.flatMap(referenced(inTemplate:))
    ).subtracting(nestedOnly).subtracting(errorEnvelopeOnly)

    /// Types the templates declare in the namespace of a spec with `errors:` only: a model of
    /// a spec without one keeps such a name (`Event` is a common one).
    static let errorEnvelopeOnly: Set<String> = ["Event"]

    /// The templates whose code lives outside the namespace (the client facade, at file scope):
    /// a model, declared inside it, cannot shadow what they name.
    static let outsideNamespace: Set<String> = ["Client", "ClientMethods", "Request"]

    /// Names the templates use only inside the type that declares them (`ServiceError.Body`, the
    /// media type's generic `Value`), where that declaration is found before a model of the
    /// namespace. The error types spell a model named `Body` qualified, and a media endpoint's
    /// functions name their generic parameter around the namespace's models.
    static let nestedOnly: Set<String> = ["Body", "Value"]

    /// Types the translator writes into render models (parameter, response and element types,
    /// coding helpers), and the standard library's that generated code could come to name.
    static let spelledByTranslator: Set<String> = [
        // Spec built-ins and their spellings.
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "URL", "UUID", "Data", "JSONValue",
        // Swift and Foundation.
        "Void", "Optional", "Array", "Dictionary", "Set", "Never", "Any", "AnyObject", "Equatable", "Decodable",
        "Encodable", "Codable", "CodingKey", "Decoder", "Encoder", "Hashable", "Sendable", "CaseIterable",
        "RawRepresentable", "Duration", "JSONEncoder", "JSONDecoder",
        // The runtime's, spelled by the translator or the templates inside the namespace.
        "Base64Data", "Nullable", "Indirect", "UploadFile", "TransferProgress", "HTTPBody", "ServerSentEventStream",
        "JSONLines", "JSONTextSequence", "IdleLimitedChunks", "DateFormat", "Request", "ResponseDecoding",
        "ParameterEncodable", "WireKey", "FieldwiseEquatable", "FormFields", "CachePolicy", "JSONCoding",
        "HeaderItem", "ServiceConfiguration", "FormattedDate",
        // Generated inside the namespace.
        "Environment", "ErrorEnvelope", "CodingKeys",
    ]

    /// The capitalised identifiers in the Swift text of a template: outside Mustache tags, string
    /// literals and comments. A value tag counts as part of a word (`{{name}}Items` names no
    /// type), a section tag does not (`{{^hashable}}Equatable{{/hashable}}` names `Equatable`).
    static func referenced(inTemplate text: String) -> Set<String> {
        var names: Set<String> = []
        for rawLine in text.split(separator: "\n") {
            var line = Substring(rawLine)
            while let open = line.range(of: "{{") {
                let close = line[open.upperBound...].range(of: "}}")?.upperBound ?? line.endIndex
                let tag = line[open.upperBound...].first
                let isSection = tag == "#" || tag == "^" || tag == "/" || tag == "!" || tag == ">" || tag == "%"
                line = Substring(String(line[..<open.lowerBound]) + (isSection ? " " : "x") + String(line[close...].drop { $0 == "}" }))
            }
            names.formUnion(identifiers(in: codeOnly(line)))
        }
        return names
    }

    /// `line` without string literals and without a `//` comment.
    static func codeOnly(_ line: Substring) -> String {
        var code = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if character == "\"" { inString.toggle(); previous = character; continue }
            if inString { continue }
            if character == "/", previous == "/" { code.removeLast(); break }
            code.append(character)
            previous = character
        }
        return code
    }

    /// Identifiers starting with a capital letter that no letter, digit, `_` or `.` precedes
    /// (`Zoo.Event` names the namespace's own member, not a free type).
    private static func identifiers(in code: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previous: Character = " "
        var starts = false
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if current.isEmpty { starts = character.isUppercase && previous != "." }
                current.append(character)
            } else {
                if starts, !current.isEmpty { result.append(current) }
                current = ""
            }
            previous = character
        }
        return result
    }
}
