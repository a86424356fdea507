import Courier
import Foundation
import HTTPTypes

/// Keeps every request it is given and answers each with `respond` (by default `200` and `ok`).
final class CapturingTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var captured: [PreparedRequest] = []
    private let respond: @Sendable (PreparedRequest) -> RawResponse

    init(respond: @escaping @Sendable (PreparedRequest) -> RawResponse = { _ in
        RawResponse(http: HTTPResponse(status: .ok, headerFields: [.contentType: "text/plain"]), body: Data("ok".utf8))
    }) {
        self.respond = respond
    }

    var requests: [PreparedRequest] {
        lock.withLock { captured }
    }

    func send(_ request: PreparedRequest, context: TransportContext) async throws -> RawResponse {
        lock.withLock { captured.append(request) }
        return respond(request)
    }
}
