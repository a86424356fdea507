// Compiled only with the package's AsyncHTTPClient trait, which brings in SwiftNIO.
#if AsyncHTTPClient
import Courier
import HTTPTypes
import NIOHTTP1

/// The conversions between Courier's HTTP types and SwiftNIO's that both of AsyncHTTPClient's
/// APIs (the async one and the delegate one) need.
enum NIOConversions {
    /// The URL AsyncHTTPClient is asked for: `request`'s scheme, authority and path.
    static func url(of request: PreparedRequest) -> String {
        let head = request.http
        return "\(head.scheme ?? "https")://\(head.authority ?? "")\(head.path ?? "/")"
    }

    /// `request`'s header fields as NIO's headers.
    static func headers(of request: PreparedRequest) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for field in request.http.headerFields { headers.add(name: field.name.rawName, value: field.value) }
        return headers
    }

    /// Courier's response head for NIO's status and headers; fields whose names are not valid
    /// HTTP tokens are left out. Also the `Content-Length` value (several joined by ", ", as
    /// `HTTPFields` joins them), read on the way so that the exchange does not look it up twice
    /// per call (each lookup scans the fields and joins their values into a new string).
    static func response(status: HTTPResponseStatus, headers: HTTPHeaders) -> (head: HTTPResponse, contentLength: String?) {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        var contentLength: String?
        for (name, value) in headers {
            guard let name = fieldName(name) else { continue }
            if name == .contentLength { contentLength = contentLength.map { $0 + ", " + value } ?? value }
            fields.append(HTTPField(name: name, value: value))
        }
        // The delegate API can hand over a head whose phrase is empty (a response that arrives
        // while the request body is still being sent); the standard phrase keeps statuses equal
        // whichever way they came.
        let phrase = status.reasonPhrase.isEmpty ? HTTPResponseStatus(statusCode: Int(status.code)).reasonPhrase : status.reasonPhrase
        return (HTTPResponse(status: .init(code: Int(status.code), reasonPhrase: phrase), headerFields: fields), contentLength)
    }

    /// The field name for `raw`: one of the names most responses carry when spelled exactly so
    /// (no validation and no lower-casing, which showed in every call's profile), else a name
    /// checked and made.
    static func fieldName(_ raw: String) -> HTTPField.Name? {
        for known in commonNames where known.rawName == raw { return known }
        return HTTPField.Name(raw)
    }

    private static let commonNames: [HTTPField.Name] = [
        .contentType, .contentLength, .connection, .date, .server, .cacheControl, .eTag, .lastModified,
        .transferEncoding, .contentEncoding, .vary, .expires, .age, .location, .setCookie,
    ]
}
#endif
