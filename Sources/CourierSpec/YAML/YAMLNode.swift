/// A YAML value read from a spec file, with where each part was written.
///
/// Aliases are already resolved (an alias node is a copy of its anchored node, keeping the
/// anchored node's locations) and merge keys (`<<:`) are already applied, so later stages
/// never see either.
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        /// Text, with how it was written.
        case scalar(YAMLScalar)
        /// Items in file order.
        case sequence([YAMLNode])
        /// Key/value pairs in file order; keys are unique.
        case mapping([YAMLPair])
    }

    /// What the node holds.
    public var content: Content
    /// Where the node starts.
    public var location: SourceLocation
    /// Where the node ends (just past its last character).
    public var end: SourceLocation

    /// The scalar, if this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The items, if this node is a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs, if this node is a mapping.
    public var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// Whether this is a plain `null`, `~` or empty value (quoted text is never null).
    public var isNull: Bool { scalar?.isNull ?? false }

    /// "a mapping", "a list", "text": for messages such as "expected a mapping, found a list".
    public var kindDescription: String {
        switch content {
        case .scalar(let scalar): scalar.isNull ? "nothing" : "text"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// A scalar's text and whether it was quoted.
public struct YAMLScalar: Sendable, Hashable {
    /// How the scalar was written; only plain scalars can be numbers, booleans or null.
    public enum Style: Sendable, Hashable {
        /// Unquoted.
        case plain
        /// `'…'` or `"…"`, or tagged `!!str`.
        case quoted
        /// A `|` or `>` block.
        case block
    }

    /// The text, with escapes and folding already applied.
    public var text: String
    /// How it was written.
    public var style: Style

    /// Whether the scalar is unquoted.
    public var isPlain: Bool { style == .plain }

    /// Whether this is a plain `null`, `~` or empty value.
    public var isNull: Bool { style == .plain && YAMLScalar.nullSpellings.contains(text) }

    /// The spellings YAML reads as null when unquoted.
    public static let nullSpellings: Set<String> = ["", "~", "null", "Null", "NULL"]
}

/// One key/value pair of a mapping.
public struct YAMLPair: Sendable {
    /// The key's text.
    public var key: String
    /// Where the key was written.
    public var keyLocation: SourceLocation
    /// The value.
    public var value: YAMLNode
}
