import Foundation
import HTTPTypes

extension MultipartForm {
    /// The form as a body and its `Content-Type` (`multipart/form-data; boundary=…`).
    ///
    /// JSON parts are encoded with `encoder`; file parts are only measured (their size makes the
    /// `Content-Length`) and read while sending. Parts held in memory are joined into one body
    /// when every part is in memory; otherwise the body is a stream of the parts' chunks.
    ///
    /// - Throws: ``InvalidRequestReason/bodyEncoding(message:)`` for a JSON part that does not
    ///   encode, ``InvalidRequestReason/bodyFileUnreadable(path:reason:)`` for a file that cannot
    ///   be read, ``InvalidRequestReason/invalidHeaderValue(name:)`` for a content type with CR or
    ///   LF, ``InvalidRequestReason/invalidMultipartBoundary(_:)`` and
    ///   ``InvalidRequestReason/multipartBoundaryCollision(part:)`` for a fixed boundary that is
    ///   malformed or occurs in a part, ``InvalidRequestReason/nonFiniteNumber(parameter:)`` for a
    ///   field given a NaN or infinite number.
    func encoded(with encoder: JSONEncoder) throws(CourierError) -> (body: HTTPBody, contentType: String) {
        if let refused = nonFiniteFields.first { throw CourierError.invalidRequest(.nonFiniteNumber(parameter: refused)) }
        var contents: [BodySegment] = []
        for part in parts { contents.append(try MultipartForm.segment(of: part, encoder: encoder)) }
        let boundary = try chooseBoundary(avoiding: contents)
        var segments: [BodySegment] = []
        var entries: [MultipartManifest.Entry] = []
        for (part, content) in zip(parts, contents) {
            guard part.contentType.map(HTTPField.isValidValue) ?? true else {
                throw CourierError.invalidRequest(.invalidHeaderValue(name: "Content-Type of multipart part \(part.name)"))
            }
            BodySegment.append(.bytes(Data(MultipartForm.head(of: part, boundary: boundary).utf8)), to: &segments)
            BodySegment.append(content, to: &segments)
            BodySegment.append(.bytes(Data("\r\n".utf8)), to: &segments)
            entries.append(MultipartManifest.Entry(part: part, content: content))
        }
        BodySegment.append(.bytes(Data("--\(boundary)--\r\n".utf8)), to: &segments)
        let manifest = MultipartManifest(boundary: boundary, entries: entries)
        let contentType = "multipart/form-data; boundary=\(MultipartForm.parameterValue(boundary))"
        var body: HTTPBody
        if segments.count == 1, case .bytes(let data) = segments[0] {
            body = .bytes(data)
        } else {
            let lengths = segments.map(\.length)
            let length = lengths.contains(nil) ? nil : lengths.reduce(0) { $0 + ($1 ?? 0) }
            let replayable = segments.allSatisfy(\.isReplayable)
            body = HTTPBody(
                storage: .stream(ChunkSource(MultipartChunks(segments: segments), replayable: replayable)),
                length: length, isReplayable: replayable)
        }
        body.extras = BodyExtras(multipart: manifest, segments: segments)
        return (body, contentType)
    }

    /// What `part` sends, measured: its bytes when they are in memory.
    private static func segment(of part: Part, encoder: JSONEncoder) throws(CourierError) -> BodySegment {
        switch part.content {
        case .text(let text):
            return .bytes(Data(text.utf8))
        case .json(let value):
            do { return .bytes(try encoder.encode(value)) } catch {
                throw CourierError.invalidRequest(.bodyEncoding(message: "multipart part \(part.name): \(error)"))
            }
        case .bytes(let data):
            return .bytes(data)
        case .file(let url):
            guard let size = FileChunkReader.size(of: url) else {
                throw CourierError.invalidRequest(.bodyFileUnreadable(path: url.lastPathComponent, reason: "not a readable regular file"))
            }
            return .file(url, size: size)
        case .body(let body):
            if let data = body.data { return .bytes(data) }
            if let url = body.fileURL {
                guard let size = body.length else {
                    throw CourierError.invalidRequest(.bodyFileUnreadable(path: url.lastPathComponent, reason: "not a readable regular file"))
                }
                return .file(url, size: size)
            }
            return .body(body)
        }
    }

