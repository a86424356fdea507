import Foundation

extension Redaction {
    /// The most bytes of one text part a log shows.
    static let multipartTextLimit = 2_048

    /// A multipart body for a log, from its list of parts, never its stream: each part's name,
    /// file name, content type and size, and the start of each text or JSON part (at most
    /// `limit` bytes, and at most 2 KB) redacted as a form field of the same name would be.
    func redactedMultipart(_ parts: MultipartManifest, length: Int?, limit: Int) -> String {
        let size = length.map { "\(ByteCount($0))" } ?? "unknown length"
        var lines: [String] = []
        for entry in parts.entries {
            var line = "name=\"\(Redaction.escapingControlCharacters(entry.name))\""
            if let fileName = entry.fileName { line += " filename=\"\(Redaction.escapingControlCharacters(fileName))\"" }
            if let type = entry.contentType { line += " \(Redaction.escapingControlCharacters(type))" }
            line += ", \(entry.length.map { "\(ByteCount($0))" } ?? "unknown length")"
            if let text = entry.text {
                if isSensitive(entry.name) {
                    line += ": \(Redaction.placeholder)"
                } else if !text.isEmpty {
                    line += ": " + redactedBody(text, contentType: entry.contentType ?? "text/plain", limit: min(limit, Redaction.multipartTextLimit))
                }
            }
            lines.append(line)
        }
        return "(multipart/form-data, \(parts.entries.count) parts, \(size)) " + lines.joined(separator: "; ")
    }
}
