/// One model: exactly one of ``object``, ``enumeration`` and ``union`` holds an element.
public struct ModelRender: Sendable, Hashable {
    /// The struct, when the model is an object.
    public var object: [ObjectRender]
    /// The enum, when the model is an enumeration.
    public var enumeration: [EnumRender]
    /// The enum with associated values, when the model is a union.
    public var union: [UnionRender] = []
    /// The model's name in the spec, which places it in a file (``SpecLayout/modelParts(_:)``).
    public var layoutKey = ""

    /// Creates an object model.
    public init(object: ObjectRender) {
        self.object = [object]
        self.enumeration = []
    }

    /// Creates an enum model.
    public init(enumeration: EnumRender) {
        self.object = []
        self.enumeration = [enumeration]
    }

    /// Creates a union model.
    public init(union: UnionRender) {
        self.object = []
        self.enumeration = []
        self.union = [union]
    }

    /// The type name inside the namespace, whichever kind of model this is.
    public var typeName: String {
        object.first?.typeName ?? enumeration.first?.typeName ?? union.first?.typeName ?? ""
    }
    /// About how much code the model generates, in fields or cases (plus one for the type):
    /// what the compact layout balances its models files by.
    var weight: Int {
        1 + (object.first?.fields.count ?? 0) + (enumeration.first?.cases.count ?? 0) + (union.first?.cases.count ?? 0)
    }
}

/// A struct model.
public struct ObjectRender: Sendable, Hashable {
    /// The type name inside the namespace.
    public var typeName: String
    /// `///` lines.
    public var docs: [String]
    /// Attribute lines such as `@available(*, deprecated)`.
    public var attributes: [String]
    /// Stored properties in file order.
    public var fields: [FieldRender]
    /// Whether the struct conforms to `Hashable` (see ``HashableModels``); `Equatable` only otherwise.
    public var hashable = false

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates an object.
    public init(typeName: String, docs: [String], attributes: [String], fields: [FieldRender]) {
        self.typeName = typeName
        self.docs = docs
        self.attributes = attributes
        self.fields = fields
    }

    /// Whether `init(from:)` is written (defaults, per-field date formats, `Data` read as
    /// wrapped base64).
    public var hasCustomDecoding: Bool {
        fields.contains { !$0.decodeFallback.isEmpty || !$0.dateFormat.isEmpty || !$0.base64.isEmpty || $0.isNullable || $0.isIndirect }
    }

    /// Whether `encode(to:)` is written: always beside `init(from:)`, because both key their
    /// containers with ``FieldRender/wireKey`` literals and no `CodingKeys` enum exists to synthesize from.
    public var hasCustomEncoding: Bool { hasCustomDecoding }

    /// Whether a `CodingKeys` enum is written: a key is renamed and the conformance is synthesized.
    public var hasCodingKeys: Bool {
        !hasCustomDecoding && fields.contains { !$0.renamedKey.isEmpty }
    }

    /// Whether the memberwise init takes one parameter per line: when written on one line it
    /// would pass 120 columns (at its indentation of eight).
    public var wrapsInit: Bool {
        let parameters = fields.map { field in
            "\(field.name): \(field.type)" + (field.defaultValue.first.map { " = \($0)" } ?? "")
        }
        return 8 + "public init(".count + parameters.joined(separator: ", ").count + ") {".count > 120
    }

    /// Whether the struct has no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Whether a field holding `Data` decodes through `Base64Data`.
    public var hasBase64: Bool { fields.contains { !$0.base64.isEmpty } }

    /// Whether a field has its own date format.
    public var hasDateFormats: Bool { fields.contains { !$0.dateFormat.isEmpty } }
}

