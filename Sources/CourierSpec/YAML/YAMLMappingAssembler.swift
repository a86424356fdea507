/// Turns a mapping's raw key/value nodes into pairs: text keys only, no duplicates, merge keys
/// (`<<: *base`, `<<: [*a, *b]`) applied.
enum YAMLMappingAssembler {
    /// Assembles `children` (key, value, key, value, …) of a mapping.
    static func assemble(_ children: [YAMLNode], isFlow: Bool, log: inout DiagnosticLog) -> [YAMLPair] {
        var explicit: [YAMLPair] = []
        var merges: [(position: Int, sources: [YAMLNode])] = []
        var firstLocation: [String: SourceLocation] = [:]
        var index = 0
        while index + 1 < children.count {
            let (keyNode, value) = (children[index], children[index + 1])
            index += 2
            guard let key = keyNode.scalar else {
                log.error("mapping keys must be text, found \(keyNode.kindDescription)", at: keyNode.location)
                continue
            }
            if key.isPlain, key.text == "<<" {
                merges.append((explicit.count, mergeSources(value, log: &log)))
                continue
            }
            if isFlow, key.isPlain, key.text.isEmpty {
                // `{ tags: Int? }` in libyaml before 0.2 (and `{ a: Int, ? }` today) leaves a
                // `?` key indicator with an empty key behind.
                // The type the `?` belonged to is then the previous value.
                if let previous = explicit.last?.value, let text = previous.scalar?.text {
                    log.error(YAMLSyntaxErrorReport.flowMappingOptionalAdvice(type: text + "?"), at: previous.location)
                } else {
                    log.error(YAMLSyntaxErrorReport.flowMappingOptionalAdvice(type: "T?"), at: keyNode.location)
                }
                continue
            }
            if let first = firstLocation[key.text] {
                log.error("duplicate key '\(key.text)' (first at line \(first.line))", at: keyNode.location)
                continue
            }
            firstLocation[key.text] = keyNode.location
            explicit.append(YAMLPair(key: key.text, keyLocation: keyNode.location, value: value))
        }
        guard !merges.isEmpty else { return explicit }
        return applying(merges, to: explicit, explicitKeys: firstLocation)
    }

    /// Inserts merged pairs where their `<<` key was, skipping keys written explicitly (which
    /// override merged ones) and keys an earlier merge source already gave.
    private static func applying(
        _ merges: [(position: Int, sources: [YAMLNode])], to explicit: [YAMLPair],
        explicitKeys: [String: SourceLocation]
    ) -> [YAMLPair] {
        var taken = Set(explicitKeys.keys)
        var merged: [[YAMLPair]] = Array(repeating: [], count: explicit.count + 1)
        for merge in merges {
            for source in merge.sources {
                for pair in source.pairs ?? [] where taken.insert(pair.key).inserted {
                    merged[merge.position].append(pair)
                }
            }
        }
        var result: [YAMLPair] = []
        result.reserveCapacity(explicit.count + merged.reduce(0) { $0 + $1.count })
        for position in 0...explicit.count {
            result.append(contentsOf: merged[position])
            if position < explicit.count { result.append(explicit[position]) }
        }
        return result
    }

    private static func mergeSources(_ value: YAMLNode, log: inout DiagnosticLog) -> [YAMLNode] {
        switch value.content {
        case .mapping:
            return [value]
        case .sequence(let items):
            var sources: [YAMLNode] = []
            for item in items {
                if item.pairs != nil {
                    sources.append(item)
                } else {
                    log.error("merge key '<<' takes mappings, found \(item.kindDescription) in its list", at: item.location)
                }
            }
            return sources
        case .scalar:
            log.error("merge key '<<' takes a mapping or a list of mappings, found \(value.kindDescription)", at: value.location)
            return []
        }
    }
}
