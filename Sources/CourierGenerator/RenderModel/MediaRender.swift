/// The media types an endpoint can answer with (`media:` in a spec): a generic struct
/// `<Endpoint>Media<Value>` whose static members (`.json`, `.raw`) pick the `Accept` header and
/// the answer's type.
///
/// Template keys: `typeName`, `functionName`, `choices`, `source`.
public struct MediaRender: Sendable, Hashable {
    /// The struct's name inside the namespace (`GetContentMedia`).
    public var typeName: String
    /// The endpoint's function name, for the doc comment.
    public var functionName: String
    /// The choices in spec order.
    public var choices: [MediaChoiceRender]

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates the media types of one endpoint.
    public init(typeName: String, functionName: String, choices: [MediaChoiceRender]) {
        self.typeName = typeName
        self.functionName = functionName
        self.choices = choices
    }
}

/// One media type: a static member of ``MediaRender/typeName`` constrained to its answer's type.
///
/// Template keys: `name`, `acceptLiteral`, `acceptText`, `valueType`, `source`, `decoding` (the runtime's
/// `ResponseDecoding` member: `empty`, `data`, `string`, `json`, `snakeCaseJSON`).
public struct MediaChoiceRender: Sendable, Hashable {
    /// The member's name (`raw`).
    public var name: String
    /// The `Accept` value as a string literal.
    public var acceptLiteral: String
    /// The answer's type, qualified with its namespace (`Void` for `Empty`).
    public var valueType: String
    /// How the answer is decoded.
    public var decoding: Decoding
    /// The `Accept` value for documentation, inside backticks (a backtick in it becomes `'`, a line
    /// break a space).
    public var acceptText: String

    /// Where the spec declares it, as `file:line` (`petstore.courier.yaml:42`): the doc comment's
    /// `- Remark:`, so a reader can go from the Swift to the YAML. Empty for none.
    public var source: [String] = []

    /// Creates a choice.
    public init(name: String, acceptLiteral: String, valueType: String, decoding: Decoding, acceptText: String) {
        self.name = name
        self.acceptLiteral = acceptLiteral
        self.valueType = valueType
        self.decoding = decoding
        self.acceptText = acceptText
    }

    /// The ways an answer is decoded, named as the runtime's `ResponseDecoding` members.
    public enum Decoding: String, Sendable, Hashable {
        /// No body (`Void`).
        case empty
        /// The bytes as they came.
        case data
        /// The body as UTF-8 text.
        case string
        /// JSON, with the service's decoder.
        case json
        /// JSON of a `keys: snakeCase` service: decoding errors name the keys as on the wire.
        case snakeCaseJSON
    }
}
