import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubMediaTests {
    private static let route = "/repos/octo/hello/contents/README.md"

    private func start() throws -> HubHarness {
        let harness = try HubHarness()
        harness.server.route(.get, Self.route) { request in
            let accept = request.headers.first { $0.name.lowercased() == "accept" }?.value
            if accept == "application/vnd.hub.raw" { return .text("# Hello\n") }
            return .json(#"{"name":"README.md","path":"README.md","encoding":"base64","content":"IyBIZWxsbwo="}"#)
        }
        harness.start()
        return harness
    }

    @Test func theMediaArgumentPicksTheAcceptHeaderAndTheAnswersType() async throws {
        let harness = try start()
        defer { harness.stop() }
        let raw: Data = try await harness.hub.getContent(owner: "octo", repo: "hello", path: "README.md", media: .raw)
        let file: Hub.FileContent = try await harness.hub.getContent(owner: "octo", repo: "hello", path: "README.md", media: .json)
        #expect(String(decoding: raw, as: UTF8.self) == "# Hello\n")
        #expect(file.content == Data("# Hello\n".utf8))
        let accepts = harness.server.requests.map { request in request.headers.filter { $0.name.lowercased() == "accept" }.map(\.value) }
        // The endpoint's Accept replaces the service's default (application/json), it is not added beside it.
        #expect(accepts == [["application/vnd.hub.raw"], ["application/vnd.hub+json"]])
    }

    @Test func fixedHeadersReplaceTheServiceDefaultAndAreNoArguments() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/hello/readme") { _ in .text("<h1>Hello</h1>") }
        harness.start()
        #expect(try await harness.hub.getReadme(owner: "octo", repo: "hello") == "<h1>Hello</h1>")
        let headers = try #require(harness.server.requests.first?.headers)
        #expect(headers.filter { $0.name.lowercased() == "accept" }.map(\.value) == ["application/vnd.hub.html"])
        #expect(headers.first { $0.name.lowercased() == "x-hub-api-version" }?.value == "2022-11-28")
    }
}
