import Courier
import CourierTestServer
import Foundation
import HTTPTypes
import RealAPI

/// A loopback server and the generated Hub client pointed at it; each test registers the routes
/// it needs.
struct HubHarness {
    let server: TestServer
    let hub: HubClient

    init() throws {
        server = try TestServer()
        let client = try Client(service: Hub.service().with(baseURL: server.baseURL), transport: URLSessionTransport())
        hub = HubClient(client: client, namedWares: .init(audit: AuditHeader()))
    }

    func start() { server.start() }
    func stop() { server.stop() }
}

/// The named ware `audit` of the spec: marks the requests of the endpoints that name it.
struct AuditHeader: Ware {
    func intercept(_ request: PreparedRequest, context: CallContext, next: Next) async throws -> RawResponse {
        var request = request
        if let name = HTTPField.Name("X-Audit") { request.http.headerFields[name] = context.endpoint }
        return try await next(request, context)
    }
}

/// `bytes` in base64, wrapped every `width` characters with `separator`, as GitHub sends file contents.
func wrappedBase64(_ bytes: Data, every width: Int, separator: String = "\n") -> String {
    let line = bytes.base64EncodedString()
    var lines: [Substring] = []
    var start = line.startIndex
    while start < line.endIndex {
        let end = line.index(start, offsetBy: width, limitedBy: line.endIndex) ?? line.endIndex
        lines.append(line[start..<end])
        start = end
    }
    return lines.joined(separator: separator) + separator
}
