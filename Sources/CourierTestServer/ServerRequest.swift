import Foundation

extension TestServer {
    /// An HTTP method as the server matches it, such as `.get` or `"PATCH"`.
    public struct Method: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The method token as sent on the request line, upper case.
        public var name: String

        /// Creates a method from its token.
        public init(_ name: String) { self.name = name.uppercased() }
        /// Creates a method from a string literal.
        public init(stringLiteral value: String) { self.init(value) }

        /// `GET`
        public static let get = Method("GET")
        /// `POST`
        public static let post = Method("POST")
        /// `PUT`
        public static let put = Method("PUT")
        /// `PATCH`
        public static let patch = Method("PATCH")
        /// `DELETE`
        public static let delete = Method("DELETE")
        /// `HEAD`
        public static let head = Method("HEAD")

        /// The token.
        public var description: String { name }
    }

    /// A name and value pair: a header field or a query item.
    public struct Field: Sendable, Hashable, Codable {
        /// The name as received (query names percent-decoded).
        public var name: String
        /// The value as received (query values percent-decoded).
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A request exactly as it arrived: the target is kept percent-encoded so tests can assert
    /// what went on the wire.
    public struct Request: Sendable {
        /// The method.
        public var method: Method
        /// The request target as sent, path and query, still percent-encoded (`/files/..%2Fadmin?q=a%20b`).
        public var target: String
        /// The header fields in the order received.
        public var headers: [Field]
        /// The body bytes (empty when there was none); a chunked body arrives here de-chunked.
        public var body: Data
        /// Values matched by `{name}` placeholders of the route, still percent-encoded.
        public var pathParameters: [String: String] = [:]

        /// The path part of ``target``, still percent-encoded.
        public var path: String {
            target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
        }

        /// The raw query after `?`, still percent-encoded; `nil` when there is no `?`.
        public var query: String? {
            target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) }
        }

        /// The query items in order, names and values percent-decoded (`+` is kept as is).
        public var queryItems: [Field] {
            guard let query, !query.isEmpty else { return [] }
            return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                let value = parts.count > 1 ? String(parts[1]) : ""
                return Field(name: name.removingPercentEncoding ?? name, value: value.removingPercentEncoding ?? value)
            }
        }

        /// All values of the query item `name`, in order.
        public func queryValues(_ name: String) -> [String] {
            queryItems.filter { $0.name == name }.map(\.value)
        }

        /// The first value of header `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    /// What ``Response/echo(_:)`` sends back: the request as the server saw it, as JSON.
    public struct Echo: Sendable, Codable, Hashable {
        /// The method token.
        public var method: String
        /// The path, still percent-encoded.
        public var path: String
        /// The raw query, still percent-encoded, or `nil`.
        public var query: String?
        /// The query items, percent-decoded.
        public var queryItems: [Field]
        /// The header fields in order.
        public var headers: [Field]
        /// The body as UTF-8 text (invalid bytes replaced).
        public var body: String
        /// The body bytes, Base64-encoded.
        public var bodyBase64: String

        /// Describes `request`.
        public init(_ request: Request) {
            self.method = request.method.name
            self.path = request.path
            self.query = request.query
            self.queryItems = request.queryItems
            self.headers = request.headers
            self.body = request.bodyText
            self.bodyBase64 = request.body.base64EncodedString()
        }

        /// The first value of header `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }

        /// All values of the query item `name`, in order.
        public func queryValues(_ name: String) -> [String] {
            queryItems.filter { $0.name == name }.map(\.value)
        }
    }
}
