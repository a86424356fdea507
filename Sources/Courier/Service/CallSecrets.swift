import Foundation
import HTTPTypes

/// The secret values of one call, so that text about the call can be scrubbed of them wherever
/// they appear — in a log line, a cURL line, an error description — even under a name nobody
/// marked sensitive, or echoed by the server inside another value.
///
/// The values are the call's credentials and sensitive items: the values of header fields,
/// query items and JSON or form body fields whose names the service's ``Redaction`` calls
/// sensitive (and of `Authorization`, `Proxy-Authorization` and `Cookie` always), and whatever
/// wares registered for the call (the credentials the ``Authenticator`` applied, which outer
/// wares never see on the request). They are worked out the first time something is scrubbed,
/// so a call that logs nothing and fails nowhere pays nothing.
///
/// It never shows them: its description and its mirror are empty, so `dump(error)` of an error
/// carrying it prints no secret. Values shorter than ``minimumLength`` characters are left to
/// name-based redaction: scrubbing every `1` or `ok` from a message would make it unreadable.
package struct CallSecrets: Sendable, CustomStringConvertible, CustomReflectable {
    /// The shortest value scrubbed wherever it appears.
    static let minimumLength = 4
    /// The largest request body searched for sensitive fields (64 KB).
    static let largestSearchedBody = 64 << 10

    private final class Source: Sendable {
        let request: PreparedRequest
        let registered: CallStorage?
        let redaction: Redaction
        /// The request's values, found once; wares' registered values may still grow.
        let found = Locked<Set<String>?>(nil)

        init(request: PreparedRequest, registered: CallStorage?, redaction: Redaction) {
            // An error keeps this for as long as the app keeps the error: not a large upload's
            // body (whose fields are not credentials worth searching anyway).
            var kept = request
            if let body = kept.body, body.data == nil || body.data!.count > CallSecrets.largestSearchedBody {
                // A multipart body's field values are searched from its list of parts.
                kept.body = body.multipart.map { parts in
                    var listed = HTTPBody.empty
                    listed.multipart = parts
                    return listed
                }
            }
            self.request = kept
            self.registered = registered
            self.redaction = redaction
        }
    }

    private let source: Source

    /// The secrets of `request` as it is, with the values wares registered in `storage`.
    init(request: PreparedRequest, storage: CallStorage?, redaction: Redaction) {
        source = Source(request: request, registered: storage, redaction: redaction)
    }

    /// `text` with every secret value replaced by `<redacted>`; `text` itself when it holds none.
    /// A value that a body excerpt's length limit cut in two is replaced too: its start (of at
    /// least ``minimumLength`` characters) right before the cut marker.
    package func scrub(_ text: String) -> String {
        let values = self.values
        guard !values.isEmpty, !text.isEmpty else { return text }
        var result = text
        // Byte for byte (ExactText.swift): Foundation's search traps on a value holding NULs.
        for value in values {
            result = result.replacingExactly(value, with: Redaction.placeholder)
        }
        guard result.containsExactly(Redaction.cutMarker) else { return result }
        for value in values {
            var start = value.dropLast()
            while start.count >= CallSecrets.minimumLength {
                let cut = String(start) + Redaction.cutMarker
                if result.containsExactly(cut) {
                    result = result.replacingExactly(cut, with: Redaction.placeholder + Redaction.cutMarker)
                    break
                }
                start = start.dropLast()
            }
        }
        return result
    }

    /// The values and their spellings (percent-encoded, JSON-escaped), longest first.
    var values: [String] {
        let fromRequest = source.found.withLock { cached -> Set<String> in
            if let cached { return cached }
            var collector = SecretCollector(redaction: source.redaction)
            collector.collect(from: source.request)
            cached = collector.spellings
            return collector.spellings
        }
        let registered = source.registered?.secrets ?? []
        guard !registered.isEmpty else { return fromRequest.sorted { $0.count > $1.count } }
        return fromRequest.union(SecretCollector.spellings(of: registered, redaction: source.redaction)).sorted { $0.count > $1.count }
    }

    /// The service's redaction, which names the fields text about the call hides.
    var redaction: Redaction { source.redaction }

    /// Never the values.
    package var description: String { "CallSecrets(\(Redaction.placeholder))" }

    /// No children: `dump` and debuggers show nothing of the values.
    package var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension CallContext {
    /// Registers `values` as secrets of this call: text about the call (log lines, cURL lines,
    /// error descriptions) never shows them, wherever they appear. For wares that put credentials
    /// on a request; values shorter than four characters are left to name-based redaction.
    public func registerSecrets(_ values: [String]) {
        storage.addSecrets(values.filter { $0.utf8.count >= CallSecrets.minimumLength })
    }

    /// Registers the values of `parameters` (a request's path parameters) whose names the
    /// service's ``Redaction`` calls sensitive: a path carries no names, so by-name redaction
    /// cannot find them there.
    func registerSensitivePathParameters(_ parameters: [String: String]) {
        let redaction = service.redaction
        var values: [String] = []
        for (key, value) in parameters {
            // A multi-segment parameter (`{+path}`) is kept under `+name`; its name is `name`.
            guard key.hasPrefix("+") else {
                if redaction.isSensitive(key) { values.append(value) }
                continue
            }
            guard redaction.isSensitive(key.dropFirst()) else { continue }
            // Its `/` go out as they are, each segment encoded: every segment is a secret too.
            values.append(value)
            values += value.split(separator: "/").map(String.init)
        }
        if !values.isEmpty { registerSecrets(values) }
    }

    /// The secrets of this call as `request` carries them, for scrubbing text about it (log
    /// lines, errors, a tracing span's URL and name); values wares register later count too.
    package func secrets(of request: PreparedRequest) -> CallSecrets {
        CallSecrets(request: request, storage: storage, redaction: service.redaction)
    }
}

/// Where one call's secrets are: the values wares registered, and the names the service's
/// redaction calls sensitive. A prepared request carries it (``PreparedRequest/secretSource``),
/// so that the transports' redirect rules can tell whether its body may go to another origin.
package struct CallSecretSource: Sendable {
    let storage: CallStorage
    let redaction: Redaction
}

extension PreparedRequest {
    /// Whether the body carries a secret of the call: a JSON, form or multipart field whose name
    /// the redaction calls sensitive (the standard names for a request built by hand), or a value
    /// registered as the call's secret. Worked out only when a redirect would take the body to
    /// another origin; a body from a file or a stream is not searched.
    package var bodyCarriesSecrets: Bool {
        guard let body else { return false }
        let redaction = secretSource?.redaction ?? .standard
        var named = SecretCollector(redaction: redaction)
        named.collectBody(of: self)
        if named.foundSensitiveField { return true }
        guard let registered = secretSource?.storage.secrets, !registered.isEmpty else { return false }
        let texts: [Data] = body.data.map { [$0] } ?? body.multipart?.entries.compactMap(\.text) ?? []
        guard !texts.isEmpty else { return false }
        return SecretCollector.spellings(of: registered, redaction: redaction).contains { value in
            let bytes = Data(value.utf8)
            return texts.contains { $0.range(of: bytes) != nil }
        }
    }
}

/// Finds a request's secret values by name.
private struct SecretCollector {
    let redaction: Redaction
    private(set) var spellings: Set<String> = []
    /// A field the redaction calls sensitive was found, even one too short to be in ``spellings``.
    private(set) var foundSensitiveField = false

    init(redaction: Redaction) {
        self.redaction = redaction
    }

    /// Every spelling under which `values` may travel.
    static func spellings(of values: some Sequence<String>, redaction: Redaction) -> Set<String> {
        var collector = SecretCollector(redaction: redaction)
        for value in values { collector.add(value) }
        return collector.spellings
    }

    mutating func add(_ value: String) {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= CallSecrets.minimumLength else { return }
        spellings.insert(trimmed)
        if let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed), encoded != trimmed {
            spellings.insert(encoded)
        }
        if let decoded = trimmed.removingPercentEncoding, decoded != trimmed, decoded.count >= CallSecrets.minimumLength {
            spellings.insert(decoded)
        }
        if trimmed.containsExactly("/") { spellings.insert(trimmed.replacingExactly("/", with: "\\/")) }
    }

    mutating func collect(from request: PreparedRequest) {
        for field in request.http.headerFields where isCredential(field.name) {
            add(field.value)
            // `Bearer <token>`, `Basic <base64>`: the credential alone may be echoed too.
            if let space = field.value.firstIndex(of: " ") { add(String(field.value[field.value.index(after: space)...])) }
            if field.name == .cookie {
                for pair in field.value.split(separator: ";") {
                    if let equals = pair.firstIndex(of: "=") { add(String(pair[pair.index(after: equals)...])) }
                }
            }
        }
        if let path = request.http.path, let question = path.firstIndex(of: "?") {
            collectPairs(path[path.index(after: question)...])
        }
        collectBody(of: request)
    }

    /// The values of the body's sensitive fields: JSON, form, and a multipart form's text parts.
    mutating func collectBody(of request: PreparedRequest) {
        if let parts = request.body?.multipart {
            collectFields(of: parts)
            return
        }
        guard let body = request.body?.data, !body.isEmpty else { return }
        let type = request.http.headerFields[.contentType]?.lowercased() ?? ""
        if type.contains("x-www-form-urlencoded") {
            collectPairs(Substring(String(decoding: body, as: UTF8.self)))
        } else if type.contains("json") || body.first == UInt8(ascii: "{") {
            if let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) { collectJSON(object, sensitive: false) }
        }
    }

    /// The values of a multipart form's sensitive text fields, and of sensitive keys in its JSON parts.
    private mutating func collectFields(of parts: MultipartManifest) {
        for entry in parts.entries {
            guard let text = entry.text, text.count <= CallSecrets.largestSearchedBody else { continue }
            if redaction.isSensitive(entry.name) {
                foundSensitiveField = true
                add(String(decoding: text, as: UTF8.self))
            } else if entry.contentType?.lowercased().contains("json") == true,
                      let object = try? JSONSerialization.jsonObject(with: text, options: [.fragmentsAllowed]) {
                collectJSON(object, sensitive: false)
            }
        }
    }

    private func isCredential(_ name: HTTPField.Name) -> Bool {
        name == .authorization || name == .proxyAuthorization || name == .cookie || redaction.isSensitive(name)
    }

    private mutating func collectPairs(_ text: Substring) {
        for pair in text.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals]
            guard redaction.isSensitive(name.removingPercentEncoding ?? String(name)) else { continue }
            foundSensitiveField = true
            add(String(pair[pair.index(after: equals)...]))
        }
    }

    private mutating func collectJSON(_ value: Any, sensitive: Bool) {
        switch value {
        case let object as [String: Any]:
            for (key, inner) in object { collectJSON(inner, sensitive: sensitive || redaction.isSensitive(key)) }
        case let array as [Any]:
            for inner in array { collectJSON(inner, sensitive: sensitive) }
        case let text as String where sensitive:
            foundSensitiveField = true
            add(text)
        case let number as NSNumber where sensitive:
            foundSensitiveField = true
            add(number.stringValue)
        default:
            break
        }
    }
}

extension CharacterSet {
    /// What a query value keeps unencoded (RFC 3986 unreserved), as Courier's encoder writes it.
    fileprivate static let urlQueryValueAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
