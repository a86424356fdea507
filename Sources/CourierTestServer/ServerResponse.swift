import Foundation

extension TestServer {
    /// What the server does with a request: answer it properly, or misbehave on purpose.
    ///
    /// ```swift
    /// server.route(.get, "/pets") { _ in .json(#"[{"id":1}]"#) }
    /// server.route(.get, "/slow") { _ in .stall }
    /// server.route(.post, "/echo") { .echo($0) }
    /// ```
    public struct Response: Sendable {
        /// How the connection is treated.
        enum Action: Sendable {
            /// Send head and body, with a correct `Content-Length`.
            case respond
            /// Send a head declaring `declaredLength` bytes, then the body, then close.
            case truncate(declaredLength: Int)
            /// Close the connection without writing anything.
            case close
            /// Write nothing and keep the connection open until the peer leaves or the server stops.
            case stall
            /// Carry out these steps byte for byte, then close.
            case script([Step])
        }

        /// The status code.
        public var status: Int
        /// Header fields to send; `Content-Length` is added by the server.
        public var headers: [Field]
        /// The body bytes.
        public var body: Data
        /// How long to wait before answering (bounded by the server stopping).
        public var delay: Duration = .zero
        var action: Action = .respond

        /// Creates a response with a status, header fields and body.
        public init(status: Int, headers: [Field] = [], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A body-less response with `status`, such as `204`.
        public static func status(_ status: Int) -> Response { Response(status: status) }

        /// JSON text with `Content-Type: application/json`.
        public static func json(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: [Field(name: "Content-Type", value: "application/json")], body: Data(text.utf8))
        }

        /// A value encoded as JSON (keys sorted) with `Content-Type: application/json`;
        /// a value that cannot be encoded gives a 500 saying why.
        public static func json(encoding value: some Encodable, status: Int = 200) -> Response {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            do {
                let data = try encoder.encode(value)
                return Response(status: status, headers: [Field(name: "Content-Type", value: "application/json")], body: data)
            } catch {
                return .text("TestServer could not encode the response: \(error)", status: 500)
            }
        }

        /// Plain text with `Content-Type: text/plain; charset=utf-8`.
        public static func text(_ text: String, status: Int = 200) -> Response {
            Response(status: status, headers: [Field(name: "Content-Type", value: "text/plain; charset=utf-8")], body: Data(text.utf8))
        }

        /// HTML with `Content-Type: text/html; charset=utf-8`, as an error page would be.
        public static func html(_ html: String, status: Int = 200) -> Response {
            Response(status: status, headers: [Field(name: "Content-Type", value: "text/html; charset=utf-8")], body: Data(html.utf8))
        }

        /// The request itself as ``Echo`` JSON, so a test can assert what went on the wire.
        public static func echo(_ request: Request) -> Response {
            .json(encoding: Echo(request))
        }

        /// `401 Unauthorized` with `WWW-Authenticate: Basic realm="<realm>"`.
        public static func basicAuthChallenge(realm: String = "x") -> Response {
            Response(
                status: 401,
                headers: [
                    Field(name: "WWW-Authenticate", value: "Basic realm=\"\(realm)\""),
                    Field(name: "Content-Type", value: "text/plain; charset=utf-8"),
                ],
                body: Data("authentication required".utf8))
        }

        /// A head whose `Content-Length` is `declaredLength` although only `body` follows; then
        /// the server closes the connection (a body cut short mid-transfer).
        public static func truncated(body: Data, declaredLength: Int, contentType: String = "application/json") -> Response {
            var response = Response(status: 200, headers: [Field(name: "Content-Type", value: contentType)], body: body)
            response.action = .truncate(declaredLength: declaredLength)
            return response
        }

        /// Closes the connection without answering.
        public static var closeWithoutResponse: Response {
            var response = Response(status: 0)
            response.action = .close
            return response
        }

        /// Never answers: the connection stays open until the client gives up or the server stops.
        public static var stall: Response {
            var response = Response(status: 0)
            response.action = .stall
            return response
        }

        /// This response, sent after `delay`.
        public func delayed(by delay: Duration) -> Response {
            var copy = self
            copy.delay = delay
            return copy
        }

        /// The head and body bytes for ``Action/respond`` or ``Action/truncate(declaredLength:)``.
        func serialized(keepAlive: Bool) -> [UInt8] {
            let length: Int
            if case .truncate(let declared) = action { length = declared } else { length = body.count }
            var head = "HTTP/1.1 \(status) \(Response.reason(for: status))\r\n"
            for field in headers where field.name.lowercased() != "content-length" {
                head += "\(field.name): \(field.value)\r\n"
            }
            head += "Content-Length: \(length)\r\n"
            head += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
            head += "\r\n"
            return Array(head.utf8) + Array(body)
        }

        static func reason(for status: Int) -> String {
            switch status {
            case 200: "OK"
            case 201: "Created"
            case 204: "No Content"
            case 304: "Not Modified"
            case 400: "Bad Request"
            case 401: "Unauthorized"
            case 403: "Forbidden"
            case 404: "Not Found"
            case 500: "Internal Server Error"
            case 503: "Service Unavailable"
            default: "Status"
            }
        }
    }
}
