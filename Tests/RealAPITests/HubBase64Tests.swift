import Courier
import CourierTestServer
import Foundation
import RealAPI
import Testing

@Suite struct HubBase64Tests {
    private static let file = Data((0..<300).map { UInt8(($0 * 53 + 7) % 256) })

    @Test(arguments: [60, 76])
    func fileContentInWrappedBase64Decodes(width: Int) async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        let content = wrappedBase64(Self.file, every: width)
        let thumbnail = wrappedBase64(Data("thumb".utf8), every: width, separator: "\r\n")
        let body = try JSONSerialization.data(withJSONObject: [
            "name": "logo.png", "path": "assets/logo.png", "encoding": "base64", "content": content,
            "thumbnails": [thumbnail],
        ])
        harness.server.route(.get, "/repos/octo/hello/contents/assets/logo.png") { _ in
            TestServer.Response(status: 200, headers: [.init(name: "Content-Type", value: "application/json")], body: body)
        }
        harness.start()
        let file = try await harness.hub.getContent(owner: "octo", repo: "hello", path: "assets/logo.png", media: .json)
        #expect(file.content == Self.file)
        #expect(file.thumbnails == [Data("thumb".utf8)])
        // Encoding writes one line of standard base64, which decodes to the same value.
        let encoded = try JSONEncoder().encode(file)
        #expect(try JSONDecoder().decode(Hub.FileContent.self, from: encoded) == file)
    }

    @Test func badBase64SaysWhichCharacterAndWhere() async throws {
        let harness = try HubHarness()
        defer { harness.stop() }
        harness.server.route(.get, "/repos/octo/hello/contents/a") { _ in
            .json(#"{"name":"a","path":"a","encoding":"base64","content":"YWJj\nYW*j\n"}"#)
        }
        harness.start()
        do {
            _ = try await harness.hub.getContent(owner: "octo", repo: "hello", path: "a", media: .json)
            Issue.record("bad base64 decoded")
        } catch let error as CourierError {
            #expect(error.kind == .decoding)
            #expect("\(error)".contains("bad character '*' at offset 7"), "\(error)")
            #expect("\(error)".contains("content"), "\(error)")
        }
    }
}
