/// A YAML mapping read as a set of known keys (`summary:`, `get:`, …): lookups by key, and a
/// warning with a suggestion for each key nobody asked for.
struct KeyedMapping {
    /// The mapping node.
    let node: YAMLNode
    /// Its pairs in file order.
    let pairs: [YAMLPair]
    private let indexByKey: [String: Int]

    /// Reads `node` as a mapping, or reports that `what` must be one.
    init?(_ node: YAMLNode, what: String, log: inout DiagnosticLog) {
        guard let pairs = node.pairs else {
            log.error("\(what) must be a mapping, found \(node.kindDescription)", at: node.location)
            return nil
        }
        self.node = node
        self.pairs = pairs
        var index: [String: Int] = [:]
        for (position, pair) in pairs.enumerated() { index[pair.key] = position }
        indexByKey = index
    }

    /// The pair for `key`, if written.
    func pair(_ key: String) -> YAMLPair? {
        indexByKey[key].map { pairs[$0] }
    }

    /// The value for `key`, if written.
    func value(_ key: String) -> YAMLNode? {
        pair(key)?.value
    }

    /// Whether `key` is written.
    func has(_ key: String) -> Bool {
        indexByKey[key] != nil
    }

    /// The pairs whose keys are not in `known` (keys starting with `x-` are left for the
    /// author's own use, such as holding anchors to reuse).
    func unknownPairs(known: Set<String>) -> [YAMLPair] {
        pairs.filter { !known.contains($0.key) && !$0.key.hasPrefix("x-") }
    }

    /// Warns about each key not in `known`, suggesting the closest known one.
    func warnAboutUnknownKeys(known: Set<String>, in what: String, log: inout DiagnosticLog) {
        for pair in unknownPairs(known: known) {
            log.warning(
                "unknown key '\(pair.key)' in \(what)" + Suggestion.didYouMean(pair.key, among: known), at: pair.keyLocation)
        }
    }
}
