extension SpecParser {
    /// Keys of one sample's long form.
    static let sampleKeys: Set<String> = ["file", "headers"]

    /// `samples: { 200: pets.json, 503: { file: down.json, headers: { Retry-After: "120" } } }`, in
    /// file order. Statuses are checked by the validator, which knows about `sample:` too.
    mutating func sampleDeclarations(_ node: YAMLNode, what: String) -> [SampleDeclaration] {
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return [] }
        return mapping.pairs.compactMap { pair in
            let status = Located(pair.key, at: pair.keyLocation)
            let entryWhat = "sample \(pair.key) in \(what)"
            if pair.value.isNull {
                log.error(
                    "\(entryWhat) needs a file (`\(pair.key): samples/x.json`), or `{ headers: { … } }` for an answer "
                        + "without a body",
                    at: pair.value.location)
                return nil
            }
            if pair.value.scalar != nil {
                guard let file = text(pair.value, what: "\(entryWhat) (a file such as samples/pets.json)") else { return nil }
                return SampleDeclaration(status: status, file: file)
            }
            guard pair.value.pairs != nil, let entry = KeyedMapping(pair.value, what: entryWhat, log: &log) else {
                log.error(
                    "\(entryWhat) must be a file (`\(pair.key): samples/x.json`) or `{ file: …, headers: { … } }`, "
                        + "found \(pair.value.kindDescription)",
                    at: pair.value.location)
                return nil
            }
            entry.warnAboutUnknownKeys(known: Self.sampleKeys, in: entryWhat, log: &log)
            let file = entry.value("file").flatMap { text($0, what: "`file` of \(entryWhat)") }
            let headers = entry.value("headers").map { namedValues($0, what: "`headers` of \(entryWhat)", atValue: false) } ?? []
            return SampleDeclaration(status: status, file: file, headers: headers)
        }
    }
}
