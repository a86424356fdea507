/// Every model of one load by name, across all its files.
struct ModelTable {
    private var models: [String: Model] = [:]

    /// Collects the models of `specs`, reporting a name declared again in a later file (a
    /// name repeated within one file is already a duplicate YAML key).
    init(specs: [Spec], log: inout DiagnosticLog) {
        for model in specs.flatMap(\.models) {
            let name = model.name.value
            if let first = models[name] {
                log.error("duplicate model '\(name)' (first declared at \(first.name.location))", at: model.name.location)
                log.note("'\(name)' is first declared here", at: first.name.location)
                continue
            }
            models[name] = model
        }
    }

    /// The model named `name`.
    subscript(name: String) -> Model? { models[name] }

    /// Every model name, for "did you mean" suggestions.
    var names: Dictionary<String, Model>.Keys { models.keys }

    /// The enum definition of `name`, if it names an enum model.
    func enumeration(_ name: String) -> EnumDefinition? {
        if case .enumeration(let definition) = models[name]?.kind { return definition }
        return nil
    }

    /// The union definition of `name`, if it names a union model.
    func union(_ name: String) -> UnionDefinition? {
        if case .union(let definition) = models[name]?.kind { return definition }
        return nil
    }

    /// The fields of `name`, if it names an object model.
    func fields(of name: String) -> [Field]? {
        if case .object(let fields) = models[name]?.kind { return fields }
        return nil
    }
}