/// A stored property of a struct model, with everything its coding needs.
public struct FieldRender: Sendable, Hashable {
    /// The property name (backticked when a keyword).
    public var name: String
    /// `///` lines.
    public var docs: [String]
    /// The Swift type.
    public var type: String
    /// The type as the stored property declares it: ``type`` with an outer `?` spelled
    /// `Optional<…>`. A `var x: T?` gets an implicit `= nil`, for which Swift emits a function per
    /// property, and a copy of it in every file that uses the model: about 58 KB of a release
    /// build, and 5% of the models' debug compile, on the 300-endpoint benchmark API
    /// (`Benchmarks/generator`). `Optional<T>` is the same type with no implicit value.
    public var storedType: String {
        guard type.hasSuffix("?") else { return type }
        return "Optional<" + type.dropLast() + ">"
    }
    /// The default argument in the memberwise init (`nil`, a literal), if any.
    public var defaultValue: [String]
    /// The JSON key as a string literal, only when it differs from the property name.
    public var renamedKey: [String]
    /// The JSON key as a string literal, always: the `WireKey` that hand-written coding uses.
    public var wireKey: String
    /// The container method reading the field: `read`, `readIfPresent`, `readNullable` or
    /// `readNullableIfPresent` (Courier's field helpers, one candidate per call for the compiler),
    /// or for a scalar the helper of its type (`readInt64`, `readStringIfPresent`).
    public var decodeMethod: String
    /// The container method writing the field: `write`, `writeIfPresent` or `writeNullableIfPresent`,
    /// or for a scalar the helper of its type (`writeInt64`, `writeStringIfPresent`).
    public var encodeMethod: String
    /// The type passed to the read method: the type without its outer `?`.
    public var decodeType: String
    /// ``decodeType`` when the read method takes it as its first argument (`read(Pet.self, "pet")`);
    /// empty for the scalar helpers, whose names say their type (`readInt64("id")`).
    public var decodeTypeArgument: [String]
    /// The value used when the key is missing (`?? value`), if any.
    public var decodeFallback: [String]
    /// How a field holding `Data` is read through `Base64Data` (which accepts base64 wrapped in
    /// lines), when it is: the templates turn the decoded value into the field's with `.data`,
    /// `.map(\.data)` or `.mapValues(\.data)`.
    public var base64: [Base64Render]
    /// The per-field date format, named as the runtime's `DateFormat` member
    /// (`secondsSince1970`), if any.
    public var dateFormat: [String]
    /// Whether `null` is kept apart from a missing key (`nullable: true`), which needs
    /// hand-written coding.
    public var isNullable: Bool
    /// Whether the field is stored with `@Indirect` because its model leads back to this one;
    /// the wrapper's storage has no coding of its own, so this needs hand-written coding too.
    public var isIndirect = false

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a field.
    public init(
        name: String, docs: [String], type: String, defaultValue: [String], renamedKey: [String], wireKey: String,
        decodeMethod: String, encodeMethod: String, decodeType: String, decodeTypeArgument: [String]? = nil, decodeFallback: [String],
        base64: [Base64Render] = [], dateFormat: [String], isNullable: Bool = false
    ) {
        self.isNullable = isNullable
        self.name = name
        self.docs = docs
        self.type = type
        self.defaultValue = defaultValue
        self.renamedKey = renamedKey
        self.wireKey = wireKey
        self.decodeMethod = decodeMethod
        self.encodeMethod = encodeMethod
        self.decodeType = decodeType
        self.decodeTypeArgument = decodeTypeArgument ?? [decodeType]
        self.decodeFallback = decodeFallback
        self.base64 = base64
        self.dateFormat = dateFormat
    }
}

/// A lenient string or integer enum model.
public struct EnumRender: Sendable, Hashable {
    /// The type name inside the namespace.
    public var typeName: String
    /// `///` lines.
    public var docs: [String]
    /// Attribute lines such as `@available(*, deprecated)`.
    public var attributes: [String]
    /// `String` or `Int`.
    public var rawType: String
    /// Known cases in file order.
    public var cases: [EnumCaseRender]

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates an enum.
    public init(typeName: String, docs: [String], attributes: [String], rawType: String, cases: [EnumCaseRender]) {
        self.typeName = typeName
        self.docs = docs
        self.attributes = attributes
        self.rawType = rawType
        self.cases = cases
    }
}

/// One known case of an enum model.
public struct EnumCaseRender: Sendable, Hashable {
    /// The case name (backticked when a keyword).
    public var name: String
    /// `///` lines.
    public var docs: [String]
    /// The wire value as a Swift literal (`"in-stock"`, `3`).
    public var rawLiteral: String

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a case.
    public init(name: String, docs: [String], rawLiteral: String) {
        self.name = name
        self.docs = docs
        self.rawLiteral = rawLiteral
    }
}

/// A `Data` field read through `Base64Data`: its shape, and whether the read may find nothing.
///
/// Template keys: `isValue`, `isList`, `isDictionary`, `isLenient`.
public struct Base64Render: Sendable, Hashable {
    /// `Data`, `[Data]` or `[String: Data]`.
    public enum Shape: Sendable, Hashable {
        /// One value.
        case value
        /// A list of values.
        case list
        /// A dictionary of values.
        case dictionary
    }

    /// The field's shape.
    public var shape: Shape
    /// Whether the read returns an optional (the field is optional or has a default).
    public var isLenient: Bool

    /// Creates a base64 read.
    public init(shape: Shape, isLenient: Bool) {
        self.shape = shape
        self.isLenient = isLenient
    }
}
