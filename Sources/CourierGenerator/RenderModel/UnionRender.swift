/// A union model: an `indirect enum` with one case per type, told apart by a discriminator field
/// or tried in order.
public struct UnionRender: Sendable, Hashable {
    /// The type name inside the namespace.
    public var typeName: String
    /// `///` lines.
    public var docs: [String]
    /// Attribute lines such as `@available(*, deprecated)`.
    public var attributes: [String]
    /// The discriminator's coding key as a string literal (as the decoder compares it), when
    /// there is one; an unknown value then decodes to `unknown(JSONValue)`.
    public var discriminatorKey: [String]
    /// The discriminator for documentation, inside backticks (a backtick in it becomes `'`, a line
    /// break a space).
    public var discriminatorName: String
    /// The cases in spec order.
    public var cases: [UnionCaseRender]
    /// The message of the error thrown when no case of an undiscriminated union decodes, as a
    /// string literal.
    public var mismatchLiteral: String
    /// Whether the enum conforms to `Hashable` (see ``HashableModels``); `Equatable` only otherwise.
    public var hashable = false

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a union.
    public init(
        typeName: String, docs: [String], attributes: [String], discriminatorKey: [String], discriminatorName: String,
        cases: [UnionCaseRender], mismatchLiteral: String
    ) {
        self.typeName = typeName
        self.docs = docs
        self.attributes = attributes
        self.discriminatorKey = discriminatorKey
        self.discriminatorName = discriminatorName
        self.cases = cases
        self.mismatchLiteral = mismatchLiteral
    }
}

/// One case of a union.
public struct UnionCaseRender: Sendable, Hashable {
    /// The case name.
    public var name: String
    /// The type it holds, as spelled inside the namespace.
    public var type: String
    /// The discriminator value (or the case's key) as a string literal.
    public var wireValueLiteral: String
    /// `///` lines.
    public var docs: [String]
    /// The type as a string literal, naming the case in the error of a union tried in order.
    public var typeLiteral: String

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a case.
    public init(name: String, type: String, wireValueLiteral: String, docs: [String]) {
        self.name = name
        self.type = type
        self.wireValueLiteral = wireValueLiteral
        self.docs = docs
        self.typeLiteral = SwiftLiteral.string(type)
    }
}
