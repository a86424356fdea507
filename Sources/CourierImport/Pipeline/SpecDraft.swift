import CourierSpec

/// Documentation of a model, field, parameter or endpoint, as it will be written.
struct DocDraft: Equatable {
    /// A one-line summary.
    var summary: String?
    /// Longer text.
    var description: String?
    /// `deprecated: true`.
    var deprecated = false

    /// Whether there is nothing to write.
    var isEmpty: Bool { summary == nil && description == nil && !deprecated }

    /// Documentation from an OpenAPI `description` (and `deprecated`): one short line becomes the
    /// summary, anything longer the description.
    static func from(description: String?, deprecated: Bool = false) -> DocDraft {
        var docs = DocDraft(deprecated: deprecated)
        guard let text = description.map(TextCleanup.normalized), !text.isEmpty else { return docs }
        if !text.contains("\n"), text.count <= 100 {
            docs.summary = text
        } else {
            docs.description = text
        }
        return docs
    }
}

/// A value written in the spec, such as a default: a scalar (quoted when it is text that could
/// read as something else) or a list.
indirect enum ValueDraft: Equatable {
    /// A number, `true`/`false` or text.
    case scalar(String, isText: Bool)
    /// A list.
    case list([ValueDraft])
}

/// A model to write under `models:`.
struct ModelDraft {
    /// The model's name (a Swift type name).
    var name: String
    /// What it is.
    var kind: Kind
    /// Its documentation.
    var docs = DocDraft()

    /// Fields, cases or union cases.
    enum Kind {
        /// An object's fields, in order.
        case object([FieldDraft])
        /// An enum.
        case enumeration(EnumDraft)
        /// A union.
        case union(UnionDraft)
    }

    /// The fields, if this is an object.
    var fields: [FieldDraft]? {
        if case .object(let fields) = kind { return fields }
        return nil
    }
}

/// One field of an object model.
struct FieldDraft {
    /// The name written in the spec (the JSON key itself, unless `key` is set).
    var name: String
    /// The JSON key, when the name differs from it.
    var key: String?
    /// The type (`T?` when the key may be missing).
    var type: TypeRef
    /// `nullable: true`.
    var nullable = false
    /// The default when the key is missing.
    var defaultValue: ValueDraft?
    /// `format: date` and friends.
    var format: String?
    /// Documentation.
    var docs = DocDraft()

    /// The key on the wire.
    var wireKey: String { key ?? name }
}

/// An enum model's cases.
struct EnumDraft {
    /// Whether the values are integers.
    var isInteger: Bool
    /// Values in order, with an explicit case name where the value does not make one.
    var cases: [(value: String, name: String?)]
}

/// A union model's cases.
struct UnionDraft {
    /// The field naming the case, if any.
    var discriminator: String?
    /// Case keys (discriminator values, or names) and the types they hold.
    var cases: [(value: String, type: TypeRef)]
}

/// A path, query, header or response header parameter, a form field or a multipart part.
struct ParameterDraft {
    /// The name written in the spec (the wire name, unless `key` is set).
    var name: String
    /// The wire name when it differs.
    var key: String?
    /// The type.
    var type: TypeRef
    /// `contentType:` of a multipart part.
    var contentType: String?
    /// `format:`, for dates that travel as days (`date`).
    var format: String?
    /// Documentation.
    var docs = DocDraft()
}

/// A request body.
enum BodyDraft {
    /// JSON of a type.
    case json(TypeRef)
    /// Form fields.
    case form([ParameterDraft])
    /// Multipart parts.
    case multipart([ParameterDraft])
    /// Raw bytes of a content type.
    case raw(String)
}

/// One `media:` choice.
struct MediaDraft {
    /// Its name.
    var name: String
    /// The media type asked for.
    var accept: String
    /// What it decodes to.
    var response: TypeRef
}

/// A streamed response (`stream:`): its format and the type of each element.
struct StreamDraft: Equatable {
    /// The `stream:` key naming the element type: `events`, `lines` or `sequence`.
    var format: StreamSetting.Format
    /// What each element decodes to.
    var element: TypeRef
}

/// One sample answer.
struct SampleDraft {
    /// The status.
    var status: Int
    /// The sample file, relative to the spec.
    var file: String
    /// The JSON body to write into it.
    var json: String
    /// Where the example was, for the report if the sample does not fit.
    var source: DocumentNode
    /// Its JSON pointer as the report shows it.
    var pointer: String
}

/// An endpoint to write under `endpoints:`.
struct EndpointDraft {
    /// Its name.
    var name: String
    /// `get`, `post`, …
    var method: String
    /// The path template.
    var path: String
    /// The operation's first tag, for splitting by tag.
    var tag: String?
    /// Documentation.
    var docs = DocDraft()
    /// Path parameters.
    var pathParameters: [ParameterDraft] = []
    /// Query parameters.
    var queryParameters: [ParameterDraft] = []
    /// Header parameters.
    var headerParameters: [ParameterDraft] = []
    /// The request body.
    var body: BodyDraft?
    /// The success response (`nil`: no content).
    var response: TypeRef?
    /// Media choices instead of one response.
    var media: [MediaDraft] = []
    /// A streamed response instead of one document.
    var stream: StreamDraft?
    /// Typed response headers.
    var responseHeaders: [ParameterDraft] = []
    /// `auth:` when it differs from the service's.
    var auth: String?
    /// `pagination: true` (the service's style).
    var paginated = false
    /// Sample answers.
    var samples: [SampleDraft] = []
}

/// The service-level settings every spec file of one import shares.
struct ServiceDraft {
    /// The service name (namespace).
    var name: String
    /// `summary:`.
    var summary: String?
    /// `description:`.
    var description: String?
    /// `baseURL:`.
    var baseURL: String
    /// Other servers, by environment name.
    var environments: [(name: String, url: String)] = []
    /// `authSchemes:`.
    var authSchemes: [AuthSchemeDraft] = []
    /// The default `auth:`.
    var auth: String?
    /// `errors:`.
    var errors: ErrorsDraft?
    /// `pagination: link` when endpoints use the `Link` header.
    var linkPagination = false
}

/// One auth scheme.
struct AuthSchemeDraft {
    /// Its name.
    var name: String
    /// `bearer`, `basic` or `apiKey`.
    var type: String
    /// `header` or `query` for API keys.
    var placement: String?
    /// The header or query name of an API key.
    var keyName: String?
    /// Documentation (a summary).
    var summary: String?
}

/// The `errors:` envelope.
struct ErrorsDraft {
    /// The default model.
    var model: String
    /// Models of particular statuses.
    var statuses: [(status: Int, model: String)] = []
}
