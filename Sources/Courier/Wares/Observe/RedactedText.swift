import Foundation
import HTTPTypes

/// How Courier prints requests and bodies without secrets: header values, query items and
/// JSON or form fields whose names are sensitive become `<redacted>`.
extension Redaction {
    /// `name: value` lines of `fields`, sensitive values redacted.
    public func redactedHeaderLines(_ fields: HTTPFields) -> [String] {
        fields.map {
            "\($0.name.rawName): \(isSensitive($0.name) ? Redaction.placeholder : Redaction.escapingControlCharacters($0.value))"
        }
    }

    /// `body` as text for a log, as ``redactedBody(_:contentType:limit:)-(Data,_,_)`` gives it for
    /// bytes in memory; a stream or a file is described (kind, length and content type), never
    /// read; a multipart form is listed part by part (names, file names, types, sizes and the
    /// start of its text parts, redacted by name like form fields).
    public func redactedBody(_ body: HTTPBody, contentType: String?, limit: Int) -> String {
        if let parts = body.multipart { return redactedMultipart(parts, length: body.length, limit: limit) }
        guard let data = body.data else {
            return "(\(body)\(contentType.map { ", \(Redaction.escapingControlCharacters($0))" } ?? ""))"
        }
        return redactedBody(data, contentType: contentType, limit: limit)
    }

    /// `body` as text for a log: JSON with sensitive fields redacted (at any depth), a form with
    /// sensitive fields redacted, other UTF-8 text as it is, binary as its size; cut after `limit`
    /// bytes. Control characters are escaped (`\r`, `\n`, `\u{1B}`), so that a body cannot forge
    /// log lines or terminal escapes.
    public func redactedBody(_ body: Data, contentType: String?, limit: Int) -> String {
        guard !body.isEmpty else { return "" }
        let type = contentType?.lowercased() ?? ""
        var text: String
        if type.contains("json") || Self.startsLikeJSON(body) {
            if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
               let data = try? JSONSerialization.data(withJSONObject: redactedJSON(object), options: [.sortedKeys, .fragmentsAllowed]) {
                text = String(decoding: data, as: UTF8.self)
            } else {
                // Malformed or cut short: redact the string values of sensitive keys in the text.
                text = scrubbedJSONText(String(decoding: body, as: UTF8.self))
            }
        } else if type.contains("x-www-form-urlencoded") {
            text = redactedPairs(String(decoding: body, as: UTF8.self))
        } else if let utf8 = String(data: body, encoding: .utf8) {
            text = utf8
        } else {
            return "<\(body.count) bytes>"
        }
        if text.utf8.count > limit {
            text = String(decoding: text.utf8.prefix(limit), as: UTF8.self) + Redaction.cutMarker + " (\(body.count) bytes)"
        }
        return Redaction.escapingControlCharacters(text)
    }

    /// Whether `body` opens an object or an array after any whitespace and byte order mark, as
    /// `JSONDecoder` reads it: a stream element comes without a content type, and a JSON line
    /// with a space before its `{` (or an event whose `data:` starts on a second line) decodes
    /// as JSON, so it is redacted as JSON.
    static func startsLikeJSON(_ body: Data) -> Bool {
        var bytes = body[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// What follows a body cut at its limit; a secret cut there is scrubbed by its start (``CallSecrets``).
    static let cutMarker = "…"

    /// `text` with CR, LF, tab, ESC and every other control character written as an escape, on
    /// one line; `text` itself when it has none (the usual case: nothing is copied).
    static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var output = ""
        output.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": output += "\\r"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case _ where isControl(scalar): output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `a=1&token=<redacted>`: a query or form with sensitive values redacted.
    func redactedPairs(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            return isSensitive(name.removingPercentEncoding ?? String(name)) ? "\(name)=\(Redaction.placeholder)" : String(pair)
        }.joined(separator: "&")
    }

    /// `text` (JSON-like, perhaps malformed) with the string value after every `"sensitive":`
    /// replaced, so that an excerpt of a broken body still shows no secret.
    func scrubbedJSONText(_ text: String) -> String {
        var output = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "\"") {
            output += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else {
                output += rest[open...]
                return output
            }
            let name = rest[afterOpen..<close]
            output += rest[open...close]
            rest = rest[rest.index(after: close)...]
            let spaced = rest.prefix { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" }
            guard isSensitive(name), spaced.contains(":"), rest.dropFirst(spaced.count).first == "\"" else { continue }
            output += spaced + "\"\(Redaction.placeholder)\""
            let valueStart = rest.index(rest.startIndex, offsetBy: spaced.count + 1)
            var cursor = valueStart
            while cursor < rest.endIndex, rest[cursor] != "\"" {
                cursor = rest[cursor] == "\\" ? rest.index(cursor, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex : rest.index(after: cursor)
            }
            rest = cursor < rest.endIndex ? rest[rest.index(after: cursor)...] : ""
        }
        return output + rest
    }

    private func redactedJSON(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, inner) in object { copy[key] = isSensitive(key) ? Redaction.placeholder : redactedJSON(inner) }
            return copy
        }
        if let array = value as? [Any] { return array.map(redactedJSON) }
        return value
    }

    /// A `curl` command that repeats `request`, with every sensitive value redacted.
    public func curl(for request: PreparedRequest) -> String {
        var parts = ["curl", "-X", request.http.method.rawValue]
        for line in redactedHeaderLines(request.http.headerFields) { parts += ["-H", shellQuoted(line)] }
        if let body = request.body, !body.isEmpty {
            if let form = body.multipart {
                parts += curlFields(form)
            } else if let data = body.data {
                parts += ["--data-binary", shellQuoted(redactedBody(data, contentType: request.http.headerFields[.contentType], limit: .max))]
            } else if let file = body.fileURL {
                parts += ["--data-binary", shellQuoted("@\(file.lastPathComponent)")]
            } else {
                parts += ["--data-binary", shellQuoted("@-")]
            }
        }
        parts.append(shellQuoted(redactedURL(of: request.http)))
        return parts.joined(separator: " ")
    }

    /// `-F` options for a multipart form's parts: text fields with their (redacted) values,
    /// files by name, streams and bytes as `@-`.
    private func curlFields(_ form: MultipartManifest) -> [String] {
        form.entries.flatMap { entry -> [String] in
            let type = entry.contentType.map { ";type=\($0)" } ?? ""
            let value: String
            if let fileName = entry.fileName {
                value = "@\(fileName)\(type)"
            } else if let text = entry.text {
                // A JSON part's fields are redacted by name, as in a JSON body.
                value = isSensitive(entry.name) ? Redaction.placeholder
                    : entry.contentType?.lowercased().contains("json") == true
                    ? redactedBody(text, contentType: entry.contentType, limit: .max)
                    : String(decoding: text, as: UTF8.self)
            } else {
                value = "@-\(type)"
            }
            return ["-F", shellQuoted("\(entry.name)=\(Redaction.escapingControlCharacters(value))")]
        }
    }

    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingExactly("'", with: "'\\''") + "'"
    }
}
