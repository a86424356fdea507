/// Turns one file's YAML node tree into a ``Spec``, reporting every structural problem it meets
/// (wrong shapes, unknown keys, unreadable types or durations) and carrying on.
///
/// Meaning across the whole load (do types exist, do defaults fit, are paths consistent) is
/// checked afterwards by ``SpecValidator``. When a required part is missing the parser keeps a
/// placeholder (an empty name) so later checks still run; such specs always come with an error.
struct SpecParser {
    /// Everything reported while parsing.
    var log = DiagnosticLog()

    /// Reads `node` as text, or reports that `what` must be text.
    mutating func text(_ node: YAMLNode, what: String) -> Located<String>? {
        guard let scalar = node.scalar, !scalar.isNull else {
            log.error("\(what) must be text, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return Located(scalar.text, at: node.location)
    }

    /// Reads a duration: seconds (`30`, `1.5`), or a number with `ms`, `s`, `m` or `h`.
    mutating func duration(_ node: YAMLNode, what: String) -> Located<Double>? {
        guard let text = text(node, what: what) else { return nil }
        guard let seconds = Self.seconds(in: text.value) else {
            log.error(
                "invalid duration '\(text.value)' for \(what); write seconds (30) or a positive number with "
                    + "ms, s, m or h (500ms, 30s, 2m)",
                at: text.location)
            return nil
        }
        if let problem = Self.durationProblem(seconds) {
            log.error("duration '\(text.value)' for \(what) \(problem)", at: text.location)
            return nil
        }
        return Located(seconds, at: text.location)
    }

    /// Why generated code cannot write `seconds` as the spec means it, or `nil` when it can.
    /// Generated durations are whole nanoseconds at the finest (`.nanoseconds(_:)`), so a finer
    /// step would be rounded to another duration, or to zero (`timeout: 0.0000000004`).
    static func durationProblem(_ seconds: Double) -> String? {
        if seconds >= DurationText.longestSeconds {
            return "is longer than generated code can write (\(Int64(DurationText.longestSeconds)) seconds)"
        }
        let nanoseconds = seconds * 1e9
        // The tolerance covers the rounding of the decimal text to a `Double` and of the product.
        let tolerance = max(1e-3, nanoseconds.ulp * 4)
        if nanoseconds.rounded() == 0 || abs(nanoseconds - nanoseconds.rounded()) > tolerance {
            return "is not a whole number of nanoseconds, the finest step a generated duration is written in"
        }
        return nil
    }

    /// Reads a size: bytes (`65536`), or a whole number with `B`, `KB` or `MB` (`64KB`, `1MB`).
    mutating func size(_ node: YAMLNode, what: String) -> Located<Int>? {
        guard let text = text(node, what: what) else { return nil }
        switch SizeText.read(text.value) {
        case .bytes(let bytes):
            return Located(bytes, at: text.location)
        case .tooLarge:
            log.error("size '\(text.value)' for \(what) is over the largest allowed, 1024MB", at: text.location)
        case .invalid:
            log.error(
                "invalid size '\(text.value)' for \(what); write bytes (65536) or a positive whole number with "
                    + "B, KB or MB (512B, 64KB, 1MB)",
                at: text.location)
        }
        return nil
    }

    /// The number of seconds `text` means, if it is a valid positive duration.
    static func seconds(in text: String) -> Double? {
        DurationText.seconds(in: text)
    }

    /// Reads `summary:`, `description:` and `deprecated:` from a mapping.
    mutating func documentation(in mapping: KeyedMapping, of what: String) -> Documentation {
        var documentation = Documentation()
        if let node = mapping.value("summary") { documentation.summary = text(node, what: "the summary of \(what)")?.value }
        if let node = mapping.value("description") {
            documentation.description = text(node, what: "the description of \(what)")?.value
        }
        if let node = mapping.value("deprecated") { documentation.deprecated = deprecation(node, of: what) }
        return documentation
    }

    /// `deprecated: true`, `false`, or a message saying what to use instead.
    private mutating func deprecation(_ node: YAMLNode, of what: String) -> Deprecation? {
        guard let text = text(node, what: "`deprecated` of \(what)") else { return nil }
        if node.scalar?.isPlain == true {
            if text.value == "true" { return Deprecation() }
            if text.value == "false" { return nil }
        }
        return Deprecation(message: text.value)
    }

    /// A mapping of names to text values (environments, headers, error events), in file order,
    /// each located at its value when `atValue` (the part later checked), else at its name.
    mutating func namedValues(_ node: YAMLNode, what: String, atValue: Bool) -> [Located<NamedValue>] {
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return [] }
        return mapping.pairs.compactMap { pair in
            guard let value = text(pair.value, what: "'\(pair.key)' in \(what)") else { return nil }
            return Located(NamedValue(name: pair.key, value: value.value), at: atValue ? value.location : pair.keyLocation)
        }
    }

    /// A list of names; a single name is accepted as a list of one.
    mutating func names(_ node: YAMLNode, what: String) -> [Located<String>] {
        if node.scalar != nil { return text(node, what: what).map { [$0] } ?? [] }
        guard let items = node.items else {
            log.error("\(what) must be a list of names, found \(node.kindDescription)", at: node.location)
            return []
        }
        return items.compactMap { text($0, what: "each of \(what)") }
    }

    /// The value as written, for defaults and enum values.
    static func specValue(_ node: YAMLNode) -> SpecValue {
        switch node.content {
        case .scalar(let scalar): scalar.isNull ? .null : .scalar(scalar.text, quoted: !scalar.isPlain)
        case .sequence(let items): .sequence(items.map(specValue))
        case .mapping(let pairs): .mapping(pairs.map { ($0.key, specValue($0.value)) })
        }
    }

    /// Where character `offset` of a scalar's text is, when that can be known (a one-line plain
    /// or quoted scalar); otherwise where the scalar starts.
    static func location(in node: YAMLNode, offset: Int) -> SourceLocation {
        guard let scalar = node.scalar, scalar.style != .block, node.location.line == node.end.line else {
            return node.location
        }
        var location = node.location
        location.column += offset + (scalar.isPlain ? 0 : 1)
        return location
    }
}
