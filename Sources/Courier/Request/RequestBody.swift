import Foundation

/// The body of a ``Request``: JSON, form fields, raw bytes, a file, a stream, or nothing.
///
/// A struct with factory methods rather than an enum so that new kinds (multipart) can be
/// added without breaking anyone's `switch`. Files, streams and multipart forms are read while the request is
/// sent, never gathered in memory:
///
/// ```swift
/// request.body = .file(archiveURL, contentType: "application/zip")
/// request.body = .stream(chunks, length: nil, contentType: "application/x-ndjson")   // sent chunked
/// ```
public struct RequestBody: Sendable {
    enum Storage: Sendable {
        case none
        case json(any Encodable & Sendable)
        case form([QueryItem])
        case data(Data, contentType: String)
        case file(URL, contentType: String)
        case body(HTTPBody, contentType: String)
        case multipart(MultipartForm)
    }

    let storage: Storage

    /// No body.
    public static let none = RequestBody(storage: .none)

    /// A value encoded as JSON with the service's encoder; sent as `application/json`.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(storage: .json(value))
    }

    /// Fields sent as `application/x-www-form-urlencoded`; `nil` values are omitted by the builder.
    public static func form(_ fields: [QueryItem]) -> RequestBody {
        RequestBody(storage: .form(fields))
    }

    /// Raw bytes with their content type.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(storage: .data(data, contentType: contentType))
    }

    /// The contents of the file at `url`, read while sending; its size is sent as
    /// `Content-Length`. A file that cannot be read fails the call before anything is sent, with
    /// ``InvalidRequestReason/bodyFileUnreadable(path:reason:)``. It can be sent again (retries).
    public static func file(_ url: URL, contentType: String = "application/octet-stream") -> RequestBody {
        RequestBody(storage: .file(url, contentType: contentType))
    }

    /// The chunks `chunks` produces, sent as they come: with `Content-Length` when `length` is
    /// given, chunked otherwise. Only a `replayable` stream may be sent again by a ware (see
    /// ``HTTPBody/init(_:length:replayable:)``).
    public static func stream<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Int? = nil, replayable: Bool = false, contentType: String
    ) -> RequestBody where Chunks.Element == Data {
        RequestBody(storage: .body(HTTPBody(chunks, length: length, replayable: replayable), contentType: contentType))
    }

    /// An ``UploadFile`` as the whole body (a spec's `body: File`), sent with its content type: a
    /// file on disk is read while sending (as ``file(_:contentType:)`` reads it), bytes as they are.
    /// Its file name is not sent; put it in a header or the path when the API wants it.
    public static func file(_ upload: UploadFile) -> RequestBody {
        switch upload.contents {
        case .file(let url): RequestBody(storage: .file(url, contentType: upload.contentType))
        case .bytes(let data): RequestBody(storage: .data(data, contentType: upload.contentType))
        }
    }

    /// A `multipart/form-data` body of `form`'s parts, streamed: see ``MultipartForm``. Its
    /// `Content-Type` (which carries the boundary) replaces any the request's headers set.
    public static func multipart(_ form: MultipartForm) -> RequestBody {
        RequestBody(storage: .multipart(form))
    }

    /// A body of any kind as it is, with its content type.
    public static func raw(_ body: HTTPBody, contentType: String) -> RequestBody {
        RequestBody(storage: .body(body, contentType: contentType))
    }

    /// Whether this is ``none``.
    public var isEmpty: Bool {
        if case .none = storage { return true }
        return false
    }
}

/// Builds form fields for ``RequestBody/form(_:)`` with the same rules as query items.
public struct FormFields: Sendable {
    /// The fields in order.
    public private(set) var items: [QueryItem] = []

    /// Creates an empty set of fields.
    public init() {}

    /// Appends a field; `nil` is omitted and an array repeats the name.
    public mutating func add(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        items.append(QueryItem(name: name, value: value.parameterValue))
    }
}