    /// The fixed ``boundary`` once checked, or a random one that occurs in no part in memory.
    private func chooseBoundary(avoiding contents: [BodySegment]) throws(CourierError) -> String {
        if let boundary {
            guard MultipartForm.isValidBoundary(boundary) else {
                throw CourierError.invalidRequest(.invalidMultipartBoundary(boundary))
            }
            if let index = contents.firstIndex(where: { $0.contains(delimiter: boundary) }) {
                throw CourierError.invalidRequest(.multipartBoundaryCollision(part: parts[index].name))
            }
            return boundary
        }
        while true {
            let candidate = MultipartForm.randomBoundary()
            if !contents.contains(where: { $0.contains(delimiter: candidate) }) { return candidate }
        }
    }

    /// A new boundary: `courier-` and 24 characters from a 64-character set (144 random bits).
    static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        let random = (0..<24).map { _ in alphabet[Int(generator.next() & 63)] }
        return "courier-" + String(decoding: random, as: UTF8.self)
    }

    /// `boundary` as a `Content-Type` parameter value: as it is when it is a token, quoted when it
    /// holds a space or one of `( ) , / : = ?`, which RFC 2046 allows in a boundary but a token
    /// does not (unquoted, a parser reads `boundary=my part` as `my`). A boundary holds no `"` or
    /// `\`, so quoting needs no escapes.
    static func parameterValue(_ boundary: String) -> String {
        let token = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&'*+-.^_`|~".utf8)
        return boundary.utf8.allSatisfy(token.contains) ? boundary : "\"\(boundary)\""
    }

    /// Whether `boundary` is 1 to 70 of RFC 2046's boundary characters, not ending in a space.
    static func isValidBoundary(_ boundary: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'()+_,-./:=? ".utf8)
        return (1...70).contains(boundary.utf8.count) && boundary.utf8.allSatisfy(allowed.contains) && boundary.last != " "
    }

    /// The delimiter line and header fields that open `part`.
    static func head(of part: Part, boundary: String) -> String {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(escaped(part.name))\""
        if let fileName = part.fileName { head += "; filename=\"\(escaped(fileName))\"" }
        head += "\r\n"
        if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
        return head + "\r\n"
    }

    /// A field or file name as browsers write it in a quoted parameter (the HTML standard's
    /// multipart/form-data encoding): `"` as `%22`, CR as `%0D`, LF as `%0A`, the rest as UTF-8.
    static func escaped(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == 13 || $0 == 10 }) else { return name }
        var output = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": output += "%22"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

/// The chunks of a multipart body: its segments in order, files read 1 MB at a time while
/// sending. Each iteration starts over from the first segment.
struct MultipartChunks: AsyncSequence, Sendable {
    typealias Element = Data

    /// How much of a file part one read takes. Each chunk costs a turn of the transport's body
    /// loop: on AsyncHTTPClient a 1 GiB upload took about twice as long in 64 KB reads as in
    /// 1 MB reads (measured with `transport-probe`), which hold about 5 MB above idle.
    static let fileReadSize = 1 << 20

    let segments: [BodySegment]

    func makeAsyncIterator() -> Iterator { Iterator(segments: segments) }

    struct Iterator: AsyncIteratorProtocol {
        enum Reader {
            case file(FileChunkReader)
            case body(HTTPBody.Chunks.Iterator)
        }

        let segments: [BodySegment]
        var index = 0
        var reader: Reader?

        init(segments: [BodySegment]) {
            self.segments = segments
        }

        mutating func next() async throws -> Data? {
            while true {
                switch reader {
                case .file(let file)?:
                    if let chunk = try file.next() { return chunk }
                    reader = nil
                case .body(var chunks)?:
                    let chunk = try await chunks.next()
                    reader = chunk == nil ? nil : .body(chunks)
                    if let chunk { return chunk }
                case nil:
                    guard index < segments.count else { return nil }
                    let segment = segments[index]
                    index += 1
                    switch segment {
                    case .bytes(let data): if !data.isEmpty { return data }
                    case .file(let url, let size): reader = .file(FileChunkReader(url: url, length: size, readSize: MultipartChunks.fileReadSize))
                    case .body(let body): reader = .body(body.chunks().makeAsyncIterator())
                    }
                }
            }
        }
    }
}
