import Foundation
import HTTPTypes

/// Turns typed ``Request`` values into ``PreparedRequest``s for one service.
///
/// Everything that depends only on the service (URL parts, default headers, the JSON encoder)
/// is worked out once, when the client is made.
struct RequestEncoder: Sendable {
    let scheme: String
    let authority: String
    let basePath: String
    let defaultHeaders: HTTPFields
    let defaultHeadersError: CourierError?
    let timeout: Duration
    let maximumResponseSize: Int
    let redirects: RedirectPolicy
    let redaction: Redaction
    let encoder: JSONEncoder

    init(service: ServiceConfiguration) throws {
        guard let parts = URLComponents(url: service.baseURL, resolvingAgainstBaseURL: true),
              let scheme = parts.scheme, let host = parts.percentEncodedHost, !host.isEmpty
        else { throw CourierError.invalidRequest(.invalidBaseURL(service.baseURL.absoluteString)) }
        // Silently dropped, an API key in the base URL's query would simply never be sent.
        let unsent = parts.percentEncodedQuery != nil ? "query"
            : parts.user != nil || parts.password != nil ? "user and password"
            : parts.fragment != nil ? "fragment" : nil
        if let unsent {
            var shown = parts
            (shown.query, shown.user, shown.password, shown.fragment) = (nil, nil, nil, nil)
            throw CourierError.invalidRequest(.baseURLPartNotSent(url: shown.string ?? "\(scheme)://\(host)", part: unsent))
        }
        self.scheme = scheme
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.authority = parts.port.map { "\(bracketed):\($0)" } ?? bracketed
        var path = parts.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
        var headers = HTTPFields()
        var headersError: CourierError?
        for item in service.headers {
            do { try RequestEncoder.append(item, to: &headers) } catch { headersError = error }
        }
        self.defaultHeaders = headers
        self.defaultHeadersError = headersError
        self.timeout = service.timeout
        self.maximumResponseSize = service.maximumResponseSize
        self.redirects = service.redirects
        self.redaction = service.redaction
        self.encoder = service.coding.makeEncoder()
    }

    /// `request` ready for the wire, its response body handed over as its own decoding asks.
    func prepare<Expected>(_ request: Request<Expected>) throws(CourierError) -> PreparedRequest {
        try prepare(request, delivery: request.decoding.delivery)
    }

    /// `request` ready for the wire, its response body to be handed over as `delivery` (the
    /// decoding the call uses, which ``Client/raw(_:)`` replaces).
    func prepare<Expected>(_ request: Request<Expected>, delivery: ResponseDelivery) throws(CourierError) -> PreparedRequest {
        if let defaultHeadersError { throw defaultHeadersError }
        if let refused = request.nonFiniteParameters.first ?? RequestEncoder.firstNonFinite(in: request.query) {
            throw CourierError.invalidRequest(.nonFiniteNumber(parameter: refused))
        }
        var path = basePath
        try PathExpansion.append(request.pathTemplate, parameters: request.pathParameters, to: &path)
        if !request.query.isEmpty {
            path += "?"
            if let followed = request.options[FollowedQueryOption.self], followed.items == request.query {
                path += followed.encoded
            } else {
                RequestEncoder.appendEncoded(request.query, to: &path)
            }
            // Only empty lists (and nils): no query, rather than a bare `?` the server and the
            // cache's key would tell from none.
            if path.utf8.last == UInt8(ascii: "?") { path.removeLast() }
        }
        var fields = defaultHeaders
        if !request.headers.isEmpty { try RequestEncoder.merge(request.headers, into: &fields) }
        let ownContentType = request.headers.contains { $0.name.lowercased() == "content-type" }
        let body = try encodeBody(request.body, fields: &fields, ownContentType: ownContentType)
        try PreparedRequest.checkBodyAllowed(body, method: request.method)
        let http = HTTPRequest(method: request.method, scheme: scheme, authority: authority, path: path, headerFields: fields)
        return PreparedRequest(
            http: http, body: body, responseDelivery: delivery, timeout: request.timeout ?? timeout,
            maximumResponseSize: request.maximumResponseSize ?? maximumResponseSize,
            redirects: request.redirects ?? redirects,
            credentialFields: sensitiveFields(in: fields), acceptableStatus: request.acceptableStatus,
            options: request.options)
    }

