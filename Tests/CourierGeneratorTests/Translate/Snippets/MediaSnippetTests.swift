import CourierGenerator
import CourierSpec
import Testing

@Suite struct MediaSnippetTests {
    @Test func mediaBecomeAGenericArgumentAndFixedHeadersAreSet() throws {
        let loaded = SpecLoader().load(source: """
            service: Hub
            baseURL: https://api.example.com
            headers: { Accept: application/json }
            models:
              Repo: { name: String }
            endpoints:
              getRepo:
                get: /repo
                fixedHeaders: { X-Api-Version: "2022-11-28" }
                media:
                  json: { accept: application/vnd.hub+json, response: Repo }
                  diff: { accept: application/vnd.hub.diff, response: String }
                  raw: { accept: application/vnd.hub.raw, response: Data }
            """, file: "specs/snippet.courier.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let (files, diagnostics) = try Rendering.render(loaded.specs)
        #expect(diagnostics.isEmpty)
        let endpoints = try #require(files["snippet.Endpoints.swift"])
        for line in [
            "public struct GetRepoMedia<Value: Sendable>: Sendable {",
            "public static func getRepo<Value: Sendable>(media: GetRepoMedia<Value>) -> Request<Value> {",
            #"var request = Request<Value>(method: .get, path: "/repo", name: "getRepo", decoding: media.decoding)"#,
            #"request.addHeader("X-Api-Version", "2022-11-28")"#,
            #"request.addHeader("Accept", media.accept)"#,
            "extension Hub.GetRepoMedia where Value == Hub.Repo {",
            #"public static var json: Self { Self(accept: "application/vnd.hub+json", decoding: .json) }"#,
            #"public static var diff: Self { Self(accept: "application/vnd.hub.diff", decoding: .string) }"#,
            #"public static var raw: Self { Self(accept: "application/vnd.hub.raw", decoding: .data) }"#,
        ] {
            #expect(endpoints.contains(line), "missing \(line)")
        }
        let client = try #require(files["snippet.Client.swift"])
        #expect(client.contains("public func getRepo<Value: Sendable>(media: Hub.GetRepoMedia<Value>) async throws -> Value {"))
    }
}
