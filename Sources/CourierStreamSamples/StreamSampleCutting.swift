import Foundation

/// Cuts a stream sample's body into its elements' bytes, so that `StubTransport` (CourierTesting)
/// can hand them over and `courier-mock` (CourierMock) write them one at a time: server-sent
/// events at each blank line (comments and other fields stay with the event they precede), JSON
/// Lines after each line end, JSON text sequences before each RS. The pieces joined are the body
/// unchanged. Package-internal: the one copy both modules use, in no product's public API.
package enum StreamSampleCutting {
    /// The body's elements when `contentType` is a stream's (`text/event-stream`,
    /// `application/jsonl`, `application/x-ndjson`, `application/json-seq`); `nil` for any other.
    package static func elements(of body: Data, contentType: String?) -> [Data]? {
        let media = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch media {
        case "text/event-stream": return pieces(of: body, cutAfter: eventEnds(in: body))
        case "application/jsonl", "application/x-ndjson", "application/json-lines":
            return pieces(of: body, cutAfter: body.indices.filter { body[$0] == 0x0A })
        case "application/json-seq":
            return pieces(of: body, cutAfter: body.indices.filter { body[$0] == 0x1E && $0 > body.startIndex }.map { $0 - 1 })
        default: return nil
        }
    }

    /// The offsets of the last byte of each blank line (LF, CR or CR LF after a line end).
    private static func eventEnds(in body: Data) -> [Int] {
        var ends: [Int] = []
        var index = body.startIndex
        var atLineStart = true
        while index < body.endIndex {
            let byte = body[index]
            if byte == 0x0A || byte == 0x0D {
                // A CR LF pair is one line end.
                let end = byte == 0x0D && index + 1 < body.endIndex && body[index + 1] == 0x0A ? index + 1 : index
                if atLineStart { ends.append(end) }
                atLineStart = true
                index = end + 1
            } else {
                atLineStart = false
                index += 1
            }
        }
        return ends
    }

    /// `body` cut after each offset in `cuts` (ascending); the rest after the last cut is a piece too.
    private static func pieces(of body: Data, cutAfter cuts: [Int]) -> [Data] {
        var pieces: [Data] = []
        var start = body.startIndex
        for cut in cuts where cut >= start && cut < body.endIndex {
            pieces.append(body[start...cut])
            start = cut + 1
        }
        if start < body.endIndex { pieces.append(body[start...]) }
        return pieces
    }
}
