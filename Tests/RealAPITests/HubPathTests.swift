import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubPathTests {
    @Test func aMultiSegmentPathKeepsSlashesAndEncodesTheRest() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/hello/contents/docs/guide%20v2/%3Fintro%23.md") { _ in
            .json(#"{"name":"?intro#.md","path":"docs/guide v2/?intro#.md","encoding":"base64","content":""}"#)
        }
        harness.start()
        let file = try await harness.hub.getContent(owner: "octo", repo: "hello", path: "docs/guide v2/?intro#.md", media: .json)
        #expect(file.path == "docs/guide v2/?intro#.md")
    }

    @Test func dotSegmentsAreRefusedWithAClearError() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.start()
        do {
            _ = try await harness.hub.getContent(owner: "octo", repo: "hello", path: "docs/../../admin", media: .raw)
            Issue.record("a dot segment was sent")
        } catch let error as CourierError {
            guard case .invalidRequest(.invalidPathSegment(parameter: "+path", segment: "..")) = error.reason else {
                Issue.record("expected invalidPathSegment, got \(error)")
                return
            }
            #expect("\(error)".contains("path parameter {+path} holds the segment '..'"), "\(error)")
        }
        #expect(harness.server.requests.isEmpty)
    }
}
