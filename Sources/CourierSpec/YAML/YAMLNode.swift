/// A YAML value read from a spec file, with where each part was written.
///
/// Aliases are already resolved (an alias node is a copy of its anchored node, keeping the
/// anchored node's locations) and merge keys (`<<:`) are already applied, so later stages
/// never see either.
struct YAMLNode: Sendable {
    /// What the node holds.
    enum Content: Sendable {
        /// Text, with how it was written.
        case scalar(YAMLScalar)
        /// Items in file order.
        case sequence([YAMLNode])
        /// Key/value pairs in file order; keys are unique.
        case mapping([YAMLPair])
    }

    /// What the node holds.
    var content: Content
    /// Where the node starts.
    var location: SourceLocation
    /// Where the node ends (just past its last character).
    var end: SourceLocation

    /// The scalar, if this node is one.
    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, if this node is a sequence.
    var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, if this node is a mapping.
    var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// Whether this is a plain `null`, `~` or empty value (quoted text is never null).
    var isNull: Bool { scalar?.isNull ?? false }

    /// "a mapping", "a list", "text": for messages such as "expected a mapping, found a list".
    var kindDescription: String {
        switch content {
        case .scalar(let scalar): scalar.isNull ? "nothing" : "text"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// A scalar's text and whether it was quoted.
struct YAMLScalar: Sendable, Hashable {
    /// How the scalar was written; only plain scalars can be numbers, booleans or null.
    enum Style: Sendable, Hashable {
        /// Unquoted.
        case plain
        /// `'…'` or `"…"`, or tagged `!!str`.
        case quoted
        /// A `|` or `>` block.
        case block
    }

    /// The text, with escapes and folding already applied.
    var text: String
    /// How it was written.
    var style: Style

    /// Whether the scalar is unquoted.
    var isPlain: Bool { style == .plain }

    /// Whether this is a plain `null`, `~` or empty value.
    var isNull: Bool { style == .plain && YAMLScalar.nullSpellings.contains(text) }

    /// The spellings YAML reads as null when unquoted.
    static let nullSpellings: Set<String> = ["", "~", "null", "Null", "NULL"]
}

/// One key/value pair of a mapping.
struct YAMLPair: Sendable {
    /// The key's text.
    var key: String
    /// Where the key was written.
    var keyLocation: SourceLocation
    /// The value.
    var value: YAMLNode
}
