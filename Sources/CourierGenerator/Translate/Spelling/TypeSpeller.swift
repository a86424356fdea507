import CourierSpec

/// Spells spec types as Swift types, from inside a spec's namespace or from outside it.
///
/// Built-in names map to Swift and runtime types (`JSON` → `JSONValue`, `Data` stays `Data` and is
/// base64 in JSON as `Codable` does by default). Model names map to their generated type: bare inside
/// their own namespace, qualified with the owning namespace (`Store.Owner`) everywhere else, so
/// models may refer to models of other specs.
struct TypeSpeller {
    /// A model known to the generator.
    struct ModelEntry {
        /// The owning spec's namespace.
        var namespace: String
        /// The generated type name.
        var typeName: String
        /// The enum definition, when the model is an enum.
        var enumeration: EnumDefinition?
        /// The generated case names of the enum, by wire value.
        var caseNames: [String: String]
    }

    /// Models by spec name; first declaration wins when two specs declare the same name.
    let models: [String: ModelEntry]
    /// The namespace the code being generated lives in.
    let namespace: String
    /// Model names some generated declaration mentions (fields, parameters, bodies, responses).
    var referencedNames: Set<String> = []
    /// `Model.field` keys of fields stored with `@Indirect` (see ``IndirectFields``).
    var indirectFields: Set<String> = []
    /// Names of the object and union models generated `Hashable` (see ``HashableModels``).
    var hashableModels: Set<String> = []

    /// Swift spellings of the built-in scalar names.
    static let builtins: [String: String] = [
        "String": "String", "Int": "Int", "Int32": "Int32", "Int64": "Int64", "Double": "Double",
        "Float": "Float", "Bool": "Bool", "Date": "Date", "URL": "URL", "UUID": "UUID", "Data": "Data",
        "JSON": "JSONValue",
    ]

    /// The type as spelled inside ``namespace``; `nil` when a name is unknown.
    func local(_ type: TypeRef) -> String? {
        spell(type, qualified: false)
    }

    /// The type as spelled outside any namespace; `nil` when a name is unknown.
    func qualified(_ type: TypeRef) -> String? {
        spell(type, qualified: true)
    }

    private func spell(_ type: TypeRef, qualified: Bool) -> String? {
        switch type {
        case .named(let name):
            if let builtin = Self.builtins[name] { return builtin }
            guard let entry = models[name] else { return nil }
            return qualified || entry.namespace != namespace ? entry.namespace + "." + entry.typeName : entry.typeName
        case .optional(let wrapped):
            // `T??` is not a useful type: a double optional is spelled once.
            guard let inner = spell(wrapped.nonOptional, qualified: qualified) else { return nil }
            return inner + "?"
        case .array(let element):
            return spell(element, qualified: qualified).map { "[\($0)]" }
        case .dictionary(let value):
            return spell(value, qualified: qualified).map { "[String: \($0)]" }
        }
    }

    /// The model entry for a named type, if it is a model.
    func model(_ type: TypeRef) -> ModelEntry? {
        if case .named(let name) = type { return models[name] }
        return nil
    }

    /// Whether values of `type` can be sent as path, query, header or form parameters
    /// (they conform to `ParameterEncodable`): scalars other than `Data` and `JSON`, enum models,
    /// and arrays of those.
    func isParameterEncodable(_ type: TypeRef) -> Bool {
        switch type {
        case .named(let name):
            if name == "Data" || name == "JSON" { return false }
            if Self.builtins[name] != nil { return true }
            return models[name]?.enumeration != nil
        case .optional(let wrapped): return isParameterEncodable(wrapped)
        case .array(let element): return !element.isOptional && isParameterEncodable(element)
        case .dictionary: return false
        }
    }
}
