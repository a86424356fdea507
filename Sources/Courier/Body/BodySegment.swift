import Foundation

/// One run of a body's bytes: in memory, a file of known size, or a body of its own. A
/// multipart body is a list of them; a transport that can send a file without reading it (the
/// kernel copying it to the socket) asks a body for its ``HTTPBody/segments``.
package enum BodySegment: Sendable {
    case bytes(Data)
    case file(URL, size: Int)
    case body(HTTPBody)

    /// How many bytes the segment holds, when known.
    package var length: Int? {
        switch self {
        case .bytes(let data): data.count
        case .file(_, let size): size
        case .body(let body): body.length
        }
    }

    /// Whether the segment can be read again.
    package var isReplayable: Bool {
        if case .body(let body) = self { return body.isReplayable }
        return true
    }

    /// Whether these bytes (in memory) hold `--boundary`; files and streams are not read.
    func contains(delimiter boundary: String) -> Bool {
        guard case .bytes(let data) = self else { return false }
        return data.range(of: Data("--\(boundary)".utf8)) != nil
    }

    /// Appends `segment`, joining it to the last one when both are in memory.
    static func append(_ segment: BodySegment, to segments: inout [BodySegment]) {
        if case .bytes(let next) = segment, case .bytes(let last)? = segments.last {
            segments[segments.count - 1] = .bytes(last + next)
        } else {
            segments.append(segment)
        }
    }
}

extension HTTPBody {
    /// The body as segments when it is made of bytes and files (a file upload, a multipart form),
    /// for a transport that sends files without reading them; `nil` for a stream, whose bytes
    /// only its chunks give.
    package var segments: [BodySegment]? {
        switch storage {
        case .bytes(let data): return [.bytes(data)]
        case .file(let url): return length.map { [.file(url, size: $0)] }
        case .stream: return extras?.segments
        }
    }
}
