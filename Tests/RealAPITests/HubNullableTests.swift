import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubNullableTests {
    private static let issueWithoutMilestone = #"{"closed_at":null,"milestone":null,"number":7,"title":"Crash"}"#

    private func start() throws -> HubHarness {
        let harness = try HubHarness()
        harness.server.route(.patch, "/repos/octo/hello/issues/7") { _ in .json(Self.issueWithoutMilestone) }
        harness.start()
        return harness
    }

    @Test func aPatchSendsNullToClearAndLeavesOutWhatIsNil() async throws {
        let harness = try start()
        defer { harness.stop() }
        _ = try await harness.hub.updateIssue(owner: "octo", repo: "hello", number: 7, body: .init(milestone: .null))
        _ = try await harness.hub.updateIssue(owner: "octo", repo: "hello", number: 7, body: .init(title: "Crash"))
        _ = try await harness.hub.updateIssue(owner: "octo", repo: "hello", number: 7, body: .init(milestone: .value(3)))
        let bodies = harness.server.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == [#"{"milestone":null}"#, #"{"title":"Crash"}"#, #"{"milestone":3}"#])
    }

    @Test func aRequiredNullableFieldDecodesNullAndEncodesItBack() async throws {
        let harness = try start()
        defer { harness.stop() }
        let issue = try await harness.hub.updateIssue(owner: "octo", repo: "hello", number: 7, body: .init())
        #expect(issue.milestone == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // The null that came in goes out; the plain optional `closedAt` is left out when nil.
        #expect(String(decoding: try encoder.encode(issue), as: UTF8.self) == #"{"milestone":null,"number":7,"title":"Crash"}"#)
    }

    @Test func aMissingRequiredNullableKeyFailsToDecode() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.patch, "/repos/octo/hello/issues/7") { _ in .json(#"{"number":7,"title":"Crash"}"#) }
        harness.start()
        await #expect(throws: CourierError.self) {
            _ = try await harness.hub.updateIssue(owner: "octo", repo: "hello", number: 7, body: .init())
        }
    }
}
