/// A `multipart/form-data` body: its parts in spec order, built by the `MultipartBody` partial
/// (the one place that names the runtime's multipart API).
///
/// Template keys: `parts`.
public struct MultipartBodyRender: Sendable, Hashable {
    /// The parts in spec order.
    public var parts: [MultipartPartRender]

    /// Creates a multipart body.
    public init(parts: [MultipartPartRender]) {
        self.parts = parts
    }
}

/// One part of a multipart body and what it carries.
///
/// Template keys: `kind` (`text`, `file`, `data`, `json`), `isText`, `isFile`, `isData`, `isJSON`,
/// `keyLiteral`, `name`, `isOptional`, `isList`, `contentTypeLiteral`.
public struct MultipartPartRender: Sendable, Hashable {
    /// What a part carries, which decides how it is added.
    public enum Kind: String, Sendable, Hashable {
        /// A scalar or enum sent as text (a list: one part per value).
        case text
        /// A file (`UploadFile`; a list: one part per file).
        case file
        /// Bytes (`Data`).
        case data
        /// A value encoded as one JSON part (a model, `JSON`, a list of models).
        case json
    }

    /// What it carries.
    public var kind: Kind
    /// The part name sent in `Content-Disposition`, as a string literal.
    public var keyLiteral: String
    /// The parameter holding the value.
    public var name: String
    /// The expression a text part sends: ``name``, or dates wrapped in a `FormattedDate` when
    /// they travel in another format than ISO-8601 (as ``ParameterItemRender/value``).
    public var value: String
    /// Whether the parameter is optional (`nil` sends no part).
    public var isOptional: Bool
    /// Whether the parameter is a list sent as one part per element (text and file parts; the
    /// partial loops over file lists, `MultipartForm.add` repeats text lists itself).
    public var isList: Bool
    /// The content type replacing the part's default, as a string literal, if the spec sets one.
    public var contentTypeLiteral: [String]

    /// Creates a part; `value` defaults to `name`.
    public init(
        kind: Kind, keyLiteral: String, name: String, value: String? = nil, isOptional: Bool, isList: Bool,
        contentTypeLiteral: [String]
    ) {
        self.kind = kind
        self.keyLiteral = keyLiteral
        self.name = name
        self.value = value ?? name
        self.isOptional = isOptional
        self.isList = isList
        self.contentTypeLiteral = contentTypeLiteral
    }
}
