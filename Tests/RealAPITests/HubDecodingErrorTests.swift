import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubDecodingErrorTests {
    @Test func decodingErrorsNameTheWireKeys() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/app") { _ in .json(#"{"owner":{"login":"octo","latest_repository":{"owner":{"login":"o"}}}}"#) }
        harness.server.route(.get, "/events") { _ in .json(#"[{"id":1,"actor":{"type":"user","login":"a","site_admin":"yes"},"labels":[]}]"#) }
        harness.start()
        do {
            _ = try await harness.hub.getRepository(owner: "octo", repo: "app")
            Issue.record("decoded without full_name")
        } catch let error as CourierError {
            #expect("\(error)".contains(#"missing key "full_name""#), "\(error)")
        }
        do {
            _ = try await harness.hub.listEvents()
            Issue.record("decoded a string as a Bool")
        } catch let error as CourierError {
            #expect("\(error)".contains("[0].actor.site_admin"), "\(error)")
        }
    }
}
