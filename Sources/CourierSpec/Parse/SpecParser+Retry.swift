extension SpecParser {
    /// Keys of `retry:`.
    static let retryKeys: Set<String> = ["attempts", "statuses"]
    /// The header an `idempotencyKey: true` endpoint sends.
    static let defaultIdempotencyKeyHeader = "Idempotency-Key"

    /// `retry: false` or `retry: { attempts: N, statuses: [S, …] }`.
    mutating func retrySetting(_ node: YAMLNode, what: String) -> RetrySetting? {
        if let scalar = node.scalar, scalar.isPlain, scalar.text == "false" {
            return .disabled(at: node.location)
        }
        guard node.pairs != nil else {
            log.error(
                "\(what) must be `false` or a mapping such as `{ attempts: 3, statuses: [502, 503] }`, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        guard let mapping = KeyedMapping(node, what: what, log: &log) else { return nil }
        mapping.warnAboutUnknownKeys(known: Self.retryKeys, in: what, log: &log)
        var attempts: Located<Int>?
        if let attemptsNode = mapping.value("attempts") {
            attempts = integer(attemptsNode, what: "`attempts` of \(what)", in: 1...100)
        }
        var statuses: [Located<Int>] = []
        if let statusesNode = mapping.value("statuses") {
            let items = statusesNode.items ?? [statusesNode]
            statuses = items.compactMap { integer($0, what: "a status in \(what)", in: 100...599) }
        }
        return .limited(attempts: attempts, statuses: statuses, at: node.location)
    }

    /// `idempotencyKey: true` (the `Idempotency-Key` header), `false`, or a header name.
    mutating func idempotencyKey(_ node: YAMLNode, what: String) -> Located<String>? {
        guard let text = text(node, what: what) else { return nil }
        if node.scalar?.isPlain == true, text.value == "true" {
            return Located(Self.defaultIdempotencyKeyHeader, at: text.location)
        }
        if node.scalar?.isPlain == true, text.value == "false" { return nil }
        guard !text.value.isEmpty, text.value.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
            log.error(
                "\(what) must be `true`, `false` or a header name such as Idempotency-Key, found '\(text.value)'",
                at: text.location)
            return nil
        }
        return text
    }

    /// An unquoted whole number in `range`, or an error saying what was expected.
    mutating func integer(_ node: YAMLNode, what: String, in range: ClosedRange<Int>) -> Located<Int>? {
        guard let text = text(node, what: what) else { return nil }
        guard node.scalar?.isPlain == true, let value = Int(text.value), range.contains(value) else {
            log.error(
                "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), found '\(text.value)'",
                at: text.location)
            return nil
        }
        return Located(value, at: text.location)
    }

    /// A character allowed in an HTTP field name (RFC 9110 `tchar`).
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
    }
}
