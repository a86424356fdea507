/// One part of a `multipart:` body: a name with a type, like a form field, plus an optional
/// content type of its own.
///
/// Its type says what the part carries: a built-in scalar or enum is a text part (a list of them
/// one part per value), `File` a file part (`[File]` one part per file under the same name),
/// `Data` bytes, and anything else (a model, `JSON`, a list of models) one JSON part.
public struct MultipartPart: Sendable {
    /// The name, type, wire name (`key:`), default, documentation and sensitivity, as for a
    /// form field.
    public var parameter: Parameter
    /// `contentType:`, replacing the part's default content type.
    public var contentType: Located<String>?

    /// Creates a part.
    public init(parameter: Parameter, contentType: Located<String>? = nil) {
        self.parameter = parameter
        self.contentType = contentType
    }

    /// The name as written.
    public var name: Located<String> { parameter.name }
    /// The part's type.
    public var type: Located<TypeRef> { parameter.type }
    /// The name sent in the part's `Content-Disposition`.
    public var wireName: String { parameter.key ?? parameter.name.value }
}

extension TypeRef {
    /// The spec's file type, `File`: a raw upload (`body: File`), a download (`response: File`)
    /// or a multipart file part.
    public static let fileName = "File"

    /// Whether this is exactly `File`.
    public var isFile: Bool { self == .named(Self.fileName) }

    /// Whether `File` occurs anywhere in the type.
    public var mentionsFile: Bool { names.contains(Self.fileName) }

    /// Whether this is a type a multipart part may give a file: `File`, `File?`, `[File]` or `[File]?`.
    public var isFilePartType: Bool {
        switch nonOptional {
        case .named(let name): name == Self.fileName
        case .array(let element): element.isFile
        case .optional, .dictionary: false
        }
    }
}
