/// A named type declared under `models:`: an object with fields, or an enum.
public struct Model: Sendable {
    /// The type's name as written (already a valid Swift type name once translated).
    public var name: Located<String>
    /// Fields or cases.
    public var kind: Kind
    /// Summary, description and deprecation.
    public var documentation: Documentation
    /// `hashable: true`: the generated type conforms to `Hashable` (enums always do). Models that a
    /// hashable model or union holds become hashable with it.
    public var hashable = false

    /// What the model is.
    public enum Kind: Sendable {
        /// An object with fields in file order.
        case object([Field])
        /// A string or integer enum; unknown values decode instead of failing.
        case enumeration(EnumDefinition)
        /// One of several types (OpenAPI's oneOf/anyOf), told apart by a field or tried in order.
        case union(UnionDefinition)
    }

    /// Creates a model.
    public init(name: Located<String>, kind: Kind, documentation: Documentation = Documentation()) {
        self.name = name
        self.kind = kind
        self.documentation = documentation
    }
}

/// An enum model's raw type and cases.
public struct EnumDefinition: Sendable {
    /// `String` or `Int`.
    public enum RawType: String, Sendable, Hashable {
        /// Cases are strings on the wire.
        case string = "String"
        /// Cases are integers on the wire.
        case integer = "Int"
    }

    /// The wire type.
    public var rawType: RawType
    /// The cases in file order.
    public var cases: [EnumCase]

    /// Creates an enum definition.
    public init(rawType: RawType, cases: [EnumCase]) {
        self.rawType = rawType
        self.cases = cases
    }
}

/// One enum case: its wire value and, optionally, the Swift name chosen for it.
public struct EnumCase: Sendable, Hashable {
    /// The value on the wire (`available`, `in-stock`, `3`).
    public var value: Located<String>
    /// An explicit Swift case name (`{ value: 3, name: three }`); otherwise derived from the value.
    public var name: String?
    /// Summary and description.
    public var documentation: Documentation

    /// Creates a case.
    public init(value: Located<String>, name: String? = nil, documentation: Documentation = Documentation()) {
        self.value = value
        self.name = name
        self.documentation = documentation
    }
}

/// One field of an object model.
public struct Field: Sendable {
    /// The Swift-side name as written in the spec.
    public var name: Located<String>
    /// Its type.
    public var type: Located<TypeRef>
    /// The JSON key when it differs from the name (`key: owner_id`).
    public var key: String?
    /// The value used when the key is missing (`= value` or `default:`).
    public var defaultValue: Located<SpecValue>?
    /// A per-field date format (`format:`).
    public var format: Located<DateFormat>?
    /// Summary, description and deprecation.
    public var documentation: Documentation
    /// `sensitive: true`: the value is a secret that logs and errors never print.
    public var sensitive = false
    /// `nullable: true`: `null` is kept apart from a missing key. With a non-optional type the key
    /// must be present and may be `null` (`T?` in Swift, always encoded); with an optional type
    /// it may also be missing (`Nullable<T>?`).
    public var nullable = false

    /// Creates a field.
    public init(
        name: Located<String>, type: Located<TypeRef>, key: String? = nil,
        defaultValue: Located<SpecValue>? = nil, format: Located<DateFormat>? = nil,
        documentation: Documentation = Documentation()
    ) {
        self.name = name
        self.type = type
        self.key = key
        self.defaultValue = defaultValue
        self.format = format
        self.documentation = documentation
    }
}

/// A union model: a value that is one of several types.
public struct UnionDefinition: Sendable {
    /// The field whose value names the case (`type`); `nil` when the cases are tried in order.
    public var discriminator: Located<String>?
    /// The cases in file order.
    public var cases: [UnionCase]

    /// Creates a union.
    public init(discriminator: Located<String>?, cases: [UnionCase]) {
        self.discriminator = discriminator
        self.cases = cases
    }
}

/// One case of a union: the discriminator value (or just a name) and the type it holds.
public struct UnionCase: Sendable {
    /// The key written under `cases:`: the discriminator value, and the case's name.
    public var value: Located<String>
    /// The type the case holds.
    public var type: Located<TypeRef>

    /// Creates a case.
    public init(value: Located<String>, type: Located<TypeRef>) {
        self.value = value
        self.type = type
    }
}
