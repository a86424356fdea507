import Foundation

/// What a multipart body holds, part by part, for logs: names, file names, content types and
/// sizes, and the bytes of the parts that were in memory as text (fields and JSON), so that a log
/// can show them without reading the body.
struct MultipartManifest: Sendable {
    /// One part as a log describes it.
    struct Entry: Sendable {
        let name: String
        let fileName: String?
        let contentType: String?
        let length: Int?
        /// The bytes of a text field or JSON part; `nil` for files, bytes and streams.
        let text: Data?

        init(part: MultipartForm.Part, content: BodySegment) {
            name = part.name
            fileName = part.fileName
            contentType = part.contentType
            length = content.length
            switch (part.content, content) {
            case (.text, .bytes(let data)), (.json, .bytes(let data)): text = data
            default: text = nil
            }
        }
    }

    /// The boundary the body uses.
    let boundary: String
    /// The parts in order.
    let entries: [Entry]
}

extension HTTPBody {
    /// The parts of a body made from a ``MultipartForm`` (``RequestBody/multipart(_:)``), for logs;
    /// `nil` for any other body.
    var multipart: MultipartManifest? {
        get { extras?.multipart }
        set { extras = newValue.map { BodyExtras(multipart: $0, segments: extras?.segments) } }
    }
}

/// What a few bodies carry besides their bytes, boxed so that every other body stays small.
final class BodyExtras: Sendable {
    let multipart: MultipartManifest?
    /// The runs of bytes a stream is made of, when they are bytes and files (``HTTPBody/segments``).
    let segments: [BodySegment]?

    init(multipart: MultipartManifest?, segments: [BodySegment]? = nil) {
        self.multipart = multipart
        self.segments = segments
    }
}
