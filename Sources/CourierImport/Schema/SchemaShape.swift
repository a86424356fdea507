import CourierSpec

/// What a schema (not a `$ref`) is, as far as choosing a Courier type goes.
enum SchemaShape {
    /// `allOf`, `oneOf` or `anyOf` with one real part (plus `null`): that part's type.
    case alias(DocumentNode)
    /// An object with fields: `properties`, or an `allOf` merge.
    case object
    /// `oneOf`/`anyOf` with several alternatives that are not `null`.
    case union([DocumentNode], isAnyOf: Bool)
    /// A string or integer `enum`.
    case enumeration
    /// An object without properties: a dictionary of its `additionalProperties` (`nil`: any JSON).
    case dictionary(DocumentNode?)
    /// An array of its `items` (`nil`: any JSON).
    case array(DocumentNode?)
    /// `string`, `integer`, `number` or `boolean`.
    case scalar(String)
    /// A 3.1 type list with several types besides `null` (`[string, integer]`).
    case multiType([String])
    /// Anything: no type, no properties.
    case any

    /// Whether a named schema of this shape becomes a model of its own.
    var isModel: Bool {
        switch self {
        case .object, .union, .enumeration, .multiType: true
        default: false
        }
    }
}

/// Reading the parts of a schema that decide its shape.
enum SchemaReading {
    /// Keys of a schema that say something about the shape of the data; an alternative of
    /// `oneOf`/`anyOf` without any of them only constrains (`oneOf: [{ required: [a] }, { required: [b] }]`).
    static let shapeKeys: Set<String> = [
        "$ref", "type", "properties", "items", "allOf", "oneOf", "anyOf", "enum", "const", "additionalProperties", "format",
    ]

    /// The `type` of a schema as a list (3.1 allows `[string, "null"]`); empty when absent.
    static func types(_ node: DocumentNode) -> [String] {
        guard let type = node["type"] else { return [] }
        if let items = type.items { return items.compactMap { $0.text } }
        return type.text.map { [$0] } ?? []
    }

    /// The types other than `null`.
    static func nonNullTypes(_ node: DocumentNode) -> [String] {
        types(node).filter { $0 != "null" }
    }

    /// Whether the schema says `null` is allowed: 3.0 `nullable: true`, a 3.1 type list with
    /// `null`, or `null` among its `enum` values.
    static func allowsNull(_ node: DocumentNode) -> Bool {
        if node.bool("nullable") == true { return true }
        if types(node).contains("null") { return true }
        if let values = node["enum"]?.items, values.contains(where: { $0.yaml.isNull }) { return true }
        return false
    }

    /// Whether the schema only allows `null` (`type: 'null'`, `enum: [null]`); follows `$ref`s.
    static func isNullOnly(_ node: DocumentNode, documents: DocumentSet) -> Bool {
        guard let schema = node.isReference ? documents.deref(node) : node else { return false }
        let types = types(schema)
        if !types.isEmpty, types.allSatisfy({ $0 == "null" }) { return true }
        if let values = schema["enum"]?.items, !values.isEmpty, values.allSatisfy({ $0.yaml.isNull }) { return true }
        return false
    }

    /// Whether an alternative only constrains (has no key that shapes data).
    static func constrainsOnly(_ node: DocumentNode) -> Bool {
        guard node.yaml.pairs != nil else { return false }
        return node.keys.allSatisfy { !shapeKeys.contains($0) }
    }

