/// A type as written in a spec: a built-in scalar, a model name, or a combination.
///
/// `[Pet]`, `[String: Int]` and `Pet?` are read both from plain text and from the YAML
/// sequence / mapping that YAML makes of the brackets.
public indirect enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// A built-in scalar or a model, by name (`String`, `Int`, `Pet`, …).
    case named(String)
    /// `T?`: absent or `null` decodes to `nil`.
    case optional(TypeRef)
    /// `[T]`.
    case array(TypeRef)
    /// `[String: T]`.
    case dictionary(TypeRef)

    /// Built-in scalar type names.
    public static let builtins: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "URL", "UUID", "Data", "JSON",
    ]

    /// The type as a spec would spell it.
    public var description: String {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        }
    }

    /// Whether this is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outer `?`.
    public var nonOptional: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Every name this type mentions (`[String: Pet]?` → `Pet`).
    public var names: [String] {
        switch self {
        case .named(let name): [name]
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.names
        }
    }
}

/// A value written in the spec (defaults, enum values), kept as YAML gave it.
public indirect enum SpecValue: Sendable, Hashable, CustomStringConvertible {
    /// A scalar, with whether it was quoted (a quoted `"1"` is a string, never a number).
    case scalar(String, quoted: Bool)
    /// `null`, `~` or an empty value.
    case null
    /// A sequence.
    case sequence([SpecValue])
    /// A mapping, in file order.
    case mapping([(String, SpecValue)])

    /// The value as YAML flow text.
    public var description: String {
        switch self {
        case .scalar(let text, let quoted): quoted ? "\"\(text)\"" : text
        case .null: "null"
        case .sequence(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .mapping(let pairs): "{" + pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
        }
    }

    /// Compares structure and text.
    public static func == (lhs: SpecValue, rhs: SpecValue) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a, let qa), .scalar(let b, let qb)): a == b && qa == qb
        case (.null, .null): true
        case (.sequence(let a), .sequence(let b)): a == b
        case (.mapping(let a), .mapping(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Hashes structure and text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
