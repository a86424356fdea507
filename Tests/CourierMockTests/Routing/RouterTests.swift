#if MockServer
@testable import CourierMock
import Foundation
import Testing

/// Routing over HTTP: paths under the base path or not, the closest template for a path no
/// endpoint has, `405` with `Allow`, `HEAD` from `GET`, and `{+path}` templates.
@Suite struct RouterTests {
    @Test func aPathNoEndpointHasIsA404NamingTheClosestTemplate() async throws {
        let mock = try await MockHarness.start()
        let typo = try await mock.raw("GET", "/v1/pet/7")
        #expect(typo.status == 404)
        #expect(typo.headers["content-type"] == "application/problem+json")
        #expect(typo.json?["closest"] as? String == "/pets/{id}")
        #expect(typo.json?["detail"] as? String == "no endpoint at /v1/pet/7; did you mean /pets/{id}?")
        #expect((typo.json?["paths"] as? [String])?.contains("/auth/login") == true)
        let photos = try await mock.raw("POST", "/pets/7/fotos")
        #expect(photos.json?["closest"] as? String == "/pets/{id}/photos")
        let otherBase = try await mock.raw("GET", "/api/v2/pets/7")
        #expect(otherBase.json?["closest"] as? String == "/pets/{id}", "the rest of the path matches it")
        let far = try await mock.raw("GET", "/v1/completely/elsewhere")
        #expect(far.status == 404 && far.json?["closest"] == nil)
        #expect(mock.lines.withLock { $0 }.first?.hasPrefix("GET /v1/pet/7 404 - problem ") == true)
        try await mock.stop()
    }

    @Test func aKnownPathWithAnotherMethodIsA405WithAllow() async throws {
        let mock = try await MockHarness.start()
        let answer = try await mock.raw("DELETE", "/v1/pets")
        #expect(answer.status == 405)
        #expect(answer.headers["allow"] == "GET, HEAD, POST")
        #expect(answer.json?["detail"] as? String == "/v1/pets takes GET, HEAD, POST, not DELETE")
        let item = try await mock.raw("POST", "/pets/1")
        #expect(item.headers["allow"] == "DELETE, GET, HEAD, PATCH, PUT")
        try await mock.stop()
    }

    @Test func pathsAreServedWithAndWithoutTheBasePathAndHeadAnswersAsGet() async throws {
        let mock = try await MockHarness.start()
        let bare = try await mock.raw("GET", "/pets")
        let based = try await mock.raw("GET", "/v1/pets")
        #expect(bare.status == 200 && based.status == 200 && bare.body == based.body)
        #expect(bare.headers["content-type"] == "application/json")
        let head = try await mock.raw("HEAD", "/v1/pets/1")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-length"] == String(try await mock.raw("GET", "/v1/pets/1").body.count))
        try await mock.stop()
    }

    @Test func reservedExpansionTakesSeveralSegmentsAndTheMostLiteralTemplateWins() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mock-hub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("hub.courier.yaml")
        try """
            courier: 1
            service: Hub
            baseURL: https://api.hub.example.com
            endpoints:
              getContent:
                get: /repos/{owner}/{repo}/contents/{+path}
                path: { owner: String, repo: String, path: String }
                response: String
                sample: content.txt
              getItem:
                get: /items/{id}
                path: { id: Int }
                response: String
                sample: item.txt
              getMine:
                get: /items/mine
                response: String
                sample: mine.txt
            """.write(to: spec, atomically: true, encoding: .utf8)
        for (file, text) in [("content.txt", "content"), ("item.txt", "item"), ("mine.txt", "mine")] {
            try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let mock = try await MockHarness.start(specFiles: [spec.path])
        #expect(try await mock.raw("GET", "/repos/me/app/contents/docs/guide%20v2/intro.md").text == "content")
        #expect(try await mock.raw("GET", "/items/mine").text == "mine")
        #expect(try await mock.raw("GET", "/items/7").text == "item")
        #expect(try await mock.raw("GET", "/items/seven").status == 400)
        try await mock.stop()
    }
}
#endif