    /// The names of `fields` the service's redaction calls sensitive (an `X-Api-Key` default
    /// header, a `sensitive:` header parameter): credentials a cross-origin redirect must drop.
    private func sensitiveFields(in fields: HTTPFields) -> [HTTPField.Name] {
        var names: [HTTPField.Name] = []
        for field in fields where redaction.isSensitive(field.name) && !names.contains(field.name) {
            names.append(field.name)
        }
        return names
    }

    /// `request` as far as it can be built without its parameters and body: what an error names
    /// when the request itself could not be built.
    func unencoded<Expected>(_ request: Request<Expected>) -> PreparedRequest {
        let template = request.pathTemplate.hasPrefix("/") ? request.pathTemplate : "/" + request.pathTemplate
        let http = HTTPRequest(method: request.method, scheme: scheme, authority: authority, path: basePath + template)
        return PreparedRequest(
            http: http, timeout: request.timeout ?? timeout,
            maximumResponseSize: request.maximumResponseSize ?? maximumResponseSize,
            redirects: request.redirects ?? redirects)
    }

    /// The body's bytes, and its `Content-Type` in `fields`: the request's own field when it set
    /// one (`ownContentType`); else the type a form, raw data, a file or a stream says it is,
    /// over a service default (a spec's `Content-Type: application/json` header labelled form
    /// posts and image uploads as JSON); a JSON body takes the service's type when it has one (a
    /// JSON flavour such as `application/vnd.api+json`), `application/json` otherwise.
    private func encodeBody(_ body: RequestBody, fields: inout HTTPFields, ownContentType: Bool) throws(CourierError) -> HTTPBody? {
        /// Sets `type` unless the request set its own.
        func label(_ type: String) {
            if !ownContentType { fields[.contentType] = type }
        }
        switch body.storage {
        case .none:
            return nil
        case .json(let value):
            let data: Data
            do { data = try encoder.encode(value) } catch {
                throw CourierError.invalidRequest(.bodyEncoding(message: "\(error)"))
            }
            if fields[.contentType] == nil { fields[.contentType] = "application/json" }
            return .bytes(data)
        case .form(let items):
            if let refused = RequestEncoder.firstNonFinite(in: items) {
                throw CourierError.invalidRequest(.nonFiniteNumber(parameter: refused))
            }
            var text = ""
            RequestEncoder.appendEncoded(items, to: &text)
            label("application/x-www-form-urlencoded")
            return .bytes(Data(text.utf8))
        case .data(let bytes, let type):
            label(type)
            return .bytes(bytes)
        case .file(let url, let type):
            let file = HTTPBody.file(url)
            guard file.length != nil else {
                throw CourierError.invalidRequest(.bodyFileUnreadable(path: url.lastPathComponent, reason: "not a readable regular file"))
            }
            label(type)
            return file
        case .body(let body, let type):
            label(type)
            return body
        case .multipart(let form):
            let (body, type) = try form.encoded(with: encoder)
            fields[.contentType] = type
            return body
        }
    }

    /// Appends a request's own header fields after the service defaults; a request field
    /// replaces every default field of the same name rather than adding to it.
    private static func merge(_ items: [HeaderItem], into fields: inout HTTPFields) throws(CourierError) {
        var own = HTTPFields()
        for item in items { try append(item, to: &own) }
        for field in own where fields.contains(field.name) { fields[field.name] = nil }
        fields.append(contentsOf: own)
    }

    private static func append(_ item: HeaderItem, to fields: inout HTTPFields) throws(CourierError) {
        guard let name = HTTPField.Name(item.name) else {
            throw CourierError.invalidRequest(.invalidHeaderName(item.name))
        }
        guard HTTPField.isValidValue(item.value) else {
            throw CourierError.invalidRequest(.invalidHeaderValue(name: item.name))
        }
        fields.append(HTTPField(name: name, value: item.value))
    }

    /// The name of the first item holding a NaN or infinite number.
    private static func firstNonFinite(in items: [QueryItem]) -> String? {
        items.first { $0.value.holdsNonFiniteNumber }?.name
    }

    /// `name=value&…` with both sides percent-encoded; lists repeat the name.
    static func appendEncoded(_ items: [QueryItem], to text: inout String) {
        var first = true
        for item in items {
            for value in item.value.repeatedTexts {
                if !first { text += "&" }
                first = false
                percentEncode(item.name, into: &text)
                text += "="
                percentEncode(value, into: &text)
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Keeps RFC 3986 unreserved characters and encodes every other byte.
    static func percentEncode(_ value: String, into text: inout String) {
        if value.utf8.allSatisfy(isUnreserved) {
            text += value
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `byte` is an RFC 3986 unreserved character, kept as it is by percent-encoding.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
