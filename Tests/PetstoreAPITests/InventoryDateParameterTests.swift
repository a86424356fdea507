import Courier
import CourierTestServer
import Foundation
import PetstoreAPI
import Testing

/// The plugin-generated `recount` endpoint sends its date parameters as the spec says: `format:`
/// where a parameter has one, the service's ISO-8601 otherwise, and an HTTP date in
/// `If-Unmodified-Since`.
@Suite struct InventoryDateParameterTests {
    @Test func dateParametersTravelInTheirSpecFormats() async throws {
        let server = try TestServer()
        server.route(.post, "/v2/stock/{petID}/recounts") { _ in .status(204) }
        server.start()
        defer { server.stop() }
        let inventory = try InventoryClient(client: Client(
            service: Inventory.service().with(baseURL: server.baseURL.appendingPathComponent("v2")),
            transport: URLSessionTransport()))
        let moment = Date(timeIntervalSince1970: 1_700_000_000)
        try await inventory.recount(
            petID: 2, since: moment, days: [moment, moment.addingTimeInterval(86_400)],
            until: moment.addingTimeInterval(0.5), ifUnmodifiedSince: moment)
        let sent = try #require(server.requests.last)
        #expect(sent.queryValues("since") == ["1700000000"])
        #expect(sent.queryValues("days") == ["2023-11-14", "2023-11-15"])
        #expect(sent.queryValues("until") == ["2023-11-14T22:13:20.500Z"])
        #expect(sent.header("If-Unmodified-Since") == "Tue, 14 Nov 2023 22:13:20 GMT")
    }
}
