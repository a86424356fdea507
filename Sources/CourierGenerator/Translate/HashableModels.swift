import CourierSpec

/// Decides which object and union models are generated `Hashable`: those marked
/// `hashable: true`, the models a stream's event-name union holds (that union is `Hashable`), and
/// every model these hold, however deep, since a `Hashable` type needs `Hashable` fields. The rest
/// stay `Equatable` only: `hash(into:)` and its witnesses were about a twelfth of a model's
/// release code and a tenth of its debug build, for a conformance few models need.
enum HashableModels {
    /// Names of the models to generate `Hashable` (enums always are, and are not listed).
    static func compute(_ specs: [Spec]) -> Set<String> {
        var held: [String: [String]] = [:]
        var pending: [String] = []
        var seenModels = Set<String>()
        for model in specs.flatMap(\.models) where seenModels.insert(model.name.value).inserted {
            switch model.kind {
            case .object(let fields): held[model.name.value] = fields.flatMap { $0.type.value.names }
            case .union(let definition): held[model.name.value] = definition.cases.flatMap { $0.type.value.names }
            case .enumeration: continue
            }
            if model.hashable { pending.append(model.name.value) }
        }
        for endpoint in specs.flatMap(\.endpoints) {
            guard case .byEvent(let cases)? = endpoint.stream?.elements else { continue }
            pending += cases.flatMap { $0.type.value.names }
        }
        var result = Set<String>()
        while let name = pending.popLast() {
            guard let names = held[name], result.insert(name).inserted else { continue }
            pending += names
        }
        return result
    }
}
