import Foundation

/// The parts of a `multipart/form-data` body (RFC 7578), in order: text and scalar fields, JSON
/// parts, files, bytes and streams. Send it with ``RequestBody/multipart(_:)``.
///
/// ```swift
/// var form = MultipartForm()
/// form.add("title", "Holiday")                          // a text field
/// form.add("rating", 5)                                 // any ParameterEncodable scalar
/// form.addJSON("metadata", PhotoMetadata(tags: ["sea"])) // the service's JSON encoder
/// form.addFile("photo", UploadFile(url: photoURL))      // read from disk while sending
/// request.body = .multipart(form)
/// ```
///
/// The body streams: files and streams are read while the request is sent, never gathered in
/// memory. It declares its `Content-Length` when every part's length is known (a stream part
/// of unknown length makes it chunked). It can be sent again (retries, authentication replays,
/// identical bytes each time) when every part can: bytes, text, JSON and files always can, a
/// stream part only when made `replayable`.
///
/// Each request gets a new random boundary unless ``boundary`` is set. The boundary is checked
/// not to occur in any part held in memory (text, JSON, bytes): a random one is then drawn again,
/// a fixed one fails the call with ``InvalidRequestReason/multipartBoundaryCollision(part:)``.
/// File and stream parts are not read ahead to check; a random boundary has 144 bits of
/// randomness, so a file holding it by chance is not a practical concern.
///
/// Field names and file names are escaped as browsers do (the HTML standard's algorithm, which
/// RFC 7578 defers to): `"` becomes `%22`, CR `%0D` and LF `%0A`; other characters, non-ASCII
/// included, are sent as UTF-8. No `filename*` parameter is added: RFC 7578 section 4.2 says it
/// must not be used in form data.
public struct MultipartForm: Sendable {
    /// One part of a form.
    public struct Part: Sendable {
        /// What a part holds.
        public enum Content: Sendable {
            /// Text, sent as UTF-8.
            case text(String)
            /// A value encoded with the service's JSON encoder when the request is sent.
            case json(any Encodable & Sendable)
            /// Bytes in memory.
            case bytes(Data)
            /// The file at this URL, read in chunks while it is sent.
            case file(URL)
            /// A body of any kind: a stream part (of unknown length when its length is `nil`).
            case body(HTTPBody)
        }

        /// The field name (`name="…"`).
        public var name: String
        /// The file name (`filename="…"`), for file parts; `nil` for fields.
        public var fileName: String?
        /// The part's `Content-Type`; `nil` sends none (a plain field, `text/plain` by default).
        public var contentType: String?
        /// What the part holds.
        public var content: Content

        /// A part named `name` holding `content`.
        public init(name: String, fileName: String? = nil, contentType: String? = nil, content: Content) {
            self.name = name
            self.fileName = fileName
            self.contentType = contentType
            self.content = content
        }
    }

    /// The parts in the order they are sent.
    public var parts: [Part]
    /// The boundary between parts; `nil` (the default) draws a new random one for each request.
    /// Set it only where the bytes must be predictable (tests); a boundary that occurs in a text,
    /// JSON or bytes part fails the call.
    public var boundary: String?
    /// Fields given a NaN or infinite number: encoding the form fails with
    /// ``InvalidRequestReason/nonFiniteNumber(parameter:)``.
    var nonFiniteFields: [String] = []

    /// An empty form.
    public init(boundary: String? = nil) {
        self.parts = []
        self.boundary = boundary
    }

    /// Appends a text or scalar field with the same formatting as query items (booleans as
    /// `true`/`false`, dates as ISO-8601); `nil` is omitted and a list adds one part per element.
    public mutating func add(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        let parameter = value.parameterValue
        if parameter.holdsNonFiniteNumber { nonFiniteFields.append(name) }
        for text in parameter.repeatedTexts {
            parts.append(Part(name: name, content: .text(text)))
        }
    }

    /// Appends a text field with a `Content-Type` of its own (`text/plain; charset=utf-8`, say).
    public mutating func addText(_ name: String, _ text: String, contentType: String? = nil) {
        parts.append(Part(name: name, contentType: contentType, content: .text(text)))
    }

    /// Appends `value` encoded as JSON with the service's encoder (the same as a ``RequestBody/json(_:)``
    /// body), as `application/json` unless `contentType` says otherwise; `nil` is omitted.
    public mutating func addJSON(_ name: String, _ value: (some Encodable & Sendable)?, contentType: String = "application/json") {
        guard let value else { return }
        parts.append(Part(name: name, contentType: contentType, content: .json(value)))
    }

    /// Appends a file part: `file`'s name, and its content type unless `contentType` replaces it;
    /// `nil` is omitted. A file on disk is read while sending; one that cannot be read fails the
    /// call before anything is sent, with ``InvalidRequestReason/bodyFileUnreadable(path:reason:)``.
    public mutating func addFile(_ name: String, _ file: UploadFile?, contentType: String? = nil) {
        guard let file else { return }
        let content: Part.Content = switch file.contents {
        case .file(let url): .file(url)
        case .bytes(let data): .bytes(data)
        }
        parts.append(Part(name: name, fileName: file.fileName, contentType: contentType ?? file.contentType, content: content))
    }

    /// Appends raw bytes, as a file part when `fileName` is given.
    public mutating func addData(
        _ name: String, _ data: Data, fileName: String? = nil, contentType: String = "application/octet-stream"
    ) {
        parts.append(Part(name: name, fileName: fileName, contentType: contentType, content: .bytes(data)))
    }

    /// Appends a part whose bytes `chunks` produces while the request is sent. With `length`
    /// `nil` the whole body's length is unknown and it is sent chunked; a stream that ends at
    /// another length than `length` fails the call. Only a `replayable` stream (one whose every
    /// iteration starts over) lets the request be sent again.
    public mutating func addStream<Chunks: AsyncSequence & Sendable>(
        _ name: String, _ chunks: Chunks, length: Int? = nil, replayable: Bool = false, fileName: String? = nil,
        contentType: String = "application/octet-stream"
    ) where Chunks.Element == Data {
        let body = HTTPBody(chunks, length: length, replayable: replayable)
        parts.append(Part(name: name, fileName: fileName, contentType: contentType, content: .body(body)))
    }

    /// Appends a part holding `body` as it is (bytes, a file or a stream).
    public mutating func addBody(_ name: String, _ body: HTTPBody, fileName: String? = nil, contentType: String? = nil) {
        parts.append(Part(name: name, fileName: fileName, contentType: contentType, content: .body(body)))
    }
}
