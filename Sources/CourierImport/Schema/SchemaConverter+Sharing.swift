import CourierSpec

extension SchemaConverter {
    /// Merges every inline model into an identical model met before it, so that the same inline
    /// object under two operations is one model (`CreatePetRequest`), not one per place
    /// (`CreatePetRequest`, `UpdatePetRequest`).
    ///
    /// Models are compared once converted: the same fields (names, keys, types, nullability,
    /// defaults, formats and documentation), the same enum cases, the same union cases (and
    /// discriminator values), and the same documentation. The model kept is the first identical
    /// one in the models' order, a named schema's model before any inline one, so names are
    /// decided by the document alone. Named schemas' models are never merged away: two components
    /// that happen to be alike stay two. Merging repeats until nothing changes, since models holding
    /// merged models may become identical in turn.
    ///
    /// - Returns: Each merged model's name and the name of the model that replaces it (the
    ///   endpoints' types must be renamed with it; see ``renamed(_:with:)``).
    func shareIdenticalModels() -> [String: String] {
        var renames: [String: String] = [:]
        let order = models.filter { namedModels.contains($0.name) } + models.filter { !namedModels.contains($0.name) }
        var merged = true
        while merged {
            merged = false
            var keptBySignature: [String: String] = [:]
            for model in order where renames[model.name] == nil {
                let signature = Self.signature(of: model, renames: renames)
                guard let kept = keptBySignature[signature] else {
                    keptBySignature[signature] = model.name
                    continue
                }
                guard !namedModels.contains(model.name) else { continue }
                renames[model.name] = kept
                merged = true
            }
        }
        guard !renames.isEmpty else { return [:] }
        let resolved = Dictionary(uniqueKeysWithValues: renames.keys.map { ($0, Self.finalName($0, renames: renames)) })
        replaceModels(models.filter { resolved[$0.name] == nil }.map { Self.renaming(in: $0, with: resolved) })
        return resolved
    }

    /// `type` with every merged model's name replaced by the name of the model kept.
    static func renamed(_ type: TypeRef, with renames: [String: String]) -> TypeRef {
        switch type {
        case .named(let name): .named(finalName(name, renames: renames))
        case .optional(let inner): .optional(renamed(inner, with: renames))
        case .array(let inner): .array(renamed(inner, with: renames))
        case .dictionary(let inner): .dictionary(renamed(inner, with: renames))
        }
    }

    /// The name a model ends up with, following merges of merges.
    private static func finalName(_ name: String, renames: [String: String]) -> String {
        var current = name
        while let next = renames[current] { current = next }
        return current
    }

    /// The model with the merged models it mentions renamed; a union that would hold one type
    /// twice (two cases that were alike) keeps the first, as the second could never be decoded.
    private static func renaming(in model: ModelDraft, with renames: [String: String]) -> ModelDraft {
        var model = model
        switch model.kind {
        case .object(let fields):
            model.kind = .object(fields.map { field in
                var field = field
                field.type = renamed(field.type, with: renames)
                return field
            })
        case .union(var union):
            var seen = Set<TypeRef>()
            union.cases = union.cases.compactMap { value, type in
                let type = renamed(type, with: renames)
                guard union.discriminator != nil || seen.insert(type).inserted else { return nil }
                return (value, type)
            }
            model.kind = .union(union)
        case .enumeration:
            break
        }
        return model
    }

    /// Everything that makes a model what it is, except its name, as text. The case keys of a
    /// union without a discriminator are left out: they are named after the cases' types and
    /// never travel.
    private static func signature(of model: ModelDraft, renames: [String: String]) -> String {
        var parts = [docsSignature(model.docs)]
        switch model.kind {
        case .object(let fields):
            parts.append("object")
            for field in fields {
                parts.append([
                    field.name, field.key ?? "", renamed(field.type, with: renames).description, field.nullable ? "nullable" : "",
                    field.defaultValue.map { String(describing: $0) } ?? "", field.format ?? "", docsSignature(field.docs),
                ].joined(separator: "\u{1}"))
            }
        case .enumeration(let enumeration):
            parts.append(enumeration.isInteger ? "integer enum" : "enum")
            parts += enumeration.cases.map { $0.value + "\u{1}" + ($0.name ?? "") }
        case .union(let union):
            parts.append("union\u{1}" + (union.discriminator ?? ""))
            parts += union.cases.map { value, type in
                (union.discriminator == nil ? "" : value + "\u{1}") + renamed(type, with: renames).description
            }
        }
        return parts.joined(separator: "\u{2}")
    }

    private static func docsSignature(_ docs: DocDraft) -> String {
        [docs.summary ?? "", docs.description ?? "", docs.deprecated ? "deprecated" : ""].joined(separator: "\u{1}")
    }
}
