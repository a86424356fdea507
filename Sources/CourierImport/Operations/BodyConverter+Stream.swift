import CourierGenerator
import CourierSpec

/// Streamed responses: `text/event-stream` becomes `stream: { events: … }`, JSON Lines
/// (`application/jsonl`, `application/x-ndjson`) `stream: { lines: … }` and a JSON text sequence
/// (`application/json-seq`) `stream: { sequence: … }`, each element's type from `itemSchema`
/// (OpenAPI 3.2's schema of one item) or `schema`.
extension BodyConverter {
    /// The stream format of a media type, if it is one Courier reads as a stream.
    static func streamFormat(of mediaType: String) -> StreamSetting.Format? {
        let base = mediaType.split(separator: ";").first.map { String($0).trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch base {
        case "text/event-stream": return .events
        case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines": return .lines
        case "application/json-seq": return .sequence
        default: return nil
        }
    }

    /// The media types of `content` that are not streams; with `log`, each stream left out beside
    /// them is reported (an endpoint has either a response or a stream).
    static func documentPairs(
        _ content: DocumentNode?, noting log: ImportLog?
    ) -> [(key: String, keyLocation: SourceLocation, value: DocumentNode)] {
        let pairs = content?.pairs ?? []
        let documents = pairs.filter { streamFormat(of: $0.key) == nil }
        guard let log, let kept = documents.first?.key else { return documents }
        for pair in pairs {
            guard let format = streamFormat(of: pair.key) else { continue }
            log.approximation(
                "stream", pair.value,
                "the response may also stream as \(pair.key); only \(kept) is generated (declare a second endpoint with "
                    + "`stream: { \(format.rawValue): … }` to read the stream)")
        }
        return documents
    }

    /// The stream a success response answers with, when all its media types are streams.
    func streamedResponse(_ response: DocumentNode, status: Int) -> StreamDraft? {
        let pairs = response["content"]?.pairs ?? []
        guard !pairs.isEmpty, let first = pairs.first, let format = Self.streamFormat(of: first.key),
              pairs.allSatisfy({ Self.streamFormat(of: $0.key) != nil })
        else { return nil }
        for other in pairs.dropFirst() where Self.streamFormat(of: other.key) != format {
            log.approximation("stream", other.value, "the response may also stream as \(other.key); only \(first.key) is generated")
        }
        if let headers = response["headers"], headers.pairs?.isEmpty == false {
            log.approximation("header", headers, "headers of a streamed response are not read: its method returns the elements")
        }
        if let example = example(in: first.value) {
            log.approximation("example", example, "an example of a stream is not made into a sample")
        }
        return StreamDraft(format: format, element: streamElement(first.value, format: format, mediaType: first.key))
    }

    /// The type of one element: `itemSchema` (for events, its `data` property's `contentSchema`),
    /// else `schema` (for lines and records, an array schema's items), else `JSON`, reported.
    private func streamElement(_ media: DocumentNode, format: StreamSetting.Format, mediaType: String) -> TypeRef {
        let hint = endpointType + (format == .events ? "Event" : "Item")
        if let itemSchema = media["itemSchema"] {
            guard format == .events else { return jsonType(itemSchema, hint: hint) }
            guard let item = documents.deref(itemSchema), let data = item["properties"]?["data"] else {
                log.approximation(
                    "stream", itemSchema, "itemSchema has no `data` property: read as the schema of each event's data")
                return jsonType(itemSchema, hint: hint)
            }
            if let content = documents.deref(data)?["contentSchema"] { return jsonType(content, hint: hint) }
            log.approximation("stream", data, "the events' data has no contentSchema: each event's data decodes as JSON")
            return .named("JSON")
        }
        if let schema = media["schema"] {
            if format != .events, let resolved = documents.deref(schema), resolved.string("type") == "array",
               let items = resolved["items"] {
                log.approximation("stream", schema, "an array schema of \(mediaType): its items are the type of each element")
                return jsonType(items, hint: hint)
            }
            if format == .events {
                log.approximation("stream", schema, "the schema of text/event-stream is read as the schema of each event's data")
            }
            return jsonType(schema, hint: hint)
        }
        log.approximation("stream", media, "no schema for the elements of \(mediaType): each decodes as JSON")
        return .named("JSON")
    }
}