    /// The shape of a schema that is not a `$ref`.
    static func shape(_ node: DocumentNode, documents: DocumentSet) -> SchemaShape {
        let hasProperties = !(node["properties"]?.pairs?.isEmpty ?? true)
        if let parts = node["allOf"]?.items, !parts.isEmpty {
            // A part that only adds `required` makes a model of its own (the same fields, other ones required).
            let real = parts.filter { part in
                !isNullOnly(part, documents: documents) && (!constrainsOnly(part) || !(part["required"]?.items?.isEmpty ?? true))
            }
            if real.count == 1, !hasProperties, !hasAlternatives(node, documents: documents) {
                // `allOf: [$ref]` (often with `nullable` or a description beside it) is that schema;
                // `allOf: [{ properties: … }]` is an object of its own.
                let inlineObject = !real[0].isReference && isObjectLike(real[0], documents: documents, depth: 0)
                    && alternatives(real[0]) == nil
                return inlineObject ? .object : .alias(real[0])
            }
            if !hasProperties, !real.isEmpty, real.allSatisfy({ !isObjectLike($0, documents: documents, depth: 0) }) {
                return .alias(real[0])
            }
            if real.isEmpty, !hasProperties { return .any }
            return .object
        }
        if let (alternatives, isAnyOf) = alternatives(node) {
            let real = alternatives.filter { !isNullOnly($0, documents: documents) }
            if !alternatives.allSatisfy(constrainsOnly) {
                if real.isEmpty { return .any }
                if real.count == 1 { return .alias(real[0]) }
                return .union(real, isAnyOf: isAnyOf)
            }
        }
        let types = nonNullTypes(node)
        if let values = node["enum"]?.items, !values.isEmpty {
            let real = values.filter { !$0.yaml.isNull }
            if real.isEmpty { return .any }
            let scalars = real.allSatisfy { $0.yaml.scalar != nil }
            let integers = real.allSatisfy { $0.yaml.scalar?.isPlain == true && SpecValueText.isInteger($0.yaml.scalar?.text ?? "") }
            if types == ["integer"] || (types.isEmpty && integers) { return integers ? .enumeration : .scalar("integer") }
            if (types == ["string"] || types.isEmpty), scalars { return .enumeration }
            if let first = types.first, ["number", "boolean", "integer", "string"].contains(first) { return .scalar(first) }
            return .any
        }
        if types.count > 1 { return .multiType(types) }
        let type = types.first
        if type == "object" || (type == nil && (node.has("properties") || node.has("additionalProperties"))) {
            if hasProperties { return .object }
            let additional = node["additionalProperties"]
            return .dictionary(additional?.yaml.pairs != nil ? additional : nil)
        }
        if type == "array" || (type == nil && node.has("items")) { return .array(node["items"]) }
        if let type, ["string", "integer", "number", "boolean"].contains(type) { return .scalar(type) }
        if type == nil, let format = node.string("format") {
            if ["int32", "int64"].contains(format) { return .scalar("integer") }
            if ["float", "double"].contains(format) { return .scalar("number") }
            return .scalar("string")
        }
        if type == nil, node.has("const"), let scalar = node["const"]?.yaml.scalar {
            return .scalar(scalar.isPlain && SpecValueText.isInteger(scalar.text) ? "integer" : "string")
        }
        return .any
    }

    /// `oneOf` or `anyOf`, whichever the schema has (`oneOf` first).
    static func alternatives(_ node: DocumentNode) -> ([DocumentNode], isAnyOf: Bool)? {
        if let items = node["oneOf"]?.items, !items.isEmpty { return (items, false) }
        if let items = node["anyOf"]?.items, !items.isEmpty { return (items, true) }
        return nil
    }

    private static func hasAlternatives(_ node: DocumentNode, documents: DocumentSet) -> Bool {
        guard let (alternatives, _) = alternatives(node) else { return false }
        return !alternatives.allSatisfy(constrainsOnly)
    }

    /// Whether a schema (following `$ref`s and `allOf`) describes an object.
    static func isObjectLike(_ node: DocumentNode, documents: DocumentSet, depth: Int) -> Bool {
        guard depth < 32, let schema = node.isReference ? documents.deref(node) : node else { return false }
        if schema.has("properties") || nonNullTypes(schema).contains("object") || schema.has("additionalProperties") { return true }
        if alternatives(schema) != nil { return true }
        if let parts = schema["allOf"]?.items {
            return parts.contains { isObjectLike($0, documents: documents, depth: depth + 1) }
        }
        return false
    }
}

/// Number spellings of YAML 1.2's core schema, for scalars written without quotes.
enum SpecValueText {
    /// `12`, `-3`, `+4`.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `1.5`, `-2e10`, `.5`, `3`.
    static func isNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.hasPrefix("-") || rest.hasPrefix("+") { rest = rest.dropFirst() }
        let mantissaEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let mantissa = rest[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return false }
        guard mantissaEnd < rest.endIndex else { return true }
        var exponent = rest[rest.index(after: mantissaEnd)...]
        if exponent.hasPrefix("-") || exponent.hasPrefix("+") { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `true`/`false` in their YAML 1.2 core spellings.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }
}
